// The named graphs a target may be given by: the families Kn, Pn, Cn, Kn,m, Sn, Wn and the
// small graphs paw, bull, house, diamond and claw -- how a name is read, and which names a
// given graph answers to.
// Invariant: a NamedGraph is a finite simple connected graph on the vertices 0..vertices-1 that
// is what its description says; a name outside its family's bounds is an error at the offending
// character, never some other graph.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace carve::model {
struct TargetError;
}

namespace carve::model {

struct NamedGraph {
  std::string name;         // canonical spelling: "K1,3" (also for K13, S3), "W5", "paw"
  std::string description;  // what the name means, naming the vertices 0..n-1 it is built on
  int vertices = 0;
  std::vector<std::pair<int, int>> edges;
};

// Bounds on the families: a complete graph's edges grow as n^2, so Kn stops at 12 (66 edges).
inline constexpr int kMaxNamedVertices = 30;
inline constexpr int kMaxCompleteVertices = 12;

// Whether `text` is written as a name: a family letter K P C S W (in either case: k4 is K4)
// followed by digits (K2,3 with a comma), or a word name in any letter case. Such a text is read only as a name, so its
// errors are its family's ("P99": Pn needs n <= 30), never those of graph6.
bool looks_like_name(const std::string& text);

// Reads a name in any letter case; throws TargetError at the offending character, an unknown
// name with the known names near it ("did you mean ...?").
NamedGraph named_graph(const std::string& text);

// The error for a text that is no name carve reads: the names near it, `also` (what else was
// tried), then the known names.
TargetError unknown_target_name(const std::string& text, const std::string& also = "");

// Every named graph on n vertices with m edges, one entry per name (K2, P2, K1,1 and S1 are
// four entries), in carve's order of preference: K, P, C, K1,n, S, Kn,m, W, then the words.
std::vector<NamedGraph> named_graphs_with(int n, int m);

// The names carve reads, with the conventions behind Sn and Wn, for help texts and errors.
std::string named_targets_help();

}  // namespace carve::model
