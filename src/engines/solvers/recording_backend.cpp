// Recording: the inner back end numbers the variables; the record checks it numbers them 1, 2, ...
#include "engines/solvers/recording_backend.hpp"

#include <stdexcept>

namespace carve::encoder {

int RecordingBackend::new_var() {
  const int v = inner_->new_var();
  if (v != vars_ + 1) throw std::logic_error("recording back end: the inner back end skipped a variable number");
  return vars_ = v;
}

void RecordingBackend::add_clause(const std::vector<int>& lits) {
  clauses_.add(lits);
  inner_->add_clause(lits);
}

}  // namespace carve::encoder
