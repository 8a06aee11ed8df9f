// The forward DRAT checker (forward.hpp): ForwardChecker checks the steps in proof order;
// ForwardCheck turns bytes into steps (binary: piece by piece, mirroring StepReader::next_binary
// and its messages; text: held, then StepReader).
//
// Invariants kept between steps:
//  * the database is the formula plus the lemmas added minus the deletions performed (a deletion
//    of a unit clause or of the reason of a top-level literal is ignored, so the top-level trail
//    only ever grows), each clause held once in the arena as [size|flags, spare, literals...] and
//    named by the offset of its literals (its Ref); a deleted clause's block is marked garbage and
//    dropped at the next compaction, its watch entries dropped when met or then;
//  * the trail is the unit-propagation fixpoint of the database (head_ ==
//    trail_.size()) and conflict-free while Phase::Checking; every clause of three literals or
//    more that is not a tautology is watched by its first two, and a watched literal false at top
//    level has the other watch true at top level; every binary clause that is not a tautology is
//    in the binaries_ list of both its literals (and leaves them when deleted);
//  * the deletion index holds exactly the clauses of the database, by their Ref.
#include <algorithm>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "checkers/drat/clause_index.hpp"
#include "checkers/drat/clause_store.hpp"
#include "checkers/drat/variable_names.hpp"
#include "checkers/drat/drat.hpp"
#include "checkers/drat/forward.hpp"
#include "checkers/drat/step_reader.hpp"
#include "checkers/drat/text_cursor.hpp"
#include "foundations/limits/budget.hpp"
#include "foundations/limits/progress.hpp"

namespace carve::drat::detail {

class ForwardChecker {
 public:
  ForwardChecker(const Cnf& cnf, const Options& options) : cnf_(cnf), options_(options), names_(cnf) {
    ensure_vars();
    arena_.reserve(cnf.lits.size() + 2 * cnf.num_clauses() + 2);
    arena_.push_back(0);  // refs start at 2: 0 is kNoRef
    arena_.push_back(0);
    add_formula();
  }

  // One proof step, in order. Throws limits::LimitReached.
  void step(bool deletion, const std::vector<std::int32_t>& lits, const Location& where) {
    const std::size_t s = steps_++;
    if (options_.budget) {
      options_.budget->tick();  // counted, for a bound on steps (fuzzers, tests)
      options_.budget->poll();  // the clock at every step: one may propagate along the whole database
    }
    if (options_.progress && options_.progress->due())
      options_.progress->show("forward step " + std::to_string(s) + ", lemmas checked " + std::to_string(result_.core_lemmas) +
                              ", RAT " + std::to_string(result_.rat_lemmas) + ", clauses " + std::to_string(index_.size()));
    if (phase_ == Phase::Conflict && !deletion && lits.empty()) {
      phase_ = Phase::Settled;
      accept();
    }
    if (phase_ != Phase::Checking) return;
    if (deletion) {
      delete_clause(lits);
    } else {
      add_lemma(s, lits, where);
    }
  }

  // The end of the proof after `steps_` steps.
  Result finish() {
    if (phase_ == Phase::Checking) {
      result_.accepted = false;
      result_.message = "rejected: the proof does not derive the empty clause (no top-level conflict after " + std::to_string(steps_) +
                        " steps)";
    } else if (phase_ == Phase::Conflict) {
      if (options_.lenient) {
        note_relaxation(Relaxation::NoEmptyClause);
        accept();
      } else {
        result_.accepted = false;
        result_.rejected_form = Relaxation::NoEmptyClause;
        result_.message = "rejected: unit propagation conflicts after step " + std::to_string(result_.conflict_step) +
                          " but the proof never adds the empty clause: " + relaxation_rule(Relaxation::NoEmptyClause) + " (" +
                          relaxation_lenient(Relaxation::NoEmptyClause) + ")";
      }
    }
    phase_ = Phase::Settled;
    return result_;
  }

  Result stopped(const std::string& reason) {
    phase_ = Phase::Settled;
    result_.accepted = false;
    result_.limit_reached = true;
    result_.has_failed_step = false;
    result_.message = reason;
    return result_;
  }

 private:
  // Checking: no top-level conflict yet; Conflict: reached, the empty clause awaited; Settled:
  // the answer is in result_ (accepted or rejected), the rest of the proof only read.
  enum class Phase { Checking, Conflict, Settled };
  struct Watch {
    Ref ref;
    Lit blocker;  // another literal of the clause: when true, the clause need not be looked at
  };
  static constexpr std::uint32_t kGarbage = 1u << 31, kTautology = 1u << 30, kSizeMask = kTautology - 1;

  // ---- literal mapping (variable_names.hpp) ----
  Lit map_lit(std::int32_t lit) { return names_.lit(lit); }
  void ensure_vars() {
    const std::size_t vars = names_.vars() + 1;
    if (vals_.size() >= 2 * vars) return;
    const std::size_t cap = std::max(2 * vars, vals_.size() * 2);
    vals_.resize(cap, 0);
    mark_.resize(cap, false);
    watches_.resize(cap);
    binaries_.resize(cap);
    reason_.resize(cap / 2, kNoRef);
  }
  // `lits` mapped into scratch_, duplicates removed (order kept); true for a tautology.
  bool load(const std::int32_t* lits, std::size_t n) {
    scratch_.clear();
    for (std::size_t i = 0; i < n; ++i) scratch_.push_back(map_lit(lits[i]));
    ensure_vars();
    return normalize(scratch_, mark_);
  }
  std::string external(Lit l) const { return names_.external(l); }

  // ---- the arena ----
  std::uint32_t size_at(Ref r) const { return arena_[r - 2] & kSizeMask; }
  bool garbage(Ref r) const { return (arena_[r - 2] & kGarbage) != 0; }
  bool tautology(Ref r) const { return (arena_[r - 2] & kTautology) != 0; }
  Ref place(const std::vector<Lit>& lits, bool taut) {
    if (arena_.size() + lits.size() + 2 >= UINT32_MAX) throw std::length_error("DRAT checker: clause arena exceeds 2^32 literals");
    if (lits.size() > kSizeMask) throw std::length_error("DRAT checker: a clause of 2^30 literals or more");
    arena_.push_back(static_cast<Lit>(lits.size()) | (taut ? kTautology : 0u));
    arena_.push_back(0);
    const auto ref = static_cast<Ref>(arena_.size());
    arena_.insert(arena_.end(), lits.begin(), lits.end());
    return ref;
  }
  // Moves the live blocks to the front once half the arena is garbage: the spare word of each old
  // block takes its new Ref, through which the watches, the reasons and the index are rewritten.
  void maybe_compact() {
    if (garbage_ < 4096 || 2 * garbage_ < arena_.size()) return;
    std::size_t to = 2;
    for (std::size_t p = 2; p < arena_.size(); p += (arena_[p] & kSizeMask) + 2) {
      if (arena_[p] & kGarbage) continue;
      arena_[p + 1] = static_cast<Lit>(to + 2);
      to += (arena_[p] & kSizeMask) + 2;
    }
    const auto moved = [this](Ref old) { return arena_[old - 1]; };
    for (std::vector<Watch>& ws : watches_) {
      std::size_t j = 0;
      for (const Watch& w : ws)
        if (!garbage(w.ref)) ws[j++] = {moved(w.ref), w.blocker};
      ws.resize(j);
    }
    for (std::vector<Watch>& ws : binaries_)
      for (Watch& w : ws) w.ref = moved(w.ref);
    for (const Lit l : trail_) {
      Ref& r = reason_[var_of(l)];
      if (r != kNoRef) r = moved(r);
    }
    index_.remap(moved);
    to = 2;
    for (std::size_t p = 2; p < arena_.size();) {
      const std::size_t words = (arena_[p] & kSizeMask) + 2;
      if (!(arena_[p] & kGarbage)) {
        if (to != p) std::memmove(arena_.data() + to, arena_.data() + p, words * sizeof(Lit));
        to += words;
      }
      p += words;
    }
    arena_.resize(to);
    garbage_ = 0;
  }

  // ---- assignment and propagation ----
  void assign(Lit l, Ref reason) {
    vals_[l] = 1;
    vals_[neg(l)] = -1;
    reason_[var_of(l)] = reason;
    trail_.push_back(l);
  }
  void backtrack(std::size_t to) {
    while (trail_.size() > to) {
      const Lit l = trail_.back();
      trail_.pop_back();
      vals_[l] = vals_[neg(l)] = 0;
    }
    head_ = std::min(head_, to);
  }
  // Unit propagation from head_: of each literal made false, the binary clauses first (the other
  // literal is in the watch: no visit to the arena), then the longer ones. (All the binaries of
  // every literal before any long clause was measured slower on CaDiCaL's C4 proof: 62 s against
  // 45 s for one watch list, where this order took 50 s against 55 s; bench/drat/forward.md.)
  // Returns a falsified clause or kNoRef.
  Ref propagate() {
    while (head_ < trail_.size()) {
      const Lit false_lit = neg(trail_[head_++]);
      for (const Watch& w : binaries_[false_lit]) {
        const signed char v = vals_[w.blocker];
        if (v == 1) continue;
        if (v == -1) return w.ref;
        assign(w.blocker, w.ref);
      }
      const Ref conflict = propagate_long(false_lit);
      if (conflict != kNoRef) return conflict;
    }
    return kNoRef;
  }
  // The clauses of three literals or more watching `false_lit`.
  Ref propagate_long(const Lit false_lit) {
    std::vector<Watch>& ws = watches_[false_lit];
    std::size_t i = 0, j = 0;
    const std::size_t n = ws.size();
    Ref conflict = kNoRef;
    while (i < n) {
      const Watch w = ws[i++];
      if (vals_[w.blocker] == 1) {
        ws[j++] = w;
        continue;
      }
      if (garbage(w.ref)) continue;  // a deleted clause's entry: dropped
      Lit* c = arena_.data() + w.ref;
      if (c[0] == false_lit) std::swap(c[0], c[1]);
      const Lit other = c[0];
      if (other != w.blocker && vals_[other] == 1) {
        ws[j++] = {w.ref, other};
        continue;
      }
      const std::uint32_t size = size_at(w.ref);
      bool moved = false;
      for (std::uint32_t k = 2; k < size; ++k) {
        if (vals_[c[k]] != -1) {
          std::swap(c[1], c[k]);
          watches_[c[1]].push_back({w.ref, other});
          moved = true;
          break;
        }
      }
      if (moved) continue;
      ws[j++] = {w.ref, other};
      if (vals_[other] == -1) {
        conflict = w.ref;
        break;
      }
      assign(other, w.ref);
    }
    while (i < n) ws[j++] = ws[i++];
    ws.resize(j);
    return conflict;
  }

  // Adds a clause (literals in scratch_) to the database at top level: placed, indexed, watched,
  // and propagated when it is unit. Returns a falsified clause (a top-level conflict) or kNoRef.
  Ref add_clause(bool taut) {
    const Ref ref = place(scratch_, taut);
    index_.insert(ClauseStore::hash(scratch_.data(), scratch_.size()), ref, options_.budget);
    if (taut) return kNoRef;
    Lit* c = arena_.data() + ref;
    const std::uint32_t n = size_at(ref);
    if (n == 1) {
      if (vals_[c[0]] == -1) return ref;
      if (vals_[c[0]] == 0) assign(c[0], ref);
      return propagate();
    }
    std::uint32_t front = 0;  // true literals first, then unassigned ones, into the two watches
    for (const signed char want : {1, 0})
      for (std::uint32_t i = front; i < n && front < 2; ++i)
        if (vals_[c[i]] == want) std::swap(c[front++], c[i]);
    auto& lists = n == 2 ? binaries_ : watches_;
    lists[c[0]].push_back({ref, c[1]});
    lists[c[1]].push_back({ref, c[0]});
    if (front == 0) return ref;
    if (front == 1 && vals_[c[0]] == 0) {
      assign(c[0], ref);
      return propagate();
    }
    return kNoRef;
  }

  // ---- the formula ----
  void add_formula() {
    for (std::size_t i = 0; i < cnf_.num_clauses(); ++i) {
      if (options_.budget && i % 1024 == 0) options_.budget->poll();
      const std::size_t b = cnf_.offsets[i], e = cnf_.offsets[i + 1];
      if (e == b) {
        trivially("accepted: the formula contains the empty clause");
        return;
      }
      const bool taut = load(cnf_.lits.data() + b, e - b);
      if (add_clause(taut) != kNoRef) {
        trivially("accepted: the formula is refuted by unit propagation alone");
        return;
      }
    }
  }
  void trivially(const char* message) {
    phase_ = Phase::Settled;
    result_.accepted = true;
    result_.trivially_unsat = true;
    result_.message = message;
  }

  // ---- proof steps ----
  void delete_clause(const std::vector<std::int32_t>& lits) {
    ++result_.deletions;
    load(lits.data(), lits.size());
    const ClauseId found = index_.take(ClauseStore::hash(scratch_.data(), scratch_.size()), [&](ClauseId ref) {
      if (size_at(ref) != scratch_.size()) return false;
      for (const Lit l : scratch_) mark_[l] = true;
      bool same = true;
      const Lit* c = arena_.data() + ref;
      for (std::uint32_t k = 0; k < scratch_.size() && same; ++k) same = mark_[c[k]];
      for (const Lit l : scratch_) mark_[l] = false;
      return same;
    });
    if (found == kNoClause) {
      ++result_.missing_deletions;
      return;
    }
    if (size_at(found) <= 1 || is_reason(found)) {
      ++result_.ignored_deletions;
      index_.insert(ClauseStore::hash(scratch_.data(), scratch_.size()), found, options_.budget);
      return;
    }
    if (size_at(found) == 2 && !tautology(found)) {  // out of the binaries' lists at once (they never look at the arena)
      for (const Lit l : {arena_[found], arena_[found + 1]}) {
        std::vector<Watch>& ws = binaries_[l];
        ws.erase(std::find_if(ws.begin(), ws.end(), [&](const Watch& w) { return w.ref == found; }));
      }
    }
    arena_[found - 2] |= kGarbage;
    garbage_ += size_at(found) + 2;
    maybe_compact();
  }
  bool is_reason(Ref ref) const {
    const Lit* c = arena_.data() + ref;
    for (std::uint32_t k = 0; k < size_at(ref); ++k)
      if (vals_[c[k]] == 1 && reason_[var_of(c[k])] == ref) return true;
    return false;
  }

  void add_lemma(std::size_t s, const std::vector<std::int32_t>& lits, const Location& where) {
    ++result_.lemmas;
    if (lits.empty()) {  // the top level is a conflict-free fixpoint: the empty clause is not RUP yet
      if (options_.lenient) {
        note_relaxation(Relaxation::PrematureEmptyClause);
        return;
      }
      result_.rejected_form = Relaxation::PrematureEmptyClause;
      reject(s, lits, where,
             std::string("the empty clause is not RUP: unit propagation finds no conflict; ") +
                 relaxation_rule(Relaxation::PrematureEmptyClause) + " (" + relaxation_lenient(Relaxation::PrematureEmptyClause) + ")");
      return;
    }
    const bool taut = load(lits.data(), lits.size());
    lemma_ = scratch_;
    ++result_.core_lemmas;
    if (!taut) {
      const std::string why = verify();
      if (!why.empty()) {
        reject(s, lits, where, why);
        return;
      }
    }
    scratch_ = lemma_;
    if (add_clause(taut) != kNoRef) {
      phase_ = Phase::Conflict;
      result_.conflict_step = s;
      if (!options_.require_empty_clause) {
        phase_ = Phase::Settled;
        accept();
      }
    }
  }

  // Empty if lemma_ is RUP, or RAT on its first literal (or, lenient, on another); else why not.
  std::string verify() {
    if (rup(lemma_.data(), lemma_.size())) return {};
    ++result_.rat_lemmas;
    std::string why;
    if (rat(lemma_[0], why)) return {};
    for (const Lit other : lemma_) {
      std::string ignored;
      if (other == lemma_[0] || !rat(other, ignored)) continue;
      if (options_.lenient) {
        note_relaxation(Relaxation::PivotNotFirst);
        return {};
      }
      result_.rejected_form = Relaxation::PivotNotFirst;
      return why + "; it is RAT on " + external(other) + ", which is not its first literal: " +
             relaxation_rule(Relaxation::PivotNotFirst) + " (" + relaxation_lenient(Relaxation::PivotNotFirst) + ")";
    }
    return why;
  }
  // Whether assuming the negation of `lits` and `more` conflicts by unit propagation (or a
  // literal is true already: the clause is satisfied, or the resolvent a tautology).
  bool rup(const Lit* lits, std::size_t n, const Lit* more = nullptr, std::size_t m = 0) {
    const std::size_t top = trail_.size();
    bool ok = assume_negation(lits, n) || assume_negation(more, m);
    if (!ok) ok = propagate() != kNoRef;
    backtrack(top);
    return ok;
  }
  bool assume_negation(const Lit* lits, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      if (vals_[lits[i]] == 1) return true;
      if (vals_[lits[i]] == 0) assign(neg(lits[i]), kNoRef);
    }
    return false;
  }
  // RAT on `pivot`: the resolvent with every clause of the database holding -pivot is RUP. The
  // arena is scanned (CaDiCaL's lemmas are RUP nearly always, so no occurrence lists are kept).
  bool rat(Lit pivot, std::string& why) {
    std::vector<Lit> rest;
    for (std::size_t p = 2; p < arena_.size(); p += (arena_[p] & kSizeMask) + 2) {
      if (options_.budget) options_.budget->tick();
      const auto ref = static_cast<Ref>(p + 2);
      if (garbage(ref) || tautology(ref)) continue;
      const Lit* c = arena_.data() + ref;
      const std::uint32_t size = size_at(ref);
      if (std::find(c, c + size, neg(pivot)) == c + size) continue;
      rest.clear();
      for (std::uint32_t k = 0; k < size; ++k)
        if (c[k] != neg(pivot)) rest.push_back(c[k]);
      if (!rup(lemma_.data(), lemma_.size(), rest.data(), rest.size())) {
        std::string clause;
        for (std::uint32_t k = 0; k < size && k < 12; ++k) clause += (k ? " " : "") + external(c[k]);
        if (size > 12) clause += " ...";
        why = "neither RUP nor RAT on pivot " + external(pivot) + ": the resolvent with the clause [" + clause + "] is not RUP";
        return false;
      }
    }
    return true;
  }

  void reject(std::size_t s, const std::vector<std::int32_t>& lits, const Location& where, const std::string& why) {
    phase_ = Phase::Settled;
    result_.accepted = false;
    result_.has_failed_step = true;
    result_.failed_step = s;
    result_.failed_where = where;
    std::string text = "step " + std::to_string(s) + " (" + where.str() + ") [";
    for (std::size_t k = 0; k < lits.size() && k < 12; ++k) text += (k ? " " : "") + std::to_string(lits[k]);
    if (lits.size() > 12) text += " ...";
    result_.message = "rejected: " + text + "]: " + why;
  }
  void accept() {
    result_.accepted = true;
    result_.message = "accepted (checked forward): the formula with the proof's clauses contradicts itself by unit propagation after "
                      "proof step " +
                      std::to_string(result_.conflict_step) + "; each of the " + std::to_string(result_.core_lemmas) +
                      " clauses the proof adds up to there was checked to follow from the clauses before it (" +
                      std::to_string(result_.core_lemmas - result_.rat_lemmas) + " by unit propagation, " +
                      (result_.rat_lemmas == 0 ? std::string("none") : std::to_string(result_.rat_lemmas)) +
                      " by the RAT rule); ignored, as drat-trim does: " + std::to_string(result_.ignored_deletions) +
                      " deletions of clauses that are a unit or the reason of one, " + std::to_string(result_.missing_deletions) +
                      " deletions of clauses not present";
    for (const auto& [form, count] : result_.relaxations)
      result_.message += "; lenient: " + std::string(relaxation_name(form)) + " x" + std::to_string(count);
  }
  void note_relaxation(Relaxation r) {
    for (auto& [form, count] : result_.relaxations)
      if (form == r) {
        ++count;
        return;
      }
    result_.relaxations.emplace_back(r, 1);
  }

  const Cnf& cnf_;
  const Options& options_;
  VariableNames names_;  // map_lit, external
  Phase phase_ = Phase::Checking;
  Result result_;
  std::size_t steps_ = 0;
  std::vector<Lit> arena_;
  std::size_t garbage_ = 0;
  ClauseIndex index_;
  std::vector<signed char> vals_;
  std::vector<bool> mark_;
  std::vector<Ref> reason_;
  std::vector<Lit> trail_;
  std::size_t head_ = 0;  // the next trail literal whose clauses to visit
  std::vector<std::vector<Watch>> watches_;   // per literal: the clauses of 3+ literals watching it
  std::vector<std::vector<Watch>> binaries_;  // per literal: the binary clauses holding it, the other literal as blocker
  std::vector<Lit> scratch_, lemma_;
};

}  // namespace carve::drat::detail

namespace carve::drat {

ForwardCheck::ForwardCheck(const Cnf& cnf, ProofFormat format, std::string name, const Options& options)
    : name_(std::move(name)), options_(options), format_(format) {
  try {
    checker_ = std::make_unique<detail::ForwardChecker>(cnf, options);
  } catch (const limits::LimitReached& e) {
    stopped_reason_ = e.what();
  }
  if (format != ProofFormat::Auto) decided_ = true;
}

ForwardCheck::~ForwardCheck() = default;

bool ForwardCheck::stopped() const { return !stopped_reason_.empty(); }

void ForwardCheck::feed(std::string_view bytes) {
  if (stopped() || bytes.empty()) return;
  if (!decided_) {
    held_.append(bytes);
    fed_ += bytes.size();
    if (held_.size() < 1024) return;
    decide();
    return;
  }
  if (format_ == ProofFormat::Text) {
    held_.append(bytes);
    fed_ += bytes.size();
    return;
  }
  parse_binary(bytes);
}

// The format from the first bytes (all of them when fewer than 1024 came): the held bytes are
// parsed if binary, kept if text.
void ForwardCheck::decide() {
  decided_ = true;
  format_ = detect_proof_format(held_);
  if (format_ == ProofFormat::Text) return;
  std::string first;
  first.swap(held_);
  fed_ -= first.size();
  parse_binary(first);
}

namespace {
[[noreturn]] void malformed_binary(std::string_view name, std::size_t byte, const std::string& message) {
  throw InputError(std::string(name) + ":byte " + std::to_string(byte) + ": " + message);
}
}  // namespace

// The binary format byte by byte, the state kept between pieces; the checks and messages are
// StepReader::next_binary's, at the same offsets.
void ForwardCheck::parse_binary(std::string_view bytes) {
  constexpr std::uint64_t kMaxCode = 2 * static_cast<std::uint64_t>(kMaxVariable) + 1;
  for (std::size_t i = 0; i < bytes.size() && !stopped(); ++i) {
    const std::size_t at = fed_ + i;
    const auto byte = static_cast<unsigned char>(bytes[i]);
    if (!in_step_) {
      if (byte != 'a' && byte != 'd')
        malformed_binary(name_, at, "expected step marker 'a' (0x61) or 'd' (0x64), got " + detail::TextCursor::hex(static_cast<char>(byte)));
      in_step_ = true;
      deletion_ = byte == 'd';
      step_start_ = at;
      lits_.clear();
      fresh_literal_ = true;
      continue;
    }
    if (fresh_literal_) {
      literal_start_ = at;
      code_ = 0;
      shift_ = 0;
      fresh_literal_ = false;
    }
    code_ |= static_cast<std::uint64_t>(byte & 0x7f) << shift_;
    if (code_ > kMaxCode) malformed_binary(name_, literal_start_, "literal out of range");
    if (byte & 0x80) {
      shift_ += 7;
      if (shift_ > 35) malformed_binary(name_, literal_start_, "literal encoding too long");
      continue;
    }
    fresh_literal_ = true;
    if (code_ == 1) malformed_binary(name_, literal_start_, "invalid literal encoding 1 (variable 0)");
    if (code_ != 0) {
      const auto var = static_cast<std::int32_t>(code_ >> 1);
      lits_.push_back((code_ & 1) ? -var : var);
      continue;
    }
    in_step_ = false;
    deliver(deletion_, Location{true, 0, 0, step_start_});
  }
  fed_ += bytes.size();
}

void ForwardCheck::deliver(bool deletion, const Location& where) {
  if (!checker_) return;
  try {
    checker_->step(deletion, lits_, where);
  } catch (const limits::LimitReached& e) {
    stopped_reason_ = e.what();
  }
}

Result ForwardCheck::finish(bool cut) {
  if (!stopped() && !decided_) decide();
  if (!stopped() && format_ == ProofFormat::Text) {
    detail::StepReader in(held_, ProofFormat::Text, name_, options_.budget, options_.lenient);
    bool deletion = false;
    Location where;
    try {
      while (!stopped() && in.next(deletion, lits_, where)) deliver(deletion, where);
    } catch (const limits::LimitReached& e) {
      stopped_reason_ = e.what();
    }
    stray_lines_ = in.stray_lines();
  }
  if (!cut && !stopped() && format_ == ProofFormat::Binary && in_step_)
    malformed_binary(name_, fed_, "truncated proof: step starting at byte " + std::to_string(step_start_) + " not terminated by 0");
  if (stopped()) {
    Result r = checker_ ? checker_->stopped(stopped_reason_) : Result{};
    r.accepted = false;
    r.limit_reached = true;
    r.message = stopped_reason_;
    return r;
  }
  return checker_->finish();
}

Result check_forward(const Cnf& cnf, std::string_view proof_bytes, ProofFormat format, std::string_view name, const Options& options,
                     std::size_t* stray_lines, const std::function<void(std::size_t, std::size_t)>& release) {
  constexpr std::size_t kPiece = std::size_t{4} << 20;
  ForwardCheck check(cnf, format, std::string(name), options);
  for (std::size_t at = 0; at < proof_bytes.size() && !check.stopped(); at += kPiece) {
    check.feed(proof_bytes.substr(at, kPiece));
    if (release) release(at, std::min(proof_bytes.size(), at + kPiece));
  }
  Result r = check.finish();
  if (stray_lines) *stray_lines = check.stray_lines();
  return r;
}

}  // namespace carve::drat
