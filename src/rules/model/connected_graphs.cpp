// geng as a function: its OUTPROC hook (geng_output.c) hands over each graph as graph6. geng
// keeps its state in globals, so calls are serialised.
#include "rules/model/connected_graphs.hpp"

#include <mutex>
#include <stdexcept>

extern "C" {
int carve_geng_main(int argc, char* argv[]);
extern void (*carve_geng_sink)(const char* graph6, std::size_t length);  // geng_output.c
}

namespace {
std::vector<std::string>* collected = nullptr;
void collect(const char* graph6, std::size_t length) { collected->emplace_back(graph6, length); }
}  // namespace

namespace carve::model {

std::vector<std::string> connected_graphs(int max_vertices) {
  if (max_vertices < 1 || max_vertices > kMaxConnectedVertices)
    throw std::invalid_argument("connected_graphs: vertices must lie in 1..8");
  static std::mutex geng_state;
  std::lock_guard<std::mutex> lock(geng_state);
  std::vector<std::string> out;
  collected = &out;
  carve_geng_sink = collect;
  for (int n = 1; n <= max_vertices; ++n) {
    std::string order = std::to_string(n);
    char name[] = "geng", flags[] = "-cq";
    char* argv[] = {name, flags, order.data(), nullptr};
    carve_geng_main(3, argv);
  }
  collected = nullptr;
  return out;
}

}  // namespace carve::model
