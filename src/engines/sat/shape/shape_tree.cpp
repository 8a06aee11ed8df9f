// Parents in the order encoding, the numbering's orderings, children counts.
#include "engines/sat/shape/shape_tree.hpp"

#include <stdexcept>

namespace carve::encoder {

ShapeTree::ShapeTree(Cnf& cnf, std::size_t nodes) : m_(nodes) {
  if (m_ < 1) throw std::invalid_argument("a shape has at least the node λ");
  // ge[j][i] <-> par(j) >= i (order encoding, i = 1 .. j-1; par(j) >= 0 always), and
  // par[j][i] <-> ge[j][i] ∧ ¬ge[j][i+1]: one parent per node, by construction.
  std::vector<std::vector<int>> ge(m_);
  par_.assign(m_, {});
  for (std::size_t j = 1; j < m_; ++j) {
    ge[j].assign(j + 1, 0);
    ge[j][0] = -cnf.false_lit();
    ge[j][j] = cnf.false_lit();
    for (std::size_t i = 1; i < j; ++i) {
      ge[j][i] = cnf.var();
      cnf.clause({-ge[j][i], ge[j][i - 1]});
    }
    par_[j].assign(j, 0);
    for (std::size_t i = 0; i < j; ++i) {
      const int p = par_[j][i] = cnf.var();
      cnf.clause({-p, ge[j][i]});
      cnf.clause({-p, -ge[j][i + 1]});
      cnf.clause({p, -ge[j][i], ge[j][i + 1]});
    }
  }
  // Parents non-decreasing along the numbering; then the children of a node are consecutive, so
  // "at most two" is "no node is the parent of both j and j + 2".
  for (std::size_t j = 2; j < m_; ++j)
    for (std::size_t i = 1; i < j - 1; ++i) cnf.clause({-ge[j - 1][i], ge[j][i]});
  for (std::size_t j = 1; j + 2 < m_; ++j)
    for (std::size_t i = 0; i < j; ++i) cnf.clause({-par_[j][i], -par_[j + 2][i]});
  active_.assign(m_, 0);
  active_[0] = -cnf.false_lit();
  for (std::size_t v = 1; v < m_; ++v) {
    active_[v] = cnf.var();
    cnf.clause({-active_[v], active_[v - 1]});
  }
  // An inactive slot hangs below the previous one: a parent that keeps both orderings, fixed so
  // the solver never branches on the parents of nodes that are no part of the shape.
  for (std::size_t j = 1; j < m_; ++j) cnf.clause({active_[j], par_[j][j - 1]});
  frontier_.assign(m_, 0);
  has_child_.assign(m_, 0);
  for (std::size_t v = 0; v < m_; ++v) {
    std::vector<int> twins, kids;  // v is the parent of active j and j + 1; of active j
    for (std::size_t j = v + 1; j < m_; ++j) {
      const int k = cnf.var();
      cnf.clause({-k, par_[j][v]});
      cnf.clause({-k, active_[j]});
      cnf.clause({k, -par_[j][v], -active_[j]});
      kids.push_back(k);
      if (j + 1 == m_) continue;
      const int t = cnf.var();
      cnf.clause({-t, par_[j][v]});
      cnf.clause({-t, par_[j + 1][v]});
      cnf.clause({-t, active_[j + 1]});
      cnf.clause({t, -par_[j][v], -par_[j + 1][v], -active_[j + 1]});
      twins.push_back(t);
    }
    frontier_[v] = twins.empty() ? -cnf.false_lit() : -cnf.define_or(twins);
    has_child_[v] = kids.empty() ? cnf.false_lit() : cnf.define_or(kids);
  }
  // Siblings in the order of their children counts (the order of two siblings is free in a
  // numbering, so every shape has one where the first has at least as many children).
  for (std::size_t j = 2; j < m_; ++j)
    for (std::size_t i = 0; i + 1 < j; ++i) {
      cnf.clause({-par_[j - 1][i], -par_[j][i], -has_child_[j], has_child_[j - 1]});
      cnf.clause({-par_[j - 1][i], -par_[j][i], frontier_[j], -frontier_[j - 1]});
    }
}

std::vector<int> ShapeTree::parents(SatBackend& model) const {
  std::vector<int> out(m_, -1);
  for (std::size_t j = 1; j < m_ && model.value(active_[j]); ++j)
    for (std::size_t i = 0; i < j; ++i)
      if (model.value(par_[j][i])) out[j] = static_cast<int>(i);
  return out;
}

std::vector<std::string> ShapeTree::words(SatBackend& model) const {
  const auto par = parents(model);
  std::vector<std::string> out{""};
  std::vector<int> kids(m_, 0);
  for (std::size_t j = 1; j < m_ && par[j] >= 0; ++j) {
    const auto p = static_cast<std::size_t>(par[j]);
    out.push_back(out[p] + (kids[p]++ == 0 ? '0' : '1'));
  }
  return out;
}

}  // namespace carve::encoder
