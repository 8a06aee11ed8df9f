// Fusion adaptation of the AST structs whose fields the grammar fills positionally.
// (Structs with a single container field, and nodes built by semantic actions, are not adapted:
// X3 would mistake a one-field struct for its container.)
#pragma once

#include "text/parser/ast.hpp"

#include <boost/fusion/include/adapt_struct.hpp>


BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::Atom, name, args)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::Term, name, args)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::SwitchValue, name, doc)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::Switch, name, doc, values)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::ProfileAssignment, switch_name, value)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::Profile, name, doc, extends, assignments)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::VerticesStmt, alphabet, root)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::InherentStmt, edge_type, alphabet)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::RelationStmt, name, arity)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::FormulaStmt, name, params, when, relation)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::Slot, name, formula)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::OperatorStmt, name, slots, conclusion)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::RuleStmt, name, head, body)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::EdgesetStmt, name, side)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::TargetStmt, kind, properties)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::Repeat, min, max)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::PatternItem, edge_type, repeat)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::PredicateStmt, name, body)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::PathsStmt, name, predicates)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::ConstructStmt, name, kind)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::IsomorphismStmt, by_switch, kind)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::VictoryStmt, scope, relation)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::SuccessionStmt, when_none, choose, choose_switch, where_none)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::Def, number, title, body)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::Spec, name, document, title, decls)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::BoundDecl, name, value, large)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::SetItem, switch_name, value)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::VarDecl, name, type)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::RelationItem, name, tuples)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::CaseFile, title, items)
// One-field structs whose field is a plain string or int (not a container of nodes).
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::InitialStmt, root)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::PathStmt, kind_switch)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::CollapseStmt, paths)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::SpecItem, path, sha256)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::ProfileItem, name)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::DepthItem, depth)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::TurnsItem, turns)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::EngineItem, engine)
BOOST_FUSION_ADAPT_STRUCT(carve::parser::ast::CertifyItem, method)
