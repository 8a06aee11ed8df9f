// The pipeline of the shape theorem's proof: replay, support, pruned and contracted paths,
// words for the contracted tree, the moves on the shape.
#include "checkers/shape/compress.hpp"

#include <algorithm>
#include <stdexcept>

#include "checkers/replay/replay.hpp"
#include "checkers/shape/support.hpp"
#include "rules/model/shape_universe.hpp"
#include "rules/model/victory.hpp"

namespace carve::shape {

using model::VertexId;

std::size_t shape_bound(std::size_t turns, std::size_t kept, std::size_t components, model::PathKind path) {
  return shape_bound(PlayCount{turns, turns, turns, kept, components, components, false}, path);
}

std::size_t shape_bound(const PlayCount& c, model::PathKind path) {
  const auto k = static_cast<long long>(c.turns), nu = static_cast<long long>(c.successions),
             kappa = static_cast<long long>(c.collapses), n = static_cast<long long>(c.kept),
             q = static_cast<long long>(c.components), qt = static_cast<long long>(c.tree_components);
  const long long last = c.last_succession ? 1 : 0;
  const long long m = path == model::PathKind::Walk ? 8 * k + 6 * nu + 2 * n + 1 + 4 * qt + last
                                                    : 8 * k + 4 * nu + kappa + n - 1 + 3 * qt - (qt < q ? 1 : 0) + last;
  return static_cast<std::size_t>(std::max(1LL, m));
}

std::size_t shape_bound(std::size_t turns, std::size_t successions_before_last, bool last_succession, std::size_t collapses,
                        const model::Target& target, model::PathKind path) {
  const std::size_t n = target.vertex_count();
  const bool tree = target.edge_count() + 1 == n;
  return shape_bound(PlayCount{turns, successions_before_last, collapses, n, 1, tree ? 1u : 0u, last_succession}, path);
}

std::size_t shape_bound(std::size_t turns, const model::Target& target, model::PathKind path) {
  return turns == 0 ? shape_bound(0, 0, false, 0, target, path) : shape_bound(turns, turns - 1, true, turns, target, path);
}

namespace {

// q and q_t of Lemma 4: the final state's components that hold a kept node, and those of them
// without a virtual edge.
void count_kept(const model::Game& game, const model::State& final, const std::vector<VertexId>& keep, PlayCount& out) {
  for (const auto& c : model::components(game, final))
    if (std::any_of(c.vertices.begin(), c.vertices.end(),
                    [&](VertexId v) { return std::find(keep.begin(), keep.end(), v) != keep.end(); })) {
      ++out.components;
      if (std::none_of(c.types.begin(), c.types.end(), [](model::EdgeType t) { return t == model::EdgeType::V; }))
        ++out.tree_components;
    }
}

// Lemma 4's play counts. nu is counted as the turns before the last whose root moves, fewer than
// or as many as those whose succession falls due (the engine's count), so the tests hold the
// bound to more.
PlayCount play_count(const model::Game& game, const std::vector<model::Move>& play, const std::vector<model::State>& states,
                     const std::vector<VertexId>& keep) {
  PlayCount out;
  out.turns = play.size();
  out.kept = keep.size();
  for (std::size_t t = 0; t < play.size(); ++t) {
    if (play[t].collapse) ++out.collapses;
    const bool moves = states[t + 1].root != states[t].root;
    if (t + 1 < play.size())
      out.successions += moves;
    else
      out.last_succession = moves;
  }
  count_kept(game, states.back(), keep, out);
  return out;
}

// The last root chosen again (the theorem, part 3): when the root moves at the last turn, a child
// of the root before it -- whose edge to it is gone, since succession fell due, so it is eligible
// and already in St -- serves as well; nothing in the play reads the last root's own edges.
std::vector<model::Move> last_root_chosen_again(const model::Game& game, std::vector<model::Move> play,
                                                const std::vector<model::State>& states) {
  if (play.empty() || states.back().root == states[states.size() - 2].root) return play;
  const VertexId before = states[states.size() - 2].root;
  for (auto id : game.universe.inherent_at[before])
    if (game.universe.inherent[id].conclusion != before) {
      play.back().new_root = game.universe.inherent[id].conclusion;
      return play;
    }
  throw std::logic_error("compress: succession fell due at a root without children");
}

}  // namespace

namespace {

// P^{St} (Lemma A): the path read from the root, every excursion out of St deleted, a final one
// cut off. An excursion leaves St by a tree edge and can only come back by the same edge.
std::vector<VertexId> prune(const Support& s, std::vector<VertexId> path, VertexId root, std::size_t& excursions) {
  if (path.front() != root && path.back() == root) std::reverse(path.begin(), path.end());
  std::vector<VertexId> out{path.front()};
  for (std::size_t i = 1; i < path.size();) {
    if (s.in_st[path[i]]) {
      out.push_back(path[i++]);
      continue;
    }
    std::size_t j = i;
    while (j < path.size() && !s.in_st[path[j]]) ++j;
    ++excursions;
    if (j == path.size()) break;
    if (path[j] != out.back()) throw std::logic_error("compress: an excursion out of the support came back elsewhere");
    i = j + 1;
  }
  return out;
}

// φ(P) (Lemma 2): every vertex to its node of the contracted tree, steps between two interior
// nodes of a run deleted.
std::vector<VertexId> contract(const Support& s, const std::vector<VertexId>& path, const std::vector<int>& node) {
  std::vector<VertexId> out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i > 0 && s.interior[path[i]] && s.interior[path[i - 1]]) continue;
    out.push_back(static_cast<VertexId>(node[static_cast<std::size_t>(s.contracted[path[i]])]));
  }
  return out;
}

// Words for the contracted tree (Lemma 3): each node takes, below its contracted parent, the
// letter by which its original word leaves the parent's, so siblings stay distinct.
std::vector<std::string> contracted_words(const model::Universe& u, const Support& s, std::vector<int>& index) {
  std::vector<VertexId> order = s.order;
  std::stable_sort(order.begin(), order.end(), [&](VertexId a, VertexId b) {
    return model::word_of_name(u.names[a]).size() < model::word_of_name(u.names[b]).size();
  });
  std::vector<std::string> words;
  index.assign(u.size(), -1);
  for (auto v : order) {
    const int p = s.contracted_parent[v];
    std::string w;
    if (p != kNone) {
      const std::string& parent_word = words[static_cast<std::size_t>(index[static_cast<std::size_t>(p)])];
      const std::string orig = model::word_of_name(u.names[v]);
      const std::string orig_parent = model::word_of_name(u.names[static_cast<std::size_t>(p)]);
      w = parent_word + orig[orig_parent.size()];
    }
    index[v] = static_cast<int>(words.size());
    words.push_back(w);
  }
  return words;
}

}  // namespace

Compressed compress(const model::Game& game, const std::vector<model::Move>& given_play, const std::vector<VertexId>& keep) {
  if (game.universe.kind != model::Universe::Kind::WordTree || game.universe.alphabet != "01" ||
      game.rules.construct != model::Rules::Construct::Pair)
    throw std::invalid_argument("compress: document 000 on the binary tree (alphabet 01) only");
  for (const auto& name : game.universe.names)
    if (model::word_of_name(name).find_first_not_of("01") != std::string::npos)
      throw std::invalid_argument("compress: the universe is not a binary word tree");
  model::Budget budget;
  const auto given = replay::replay(game, given_play, nullptr, std::nullopt, budget);
  if (!given.legal) throw std::invalid_argument("compress: the play is not legal: " + given.violation.message);
  const auto play = last_root_chosen_again(game, given_play, given.states);
  const bool rechosen = !play.empty() && play.back().new_root != given_play.back().new_root;
  const auto replayed = rechosen ? replay::replay(game, play, nullptr, std::nullopt, budget) : given;
  if (!replayed.legal) throw std::logic_error("compress: the last root chosen again is not eligible: " + replayed.violation.message);
  const Support s = play_support(game, play, replayed.states, keep);

  Compressed out;
  std::vector<int> index;  // contracted node (input id) -> position in out.words
  out.words = contracted_words(game.universe, s, index);
  out.game = game;
  out.game.universe = model::shape_universe(out.words);
  out.game.initial_root = out.game.universe.by_name.at("lambda");
  // Vertex ids of the new universe, per contracted node.
  std::vector<int> node(game.universe.size(), -1);
  for (VertexId v = 0; v < game.universe.size(); ++v)
    if (index[v] >= 0)
      node[v] = static_cast<int>(out.game.universe.by_name.at(model::word_name(out.words[static_cast<std::size_t>(index[v])])));
  out.image.assign(game.universe.size(), -1);
  for (VertexId v = 0; v < game.universe.size(); ++v)
    if (s.in_st[v]) out.image[v] = node[static_cast<std::size_t>(s.contracted[v])];
  auto img = [&](VertexId v) {
    if (out.image[v] < 0) throw std::logic_error("compress: a special node outside the support");
    return static_cast<VertexId>(out.image[v]);
  };
  for (std::size_t t = 0; t < play.size(); ++t) {
    const auto& m = play[t];
    model::Move c;
    std::vector<VertexId> ends;
    for (auto v : m.added.slots) ends.push_back(img(v));
    c.added = model::EdgeElement::make(m.added.op, ends);
    if (m.collapse) {
      model::CollapsePath p;
      p.vertices = contract(s, prune(s, m.collapse->vertices, replayed.states[t].root, out.excursions), node);
      c.collapse = p;
    }
    if (m.new_root) c.new_root = img(*m.new_root);
    out.play.push_back(std::move(c));
  }
  out.bound = shape_bound(play_count(game, play, replayed.states, keep), game.rules.path());
  out.support_nodes = static_cast<std::size_t>(std::count(s.in_st.begin(), s.in_st.end(), true));
  out.pendants = static_cast<std::size_t>(std::count(s.pendant.begin(), s.pendant.end(), true));
  return out;
}

}  // namespace carve::shape
