// questions/games/blue_red_hackenbush.cpp — Blue-Red Hackenbush evaluation (see blue_red_hackenbush.hpp).
#include "questions/games/blue_red_hackenbush.hpp"

#include <stdexcept>

#include "questions/games/interrupt.hpp"

namespace carve::games {

std::pair<std::optional<Dyadic>, std::optional<Dyadic>> BlueRedExhaustive::best_options(const GroundedGraph& g0) {
  GroundedGraph g = prune_to_ground(g0);
  std::optional<Dyadic> left, right;
  for (std::size_t e = 0; e < g.edges.size(); ++e) {
    EdgeColour c = g.edges[e].colour;
    if (c == EdgeColour::Green) throw std::invalid_argument("Blue-Red Hackenbush: green edge");
    Dyadic v = solve(delete_edge(g, e));
    if (c == EdgeColour::Blue) {
      if (!left || v > *left) left = v;
    } else if (!right || v < *right) {
      right = v;
    }
  }
  return {left, right};
}

Dyadic BlueRedExhaustive::value(const GroundedGraph& g) { return solve(prune_to_ground(g)); }

Dyadic BlueRedExhaustive::solve(const GroundedGraph& g) {
  std::string key = canonical_key(g);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  interrupt_point();
  auto [left, right] = best_options(g);
  if (left && right && !(*left < *right))
    throw std::logic_error("Blue-Red Hackenbush: position is not a number: " + to_string(g));
  Dyadic v = simplest_between(left, right);
  memo_.emplace(std::move(key), v);
  return v;
}

bool BlueRedOutcome::wins_first(const GroundedGraph& g, EdgeColour mover) {
  std::string key = canonical_key(g) + (mover == EdgeColour::Blue ? "B" : "R");
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  interrupt_point();
  EdgeColour other = mover == EdgeColour::Blue ? EdgeColour::Red : EdgeColour::Blue;
  bool win = false;
  for (std::size_t e = 0; e < g.edges.size() && !win; ++e) {
    if (g.edges[e].colour == EdgeColour::Green) throw std::invalid_argument("Blue-Red Hackenbush: green edge");
    if (g.edges[e].colour == mover) win = !wins_first(delete_edge(g, e), other);
  }
  memo_.emplace(std::move(key), win);
  return win;
}

Outcome BlueRedOutcome::outcome(const GroundedGraph& g0) {
  GroundedGraph g = prune_to_ground(g0);
  bool blue = wins_first(g, EdgeColour::Blue), red = wins_first(g, EdgeColour::Red);
  if (blue && red) return Outcome::N;
  if (blue) return Outcome::L;
  if (red) return Outcome::R;
  return Outcome::P;
}

Dyadic stalk_value(const std::vector<EdgeColour>& colours) {
  std::vector<int> signs;
  for (EdgeColour c : colours) {
    if (c == EdgeColour::Green) throw std::invalid_argument("stalk_value: green edge");
    signs.push_back(c == EdgeColour::Blue ? +1 : -1);
  }
  return from_sign_expansion(signs);
}

GroundedGraph make_stalk(const std::vector<EdgeColour>& colours) {
  GroundedGraph g;
  int prev = g.ground;
  for (EdgeColour c : colours) {
    int v = g.add_vertex();
    g.add_edge(prev, v, c);
    prev = v;
  }
  return g;
}

Dyadic edge_over(EdgeColour c, const Dyadic& x) {
  if (c == EdgeColour::Green) throw std::invalid_argument("edge_over: green edge");
  std::vector<int> s{c == EdgeColour::Blue ? +1 : -1};
  auto rest = sign_expansion(x);
  s.insert(s.end(), rest.begin(), rest.end());
  return from_sign_expansion(s);
}

Dyadic tree_value(const GroundedGraph& g0) {
  GroundedGraph g = prune_to_ground(g0);
  if (!is_tree(g)) throw std::invalid_argument("tree_value: not a tree: " + to_string(g0));
  std::size_t n = static_cast<std::size_t>(g.num_vertices);
  std::vector<std::vector<std::pair<int, EdgeColour>>> adj(n);
  for (const Edge& e : g.edges) {
    adj[static_cast<std::size_t>(e.u)].push_back({e.v, e.colour});
    adj[static_cast<std::size_t>(e.v)].push_back({e.u, e.colour});
  }
  std::vector<int> order{g.ground}, par(n, -1);
  std::vector<EdgeColour> up(n, EdgeColour::Green);
  par[static_cast<std::size_t>(g.ground)] = g.ground;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (auto [c, col] : adj[static_cast<std::size_t>(order[i])])
      if (par[static_cast<std::size_t>(c)] < 0) {
        par[static_cast<std::size_t>(c)] = order[i];
        up[static_cast<std::size_t>(c)] = col;
        order.push_back(c);
      }
  std::vector<Dyadic> val(n, Dyadic(0));
  for (auto p = order.rbegin(); p != order.rend(); ++p) {
    auto v = static_cast<std::size_t>(*p);
    if (*p != g.ground) val[static_cast<std::size_t>(par[v])] += edge_over(up[v], val[v]);
  }
  return val[static_cast<std::size_t>(g.ground)];
}

Outcome outcome_of(const Dyadic& v) {
  if (v > Dyadic(0)) return Outcome::L;
  if (v < Dyadic(0)) return Outcome::R;
  return Outcome::P;
}

}  // namespace carve::games
