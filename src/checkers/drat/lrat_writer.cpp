// write_lrat: walks the proof up to the refuting step, numbering the core lemmas as it goes
// (lrat_writer.hpp states the numbering), so every hint names a clause written before it.
#include "checkers/drat/lrat_writer.hpp"

#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace carve::drat {

namespace {

class LratNumbering {
public:
  explicit LratNumbering(std::size_t originals) : next_(originals + 1), last_(originals) {}
  std::uint64_t id(std::int64_t origin) const {
    if (origin < 0) return static_cast<std::uint64_t>(-1 - origin) + 1;
    auto it = lemma_ids_.find(origin);
    if (it == lemma_ids_.end()) throw std::logic_error("LRAT: a hint names a lemma that was not written");
    return it->second;
  }
  bool written(std::int64_t origin) const { return origin < 0 || lemma_ids_.count(origin) > 0; }
  std::uint64_t add(std::int64_t origin) {
    lemma_ids_[origin] = next_;
    last_ = next_;
    return next_++;
  }
  std::uint64_t next() const { return next_; }
  std::uint64_t last() const { return last_; }

private:
  std::unordered_map<std::int64_t, std::uint64_t> lemma_ids_;
  std::uint64_t next_, last_;
};

void write_step(std::ostream& out, std::uint64_t id, const LratLemma& lemma, const LratNumbering& ids) {
  out << id;
  for (const auto lit : lemma.clause) out << ' ' << lit;
  out << " 0";
  for (const auto& h : lemma.hints) out << ' ' << (h.rat ? "-" : "") << ids.id(h.origin);
  out << " 0\n";
}

}  // namespace

void write_lrat(std::ostream& out, const Cnf& cnf, const Proof& proof, const Result& result) {
  if (!result.accepted || result.lrat.empty()) throw std::logic_error("write_lrat needs an accepted proof checked with record_lrat");
  LratNumbering ids(cnf.num_clauses());
  const std::size_t lemmas = result.lrat.size() - 1;  // the last entry is the empty clause
  std::size_t k = 0;
  std::vector<std::uint64_t> deleted;
  auto flush_deletions = [&] {
    if (deleted.empty()) return;
    out << ids.last() << " d";
    for (const auto d : deleted) out << ' ' << d;
    out << " 0\n";
    deleted.clear();
  };
  const std::size_t end = result.trivially_unsat ? 0 : result.conflict_step + 1;
  for (std::size_t s = 0; s < end; ++s) {
    if (proof.steps[s].deletion) {
      const std::int64_t target = result.deletion_targets.empty() ? Result::kNoTarget : result.deletion_targets[s];
      if (target != Result::kNoTarget && ids.written(target)) deleted.push_back(ids.id(target));
      continue;
    }
    if (k < lemmas && result.lrat[k].step == s) {
      flush_deletions();
      const std::uint64_t id = ids.add(static_cast<std::int64_t>(s));
      write_step(out, id, result.lrat[k++], ids);
    }
  }
  flush_deletions();
  write_step(out, ids.next(), result.lrat.back(), ids);
}

}  // namespace carve::drat
