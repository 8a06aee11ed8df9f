// Targets: every named graph against a description written here by hand (vertex and edge
// counts, degree sequence, and nauty equality with a hand-written edge list), the bounds of
// the families with the offsets of their errors, loops in both syntaxes, typed edges, the name
// a user's graph is recognised by, and the decoded edges reading back to the same target.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/model/canonical.hpp"
#include "rules/model/target.hpp"
#include "rules/model/target_echo.hpp"

namespace {

using carve::model::ColouredHypergraph;
using carve::model::Target;
using carve::model::TargetError;
using carve::model::TargetSyntax;
namespace model = carve::model;

// An edge list written by hand, "a-b c-d ...", as a hypergraph built without carve's parsers.
ColouredHypergraph by_hand(const std::string& edges, int isolated = 0) {
  ColouredHypergraph h;
  std::map<std::string, int> id;
  auto vertex = [&](const std::string& name) {
    auto [it, fresh] = id.emplace(name, static_cast<int>(h.vertex_colour.size()));
    if (fresh) h.add_vertex(0);
    return it->second;
  };
  std::size_t i = 0;
  while (i < edges.size()) {
    const auto end = std::min(edges.find(' ', i), edges.size());
    const auto pair = edges.substr(i, end - i);
    const auto dash = pair.find('-');
    h.add_edge({vertex(pair.substr(0, dash)), vertex(pair.substr(dash + 1))}, 0);
    i = end + 1;
  }
  for (int k = 0; k < isolated; ++k) h.add_vertex(0);
  return h;
}

std::vector<int> degrees(const ColouredHypergraph& h) {
  std::vector<int> d(h.vertex_colour.size(), 0);
  for (const auto& e : h.edges)
    for (int v : e) ++d[static_cast<std::size_t>(v)];
  std::sort(d.rbegin(), d.rend());
  return d;
}

struct Described {
  const char* name;
  std::size_t vertices;
  std::size_t edges;
  std::vector<int> degrees;  // non-increasing
  const char* by_hand;       // the graph drawn from its definition, with letters for vertices
  int isolated = 0;          // vertices on no edge (K1)
};

// Each line is the graph as the literature defines it, independently of rules/model/named_graphs.cpp.
const std::vector<Described>& described() {
  static const std::vector<Described> d = {
      {"K1", 1, 0, {0}, "", 1},
      {"K2", 2, 1, {1, 1}, "a-b"},
      {"K3", 3, 3, {2, 2, 2}, "a-b b-c c-a"},
      {"K4", 4, 6, {3, 3, 3, 3}, "a-b a-c a-d b-c b-d c-d"},
      {"K5", 5, 10, {4, 4, 4, 4, 4}, "a-b a-c a-d a-e b-c b-d b-e c-d c-e d-e"},
      {"P1", 1, 0, {0}, "", 1},
      {"P3", 3, 2, {2, 1, 1}, "a-b b-c"},
      {"P5", 5, 4, {2, 2, 2, 1, 1}, "a-b b-c c-d d-e"},
      {"C4", 4, 4, {2, 2, 2, 2}, "a-b b-c c-d d-a"},
      {"C6", 6, 6, {2, 2, 2, 2, 2, 2}, "a-b b-c c-d d-e e-f f-a"},
      {"K1,3", 4, 3, {3, 1, 1, 1}, "c-x c-y c-z"},
      {"K13", 4, 3, {3, 1, 1, 1}, "c-x c-y c-z"},  // K1,3 written without the comma
      {"claw", 4, 3, {3, 1, 1, 1}, "c-x c-y c-z"},
      {"S3", 4, 3, {3, 1, 1, 1}, "c-x c-y c-z"},  // S_n = K_{1,n}: n counts the leaves
      {"S5", 6, 5, {5, 1, 1, 1, 1, 1}, "c-a c-b c-d c-e c-f"},
      {"K2,3", 5, 6, {3, 3, 2, 2, 2}, "a-x a-y a-z b-x b-y b-z"},
      {"K3,3", 6, 9, {3, 3, 3, 3, 3, 3}, "a-x a-y a-z b-x b-y b-z c-x c-y c-z"},
      // W_n counts every vertex: W5 is a hub joined to a 4-cycle, W4 is K4.
      {"W4", 4, 6, {3, 3, 3, 3}, "h-a h-b h-c a-b b-c c-a"},
      {"W5", 5, 8, {4, 3, 3, 3, 3}, "h-a h-b h-c h-d a-b b-c c-d d-a"},
      {"W6", 6, 10, {5, 3, 3, 3, 3, 3}, "h-a h-b h-c h-d h-e a-b b-c c-d d-e e-a"},
      {"paw", 4, 4, {3, 2, 2, 1}, "a-b b-c c-a a-p"},
      {"bull", 5, 5, {3, 3, 2, 1, 1}, "a-b b-c c-a a-h b-k"},  // a triangle with two horns
      {"house", 5, 6, {3, 3, 2, 2, 2}, "a-b b-c c-d d-a a-r b-r"},  // a square with a roof
      {"diamond", 4, 5, {3, 3, 2, 2}, "a-b a-c a-d b-c b-d"},     // K4 minus c-d
      {"Diamond", 4, 5, {3, 3, 2, 2}, "a-b a-c a-d b-c b-d"},     // word names in any case
  };
  return d;
}

TEST(NamedTargets, EachMatchesItsHandWrittenDescription) {
  for (const auto& d : described()) {
    SCOPED_TRACE(d.name);
    const Target t = model::parse_target(TargetSyntax::Named, d.name);
    const auto hand = by_hand(d.by_hand, d.isolated);
    EXPECT_EQ(t.vertex_count(), d.vertices);
    EXPECT_EQ(t.edge_count(), d.edges);
    EXPECT_EQ(degrees(t.shape), d.degrees);
    ASSERT_EQ(degrees(hand), d.degrees) << "the hand-written list disagrees with its own description";
    EXPECT_EQ(t.canon, model::canonical_form(hand));
    EXPECT_TRUE(t.is_graph);
    EXPECT_FALSE(t.typed);
    // The command line reads every name the same way (none is taken for graph6).
    EXPECT_EQ(model::parse_target_auto(d.name).canon, t.canon);
    EXPECT_EQ(model::parse_target_auto(d.name).syntax, TargetSyntax::Named);
  }
}

TEST(NamedTargets, DifferentNamesAreDifferentGraphsUnlessTheyAreSynonyms) {
  // Same counts, different graphs: the canonical forms must tell them apart.
  EXPECT_NE(model::parse_target_auto("paw").canon, model::parse_target_auto("C4").canon);
  EXPECT_NE(model::parse_target_auto("bull").canon, model::parse_target_auto("C5").canon);
  EXPECT_NE(model::parse_target_auto("K1,4").canon, model::parse_target_auto("P5").canon);
  // Synonyms: K2,2 is C4, W4 is K4, K3 is C3, S2 is P3.
  EXPECT_EQ(model::parse_target_auto("K2,2").canon, model::parse_target_auto("C4").canon);
  EXPECT_EQ(model::parse_target_auto("W4").canon, model::parse_target_auto("K4").canon);
  EXPECT_EQ(model::parse_target_auto("C3").canon, model::parse_target_auto("K3").canon);
  EXPECT_EQ(model::parse_target_auto("S2").canon, model::parse_target_auto("P3").canon);
}

struct Bad {
  const char* text;
  std::size_t offset;
  const char* says;
};

TEST(NamedTargets, OutOfBoundsNamesFailAtTheBadCharacterWithTheFamilysMessage) {
  const std::vector<Bad> bad = {
      {"P99", 1, "Pn needs 1 <= n <= 30"},       {"P0", 1, "Pn needs 1 <= n <= 30"},
      {"P1234567890123", 1, "Pn needs"},          {"K0", 1, "Kn needs 1 <= n <= 12"},
      {"K20", 1, "Kn needs 1 <= n <= 12"},        {"C2", 1, "Cn needs 3 <= n <= 30"},
      {"S30", 1, "n counts leaves"},              {"S0", 1, "Sn needs"},
      {"W3", 1, "W4 = K4"},                       {"W31", 1, "Wn needs 4 <= n <= 30"},
      {"K2,29", 3, "n + m <= 30"},                {"K1,0", 3, "Kn,m needs n, m >= 1"},
      {"K0,3", 1, "Kn,m needs n, m >= 1"},        {"K2,", 3, "needs a number m"},
      {"K10,", 4, "needs a number m"},            {"P3x", 2, "unexpected 'x'"},
      {"K2,3x", 4, "unexpected 'x'"},             {"Q9", 0, "unknown target name"},
      {"P3:T", 2, "no edge types"},
      {"K100", 2, "K1n (a star, as K1,n)"},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.text);
    for (bool automatic : {false, true}) {
      try {
        (void)(automatic ? model::parse_target_auto(b.text) : model::parse_target(TargetSyntax::Named, b.text));
        ADD_FAILURE() << "accepted";
      } catch (const TargetError& e) {
        EXPECT_EQ(e.offset, b.offset) << e.what();
        EXPECT_NE(std::string(e.what()).find(b.says), std::string::npos) << e.what();
      }
    }
  }
}

TEST(NamedTargets, AFamilyLetterAloneIsANameInACaseFile) {
  // On the command line "P" is a graph6 code (17 vertices, too short); in a case file's
  // `target P;` it can only be a name.
  try {
    (void)model::parse_target(TargetSyntax::Named, "P");
    ADD_FAILURE() << "accepted";
  } catch (const TargetError& e) {
    EXPECT_EQ(e.offset, 1u);
    EXPECT_NE(std::string(e.what()).find("Pn needs a number n"), std::string::npos) << e.what();
  }
}

TEST(NamedTargets, TheLargestOfEachFamilyIsAccepted) {
  EXPECT_EQ(model::parse_target_auto("K12").edge_count(), 66u);
  EXPECT_EQ(model::parse_target_auto("P30").vertex_count(), 30u);
  EXPECT_EQ(model::parse_target_auto("C30").edge_count(), 30u);
  EXPECT_EQ(model::parse_target_auto("S29").vertex_count(), 30u);
  EXPECT_EQ(model::parse_target_auto("W30").edge_count(), 58u);
  EXPECT_EQ(model::parse_target_auto("K15,15").edge_count(), 225u);
  EXPECT_EQ(model::parse_target_auto("K1,29").vertex_count(), 30u);
}

TEST(Targets, ALoopIsRefusedInEverySyntax) {
  // The 000 target is a simple graph (Def 1.3) and a hyperedge is a set: neither has a loop.
  const std::vector<Bad> bad = {
      {"a-a", 2, "two distinct vertices"},
      {"a-b,b - b", 8, "two distinct vertices"},
      {"{a,a}", 3, "'a' is listed twice"},
      {"{a,b},{b, c ,b}", 13, "'b' is listed twice"},
      {"a-b,b-a", 4, "listed twice"},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.text);
    try {
      (void)model::parse_target_auto(b.text);
      ADD_FAILURE() << "accepted";
    } catch (const TargetError& e) {
      EXPECT_EQ(e.offset, b.offset) << e.what();
      EXPECT_NE(std::string(e.what()).find(b.says), std::string::npos) << e.what();
    }
  }
  // A hypergraph may repeat a hyperedge (001's target is not required to be simple), but it is
  // then no simple graph.
  EXPECT_FALSE(model::parse_target_auto("{a,b},{a,b}").is_graph);
  EXPECT_TRUE(model::parse_target_auto("{a,b},{b,c}").is_graph);
}

TEST(Targets, Graph6IsStillReadWhereItCanBe) {
  EXPECT_EQ(model::parse_target_auto("Bg").syntax, TargetSyntax::Graph6);  // P3
  EXPECT_EQ(model::parse_target_auto(">>graph6<<Bg").canon, model::parse_target_auto("P3").canon);
  EXPECT_EQ(model::parse_target_auto("Ch").syntax, TargetSyntax::Graph6);  // letters only, no name
  EXPECT_THROW(model::parse_target_auto("Cxx"), TargetError);             // graph6 of the wrong length
  // Decoded by nauty's reader, bit by bit as the format says: C4's six pair bits (01 02 12 03 13 23)
  // are 101101 = 45, byte 108 'l'; K7's 21 bits fill three bytes '~' and the top three of 'w'.
  EXPECT_EQ(model::parse_target_auto("Cl").canon, model::parse_target_auto("C4").canon);
  EXPECT_EQ(model::parse_target_auto("F~~~w").canon, model::parse_target_auto("K7").canon);
  EXPECT_EQ(model::parse_target_auto("F~~~w").edge_count(), 21u);
}

TEST(TypedTargets, EveryEdgeHasItsTypeAndTheCanonKeepsIt) {
  const auto tv = model::parse_target_auto("a-b:T,b-c:V");
  EXPECT_TRUE(tv.typed);
  EXPECT_EQ(tv.shape.edge_colour, (std::vector<int>{0, 1}));  // 0 = T, 1 = V
  // The path reversed is the same typed graph; two T edges are not.
  EXPECT_EQ(model::parse_target_auto("c-b:V, b-a:T").canon, tv.canon);
  EXPECT_NE(model::parse_target_auto("a-b:T,b-c:T").canon, tv.canon);
  EXPECT_NE(model::parse_target_auto("a-b:V,b-c:V").canon, tv.canon);
  // A star whose centre has one V edge: which leaf carries it does not matter...
  EXPECT_EQ(model::parse_target_auto("c-x:V,c-y:T,c-z:T").canon, model::parse_target_auto("c-x:T,c-y:T,c-z:V").canon);
  // ...but on P4 an end V edge and a middle V edge differ.
  EXPECT_NE(model::parse_target_auto("a-b:V,b-c:T,c-d:T").canon, model::parse_target_auto("a-b:T,b-c:V,c-d:T").canon);
  // Hyperedges too; the same pair twice with two types is a hypergraph with a double edge.
  const auto h = model::parse_target_auto("{a,b,c}:T,{c,d}:V");
  EXPECT_TRUE(h.typed);
  EXPECT_EQ(h.shape.edge_colour, (std::vector<int>{0, 1}));
  EXPECT_NE(h.canon, model::parse_target_auto("{a,b,c}:V,{c,d}:T").canon);
  EXPECT_FALSE(model::parse_target_auto("{a,b}:T,{a,b}:V").is_graph);
  // Untyped targets have colour 0 throughout.
  const auto p3 = model::parse_target_auto("a-b,b-c");
  EXPECT_FALSE(p3.typed);
  EXPECT_EQ(p3.shape.edge_colour, (std::vector<int>{0, 0}));
}

TEST(TypedTargets, TypesAreAllOrNothingAndOnlyTOrV) {
  const std::vector<Bad> bad = {
      {"a-b:T,b-c", 6, "has no type"},          {"a-b,b-c:V", 4, "has a type"},
      {"a-b:X", 4, "T (inherent"},              {"a-b:", 4, "T (inherent"},
      {"a-b:TV", 4, "T (inherent"},             {"{a,b}:T,{b,c}", 8, "has no type"},
      {"a-b:T;b-c:V", 5, "expected ','"},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.text);
    try {
      (void)model::parse_target_auto(b.text);
      ADD_FAILURE() << "accepted";
    } catch (const TargetError& e) {
      EXPECT_EQ(e.offset, b.offset) << e.what();
      EXPECT_NE(std::string(e.what()).find(b.says), std::string::npos) << e.what();
    }
  }
}

TEST(TargetNames, AUsersGraphIsNamedWhenItIsANamedGraph) {
  struct Case {
    const char* text;
    const char* name;  // "" for none
  };
  for (const auto& c : std::vector<Case>{{"a-b,b-c,c-a,a-d", "paw"},
                                         {"x-y,y-z", "P3"},          // also K1,2 and S2: P comes first
                                         {"{a,b},{b,c}", "P3"},      // a hyperedge list that is a graph
                                         {"h-a,h-b,h-c,h-d,a-b,b-c,c-d,d-a", "W5"},
                                         {"a-b,b-c,c-d,d-a", "C4"},  // also K2,2
                                         {"W4", "K4"},
                                         {"S3", "K1,3"},
                                         {"K13", "K1,3"},
                                         {"Bg", "P3"},
                                         {"a-b:T,b-c:V", "P3"},      // the name is the untyped shape's
                                         {"a-b,b-c,c-d,b-e", ""},    // a fork: no name
                                         {"{a,b,c},{c,d}", ""}}) {
    SCOPED_TRACE(c.text);
    EXPECT_EQ(model::parse_target_auto(c.text).name, c.name);
  }
  const auto claw = model::parse_target_auto("claw");
  EXPECT_EQ(claw.name, "K1,3");
  EXPECT_EQ(claw.aliases, (std::vector<std::string>{"S3", "claw"}));
  EXPECT_NE(claw.description.find("3 leaves"), std::string::npos);
  EXPECT_NE(model::parse_target_auto("W5").description.find("hub 0"), std::string::npos);
}

TEST(TargetEcho, TheDecodedEdgesReadBackToTheSameTarget) {
  for (const char* text : {"P4", "W5", "K2,3", "house", "Bg", "a-b,b-c", "a-b:T,b-c:V,c-a:V", "{a,b,c},{c,d}",
                           "{a,b}:T,{a,b}:V,{b,c}:T", " q - r , r-s "}) {
    SCOPED_TRACE(text);
    const auto t = model::parse_target_auto(text);
    const auto edges = model::edge_texts(t);
    ASSERT_EQ(edges.size(), t.edge_count());
    const auto again = model::parse_target(t.syntax == TargetSyntax::Hyperedges ? TargetSyntax::Hyperedges : TargetSyntax::Edges,
                                           fmt::format("{}", fmt::join(edges, ",")));
    EXPECT_EQ(again.canon, t.canon);
    EXPECT_EQ(again.typed, t.typed);
  }
  EXPECT_EQ(model::edge_texts(model::parse_target_auto("a-b:T,b-c:V")), (std::vector<std::string>{"a-b:T", "b-c:V"}));
  EXPECT_EQ(model::edge_texts(model::parse_target_auto("{c,a,b}")), (std::vector<std::string>{"{c,a,b}"}));
  EXPECT_EQ(model::target_summary(model::parse_target_auto("a-b,b-c")),
            "P3 (path on 3 vertices 0-1-2), also K1,2, S2; 3 vertices, 2 edges, untyped: a-b,b-c");
  EXPECT_EQ(model::target_label(model::parse_target_auto("S3")), "S3 = K1,3");
  EXPECT_EQ(model::target_label(model::parse_target_auto("a-b:T,b-c:V")), "a-b:T,b-c:V = P3, typed");
}

}  // namespace
