// Virtual edge slots: endpoint literals and the few ways the encoding reads them.
#include "engines/sat/frames/virtual_slots.hpp"

#include <algorithm>
#include <stdexcept>

namespace carve::encoder {

using model::VertexId;

VirtualSlot make_slot(Cnf& cnf, const ScopePairs& pairs) {
  const std::size_t n = pairs.vertices();
  VirtualSlot s;
  for (std::size_t v = 0; v < n; ++v) {
    s.a.push_back(cnf.var());
    s.b.push_back(cnf.var());
  }
  cnf.exactly_one(s.a);
  cnf.exactly_one(s.b);
  // A <= B (A < B without loops) through prefix literals, linear in the vertices (a binary clause
  // per excluded (A, B) took n^2 / 2 of them): upto[v] -> A lies in 0..v, and B = y needs
  // upto[y] (upto[y - 1] without loops). With A one-hot, A = x refutes upto[v] for every v < x
  // by unit propagation, and with it every B < x.
  const bool loops = n > 0 && pairs.exists(0, 0);
  std::vector<int> upto(n);
  for (VertexId v = 0; v < n; ++v) {
    upto[v] = cnf.var();
    cnf.clause(v == 0 ? std::vector<int>{-upto[v], s.a[v]} : std::vector<int>{-upto[v], s.a[v], upto[v - 1]});
    const int need = loops ? upto[v] : v == 0 ? cnf.false_lit() : upto[v - 1];
    cnf.clause({-s.b[v], need});
  }
  // The tree pairs, when they may not carry a virtual edge (readd=forbid).
  for (std::size_t p = 0; p < pairs.size(); ++p)
    if (!pairs[p].can_virtual) cnf.clause({-s.a[pairs[p].a], -s.b[pairs[p].b]});
  return s;
}

int at_end(Cnf& cnf, const std::vector<int>& end, const std::vector<int>& values) {
  const int r = cnf.var();
  for (std::size_t v = 0; v < end.size(); ++v) {
    if (!values[v]) {
      cnf.clause({-r, -end[v]});
      continue;
    }
    cnf.clause({-r, -end[v], values[v]});
    cnf.clause({r, -end[v], -values[v]});
  }
  return r;
}

void implies_at_end(Cnf& cnf, const std::vector<int>& guard, const std::vector<int>& end, const std::vector<int>& values) {
  for (std::size_t v = 0; v < end.size(); ++v) {
    std::vector<int> c;
    for (int g : guard) c.push_back(-g);
    c.push_back(-end[v]);
    if (values[v]) c.push_back(values[v]);
    cnf.clause(c);
  }
}

int same_pair(Cnf& cnf, const VirtualSlot& x, const VirtualSlot& y) {
  const int s = cnf.var(), ea = cnf.var(), eb = cnf.var();
  for (std::size_t v = 0; v < x.a.size(); ++v) {
    // ea <-> A_x = A_y (both one-hot).
    cnf.clause({-ea, -x.a[v], y.a[v]});
    cnf.clause({ea, -x.a[v], -y.a[v]});
    cnf.clause({-eb, -x.b[v], y.b[v]});
    cnf.clause({eb, -x.b[v], -y.b[v]});
  }
  cnf.clause({-s, ea});
  cnf.clause({-s, eb});
  cnf.clause({s, -ea, -eb});
  return s;
}

std::vector<int> not_on_pair(const VirtualSlot& slot, VertexId x, VertexId y) {
  return {-slot.a[std::min(x, y)], -slot.b[std::max(x, y)]};
}

int on_pair(Cnf& cnf, const VirtualSlot& slot, VertexId x, VertexId y) {
  const int r = cnf.var();
  const int a = slot.a[std::min(x, y)], b = slot.b[std::max(x, y)];
  cnf.clause({-r, a});
  cnf.clause({-r, b});
  cnf.clause({r, -a, -b});
  return r;
}

int decode_slot(const ScopePairs& pairs, const VirtualSlot& slot, SatBackend& model) {
  int a = -1, b = -1;
  for (std::size_t v = 0; v < slot.a.size(); ++v) {
    if (model.value(slot.a[v])) a = static_cast<int>(v);
    if (model.value(slot.b[v])) b = static_cast<int>(v);
  }
  if (a < 0 || b < 0) throw std::logic_error("virtual slot: the model names no endpoint");
  const int p = pairs.of(static_cast<VertexId>(a), static_cast<VertexId>(b));
  if (p < 0) throw std::logic_error("virtual slot: the model names no pair");
  return p;
}

}  // namespace carve::encoder
