// The DRAT checker: backward checking with core-first unit propagation over two watched
// literals, RUP for every core lemma and RAT on the lemma's first literal when RUP fails.
//
// Invariants kept between steps:
//  * the clause database is exactly the formula plus the lemmas added so far minus the
//    deletions performed so far (deletions of unit clauses and of clauses that are the reason
//    of a top-level assignment are ignored, as drat-trim does; keeping a clause is sound);
//  * the trail is the unit-propagation fixpoint of the database (or ends in a conflict) --
//    backward, between the removal of a reason lemma and the next lemma check it may be a
//    prefix of it (stale_), which restore_top() completes before any RUP/RAT check; every
//    trail literal has its reason clause in the database, and every clause of size >= 2 that
//    is not a tautology is watched by its first two literals (a detached clause's entries may
//    linger, marked stale in its header, until propagation or a compaction removes them);
//  * only the clauses in the database have their literals in the store: a clause the forward
//    pass deletes gives them up, and the backward pass, undoing the deletion, reads them again
//    from the deletion step (StepSource::lits_at); a lemma the backward pass removes gives them
//    up once checked. What is read again is checked to be what was deleted (restored_sum_);
//  * `core` clauses are exactly those some conflict analysis used; backward, every core lemma
//    is checked against the database as it was just before the lemma was added, and a lemma
//    becomes core only while a later (already removed) lemma or the final conflict is checked.
//
// Soundness argument in one line: each core lemma is RUP/RAT w.r.t. a database that only ever
// contains original clauses and earlier lemmas, and the final conflict only uses core clauses.
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "checkers/drat/clause_store.hpp"
#include "checkers/drat/variable_names.hpp"
#include "checkers/drat/drat.hpp"
#include "checkers/drat/mapped_file.hpp"
#include "checkers/drat/step_source.hpp"
#include "foundations/limits/budget.hpp"
#include "foundations/limits/progress.hpp"

namespace carve::drat {
namespace {

using detail::ClauseId;
using detail::ClauseStore;
using detail::kNoClause;
using detail::Lit;
using detail::neg;
using detail::Ref;
using detail::VariableNames;
using detail::var_of;

constexpr Ref kNoReason = UINT32_MAX;  // an assumption made while checking a lemma

struct Watch {
  Ref ref;
  Lit blocker;  // some other literal of the clause; if true the clause need not be visited
};

class Checker {
public:
  Checker(const Cnf& cnf, detail::StepSource& source, const Options& options)
      : cnf_(cnf), source_(source), options_(options), names_(cnf), store_(options.budget) {}

  Result run();
  // Reads the steps not read yet (a malformed one throws InputError, as read_proof would have);
  // returns how many there were. Every answer reads the whole proof, as when it was read first.
  std::size_t drain() {
    std::size_t n = 0;
    bool deletion = false;
    std::vector<std::int32_t> lits;
    while (source_.next(deletion, lits)) ++n;
    return n;
  }
  // The answer when the budget ran out: neither accepted nor rejected, with the statistics so far.
  Result stopped(const std::string& reason) {
    result_.accepted = false;
    result_.limit_reached = true;
    result_.has_failed_step = false;
    result_.message = reason;
    return result_;
  }

private:
  // One unit of work of `pass` at step s of n (a formula clause, a proof step). A backward step
  // may propagate along the whole formula, so the clock is read at every step, not every 1024th.
  void tick(const char* pass, std::size_t s, std::size_t n) {
    if (options_.budget) options_.budget->poll();
    if (options_.progress && options_.progress->due())
      options_.progress->show(std::string(pass) + " step " + std::to_string(s) + (n ? "/" + std::to_string(n) : "") + ", core lemmas " +
                              std::to_string(result_.core_lemmas) + ", RAT " + std::to_string(result_.rat_lemmas));
  }

  // ---- literal mapping (variable_names.hpp) ----
  Lit map_lit(std::int32_t lit) { return names_.lit(lit); }

  // Removes duplicate literals; returns true if the clause is a tautology. Keeps order.
  bool normalize(std::vector<Lit>& lits) { return detail::normalize(lits, mark_); }

  // ---- assignment ---------------------------------------------------------------------------
  signed char value(Lit l) const { return vals_[l]; }
  // redo_[i]: no clause has looked at trail_[i] from a trail position below this (the lower
  // of the two heads when it was assigned, lowered by attach()); undoing trail_[i] re-propagates
  // from there (undo_top()).
  void assign(Lit l, Ref reason) {
    vals_[l] = 1;
    vals_[neg(l)] = -1;
    reason_[var_of(l)] = reason;
    pos_[var_of(l)] = trail_.size();
    redo_.push_back(std::min(head_core_ > 0 ? head_core_ - 1 : 0, head_all_));
    trail_.push_back(l);
  }
  void backtrack(std::size_t to) {
    while (trail_.size() > to) {
      const Lit l = trail_.back();
      trail_.pop_back();
      redo_.pop_back();
      vals_[l] = vals_[neg(l)] = 0;
    }
    head_core_ = std::min(head_core_, to);
    head_all_ = std::min(head_all_, to);
  }

  // ---- watches ------------------------------------------------------------------------------
  std::vector<Watch>& watches(Lit l, bool core) { return core ? watch_core_[l] : watch_all_[l]; }

  // Moves true literals, then unassigned ones, to the front and watches the first two; a false
  // second watch is the one assigned last, and the first watch's redo_ is lowered to it, so that
  // undoing a suffix of the trail (undo_top) that unassigns the first watch but not the second
  // revisits the clause. Returns 0 if fine, 1 if the clause is unit (its first literal must be
  // assigned; the caller then calls note_watch), 2 if it is falsified. Requires size >= 2.
  int attach(ClauseId id) {
    const Ref ref = store_.ref(id);
    const bool core = store_.core(id);
    Lit* c = store_.lits(id);
    const std::uint32_t n = store_.size(id);
    std::uint32_t front = 0;
    for (signed char want : {1, 0}) {
      for (std::uint32_t i = front; i < n && front < 2; ++i) {
        if (value(c[i]) == want) std::swap(c[front++], c[i]);
      }
    }
    if (front <= 1) {
      // c[front..n) are false: put the latest-assigned one at position 1 (and, with no literal
      // left that is not false, the second latest at position 0).
      for (std::uint32_t k = front; k < 2 && k < n; ++k) {
        std::uint32_t best = k;
        for (std::uint32_t i = k + 1; i < n; ++i)
          if (pos_[var_of(c[i])] > pos_[var_of(c[best])]) best = i;
        std::swap(c[k], c[best]);
      }
      if (front == 0) std::swap(c[0], c[1]);
    }
    watches(c[0], core).push_back({ref, c[1]});
    watches(c[1], core).push_back({ref, c[0]});
    if (front == 0) return 2;
    if (front == 1 && value(c[0]) == 1) note_watch(c[0], c[1]);
    if (front == 1 && value(c[0]) == 0) return 1;
    return 0;
  }
  // The clause watching `kept` (true) and `gone` (false) must be revisited if `kept` is undone.
  void note_watch(Lit kept, Lit gone) {
    std::size_t& r = redo_[pos_[var_of(kept)]];
    r = std::min(r, pos_[var_of(gone)]);
  }

  // Detaching is lazy: searching the watch lists for every deleted clause and removed lemma was
  // three quarters of a check's time (the shape formulas' watch lists run long). The clause is
  // marked unwatched in its header; visit() and collect() drop its entries when they meet them.
  // A clause is detached only on its way out of the store (release_clause), so it is never
  // watched again: a deletion undone is a new block, watched afresh.
  void detach(ClauseId id) {
    if (store_.size(id) < 2 || store_.tautology(id)) return;
    store_.set_unwatched(store_.ref(id), true);
  }
  // Out of the database for good, or until the backward pass reads it again: its block given up.
  void release_clause(ClauseId id) {
    store_.release(id);
    const std::size_t garbage = store_.garbage();
    if (garbage > kCollectAt && garbage > vals_.size() && 2 * garbage > store_.arena_words()) collect();
  }
  // Moves the resident clauses together (ClauseStore::compact) once half the arena is given up:
  // the watch entries of clauses detached are dropped, the rest and the reasons of the trail are
  // moved with their clauses. Called between steps only, where no other ref is held. Its work, the
  // arena and every watch list, is paid for by the words given up since the last (at least half
  // the arena, and one a watch list), so small formulas collect too, as the tests' do.
  void collect() {
    store_.compact([this](auto moved) {
      for (auto* lists : {&watch_core_, &watch_all_}) {
        for (std::vector<Watch>& ws : *lists) {
          std::size_t j = 0;
          for (const Watch& w : ws)
            if (!store_.unwatched_at(w.ref)) ws[j++] = {moved(w.ref), w.blocker};
          ws.resize(j);
        }
      }
      for (const Lit l : trail_) {
        Ref& r = reason_[var_of(l)];
        if (r != kNoReason) r = moved(r);
      }
    });
  }
  static constexpr std::size_t kCollectAt = 1024;  // arena words given up, at least

  // ---- propagation --------------------------------------------------------------------------
  // Core-first: core clauses are propagated to fixpoint before a single non-core literal is
  // visited. Returns the ref of a falsified clause or kNoReason.
  Ref propagate() {
    for (;;) {
      while (head_core_ < trail_.size()) {
        const Ref conflict = visit(neg(trail_[head_core_++]), true);
        if (conflict != kNoReason) return conflict;
      }
      if (head_all_ >= trail_.size()) return kNoReason;
      const Ref conflict = visit(neg(trail_[head_all_++]), false);
      if (conflict != kNoReason) return conflict;
    }
  }

  // Visits the clauses watching `false_lit` in the core or the non-core list. A clause found
  // in the non-core list that has become core since is moved to the core list.
  Ref visit(Lit false_lit, bool core_list) {
    std::vector<Watch>& ws = watches(false_lit, core_list);
    std::size_t i = 0, j = 0;
    const std::size_t n = ws.size();
    Ref conflict = kNoReason;
    while (i < n) {
      const Watch w = ws[i++];
      if (vals_[w.blocker] == 1) {
        ws[j++] = w;
        continue;
      }
      if (store_.unwatched_at(w.ref)) continue;  // an entry left by a detached clause: dropped
      Lit* c = store_.at(w.ref);
      if (c[0] == false_lit) std::swap(c[0], c[1]);
      const Lit other = c[0];
      const bool is_core = core_list || store_.core(store_.id_of(w.ref));
      std::vector<Watch>& keep_in = is_core && !core_list ? watch_core_[false_lit] : ws;
      if (other != w.blocker && vals_[other] == 1) {
        keep(ws, j, keep_in, {w.ref, other});
        continue;
      }
      const std::uint32_t size = store_.size_at(w.ref);
      bool moved = false;
      for (std::uint32_t k = 2; k < size; ++k) {
        if (vals_[c[k]] != -1) {
          std::swap(c[1], c[k]);
          watches(c[1], is_core).push_back({w.ref, other});
          moved = true;
          break;
        }
      }
      if (moved) continue;
      keep(ws, j, keep_in, {w.ref, other});
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
  static void keep(std::vector<Watch>& ws, std::size_t& j, std::vector<Watch>& target, Watch w) {
    if (&target == &ws) {
      ws[j++] = w;
    } else {
      target.push_back(w);
    }
  }

  // ---- conflict analysis --------------------------------------------------------------------
  void mark_core(ClauseId id) { store_.set_core(id); }

  // Marks core the reasons of the variables in seen_ (pending of them), walking the trail down.
  void mark_reasons(std::size_t pending) {
    for (std::size_t i = trail_.size(); pending > 0 && i-- > 0;) {
      const std::uint32_t v = var_of(trail_[i]);
      if (!seen_[v]) continue;
      seen_[v] = false;
      --pending;
      const Ref r = reason_[v];
      if (r == kNoReason) continue;
      mark_core(store_.id_of(r));
      // A lemma's variable false at top level keeps its top-level reason here, but an LRAT checker
      // assumes it false with the lemma's negation: that reason is then satisfied, which a strict
      // checker (ACL2's verified one) rejects as "not a unit". So it is no hint; the clauses
      // behind it still are, each a unit in trail order. The literal analyze_literal explains is
      // the exception: its reason is the clause the negation falsifies.
      if (options_.record_lrat && !(assumed_[v] && v != explained_)) used_.push_back(store_.id_of(r));
      const Lit* c = store_.at(r);
      const std::uint32_t size = store_.size_at(r);
      for (std::uint32_t k = 0; k < size; ++k) {
        const std::uint32_t u = var_of(c[k]);
        if (u != v && !seen_[u]) {
          seen_[u] = true;
          ++pending;
        }
      }
    }
  }
  // With record_lrat, both analyses leave in used_ the clauses they marked, in trail order (each
  // unit when its turn comes), the conflict last: the hints of an LRAT step.
  void analyze_conflict(Ref conflict) {
    used_.clear();
    mark_core(store_.id_of(conflict));
    const Lit* c = store_.at(conflict);
    const std::uint32_t size = store_.size_at(conflict);
    std::size_t pending = 0;
    for (std::uint32_t k = 0; k < size; ++k) {
      const std::uint32_t v = var_of(c[k]);
      if (!seen_[v]) {
        seen_[v] = true;
        ++pending;
      }
    }
    mark_reasons(pending);
    std::reverse(used_.begin(), used_.end());
    if (options_.record_lrat) used_.push_back(store_.id_of(conflict));
  }
  void analyze_literal(Lit l) {  // l is true: mark what made it true (its reason ends the chain)
    used_.clear();
    seen_[var_of(l)] = true;
    explained_ = var_of(l);
    mark_reasons(1);
    explained_ = 0;
    std::reverse(used_.begin(), used_.end());
  }

  // ---- top level ----------------------------------------------------------------------------
  // Recomputes the top-level fixpoint from the active unit clauses. Returns a conflict ref or
  // kNoReason.
  Ref rebuild_top() {
    backtrack(0);
    head_core_ = head_all_ = 0;
    return restore_top();
  }

  // Removes the top-level assignments from trail position `from` on (the literal whose reason is
  // a lemma being removed, and everything assigned after it). Every clause that looked at the
  // undone literals did so from a trail position >= min(redo_), so re-visiting the watches from
  // there (and re-assigning the active units) finds every clause that implies something again;
  // restore_top() does that, once, before the next lemma is verified -- most removed lemmas are
  // not core and need no fixpoint, and consecutive undos share one re-propagation.
  void undo_top(std::size_t from) {
    std::size_t again = from;
    for (std::size_t i = from; i < redo_.size(); ++i) again = std::min(again, redo_[i]);
    backtrack(from);
    head_core_ = std::min(head_core_, again);
    head_all_ = std::min(head_all_, again);
    stale_ = true;
  }
  // Re-assigns the active units and propagates from the heads. Returns a conflict ref or kNoReason.
  Ref restore_top() {
    stale_ = false;
    for (const ClauseId id : units_) {
      if (!store_.active(id)) continue;
      const Lit l = store_.lits(id)[0];
      if (value(l) == -1) return store_.ref(id);
      if (value(l) == 0) assign(l, store_.ref(id));
    }
    return propagate();
  }
  // The trail position of the top-level literal whose reason is clause `id`.
  std::size_t reason_position(ClauseId id) const {
    const Ref ref = store_.ref(id);
    const Lit* c = store_.lits(id);
    for (std::uint32_t k = 0; k < store_.size(id); ++k)
      if (vals_[c[k]] == 1 && reason_[var_of(c[k])] == ref) return pos_[var_of(c[k])];
    return trail_.size();
  }

  // Activates clause `id` at top level: watches it, assigns it if unit, then propagates.
  // Returns a conflict ref or kNoReason.
  Ref activate(ClauseId id) {
    store_.set_active(id, true);
    if (store_.tautology(id)) return kNoReason;
    const Ref ref = store_.ref(id);
    if (store_.size(id) == 1) {
      const Lit l = store_.lits(id)[0];
      if (value(l) == -1) return ref;
      if (value(l) == 0) assign(l, ref);
      return propagate();
    }
    const int status = attach(id);
    if (status == 2) return ref;
    if (status == 1) {
      assign(store_.lits(id)[0], ref);
      note_watch(store_.lits(id)[0], store_.lits(id)[1]);
    }
    return propagate();
  }

  bool is_reason(ClauseId id) const {
    const Ref ref = store_.ref(id);
    const Lit* c = store_.lits(id);
    for (std::uint32_t k = 0; k < store_.size(id); ++k) {
      if (vals_[c[k]] == 1 && reason_[var_of(c[k])] == ref) return true;
    }
    return false;
  }

  ClauseId new_clause(const std::int32_t* lits, std::size_t n, std::int64_t origin) {
    scratch_.clear();
    for (std::size_t i = 0; i < n; ++i) scratch_.push_back(map_lit(lits[i]));
    ensure_vars();
    const bool tautology = normalize(scratch_);
    const ClauseId id = store_.add(scratch_, origin, tautology);
    if (scratch_.size() == 1) units_.push_back(id);
    return id;
  }
  void ensure_vars() {
    const std::size_t vars = names_.vars() + 1;
    if (vals_.size() >= 2 * vars) return;
    const std::size_t cap = std::max(2 * vars, vals_.size() * 2);
    vals_.resize(cap, 0);
    mark_.resize(cap, false);
    watch_core_.resize(cap);
    watch_all_.resize(cap);
    reason_.resize(cap / 2, kNoReason);
    pos_.resize(cap / 2, 0);
    seen_.resize(cap / 2, false);
    assumed_.resize(cap / 2, false);
  }

  // ---- lemma checks -------------------------------------------------------------------------
  // Assigns the negation of `lits` as assumptions. Returns true if the clause is already
  // satisfied (a literal true at top level; its reasons are marked) or contains a literal
  // together with one just assumed false (tautological resolvent).
  bool assume_negation(const Lit* lits, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      const Lit l = lits[i];
      if (value(l) == 1) {
        if (reason_[var_of(l)] != kNoReason) analyze_literal(l);
        return true;
      }
      if (value(l) == 0) assign(neg(l), kNoReason);
    }
    return false;
  }
  void mark_assumed(const Lit* lits, std::size_t n, const Lit* more, std::size_t m, bool on) {
    for (std::size_t i = 0; i < n; ++i) assumed_[var_of(lits[i])] = on;
    for (std::size_t i = 0; i < m; ++i) assumed_[var_of(more[i])] = on;
  }
  // With record_lrat, used_ holds the hints afterwards (empty for a tautological resolvent).
  bool rup(const Lit* lits, std::size_t n, const Lit* more = nullptr, std::size_t m = 0) {
    const std::size_t top = trail_.size();
    used_.clear();
    if (options_.record_lrat) mark_assumed(lits, n, more, m, true);
    bool ok = assume_negation(lits, n) || assume_negation(more, m);
    if (!ok) {
      const Ref conflict = propagate();
      if (conflict != kNoReason) {
        analyze_conflict(conflict);
        ok = true;
      }
    }
    if (options_.record_lrat) mark_assumed(lits, n, more, m, false);
    backtrack(top);
    return ok;
  }

  // Returns an empty string if lemma `id` is RUP or RAT, else the reason it is neither. RAT is
  // tried on the lemma's first literal, as the DRAT format says; when that fails, on each other
  // literal: a success there is accepted when lenient, and named as the broken rule otherwise.
  // With record_lrat, lrat_ gets the lemma's LRAT step.
  std::string verify(ClauseId id) {
    const std::vector<Lit> lemma(store_.lits(id), store_.lits(id) + store_.size(id));
    Lit pivot = 0;
    if (!read_again(static_cast<std::size_t>(store_.origin(id)), lemma, pivot)) return kChangedWhileChecked;
    if (rup(lemma.data(), lemma.size())) {
      record_lemma(id, lemma, pivot, nullptr);
      return {};
    }
    ++result_.rat_lemmas;
    std::string why;
    if (rat(id, lemma, pivot, why)) return {};
    for (const Lit other : lemma) {
      std::string ignored;
      if (other == pivot || !rat(id, lemma, other, ignored)) continue;
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

  // RAT on `pivot`: every resolvent with an active clause holding -pivot is RUP. On success the
  // candidates are core and (record_lrat) the lemma's LRAT step is recorded with `pivot` first.
  bool rat(ClauseId id, const std::vector<Lit>& lemma, Lit pivot, std::string& why) {
    std::vector<Lit> rest;
    std::vector<LratHint> hints;
    for (ClauseId d = 0; d < store_.size(); ++d) {
      if (options_.budget) options_.budget->tick();
      if (!store_.active(d) || d == id) continue;
      const Lit* c = store_.lits(d);
      const std::uint32_t size = store_.size(d);
      if (std::find(c, c + size, neg(pivot)) == c + size) continue;
      // A tautology resolves to a tautology: an LRAT checker still wants it named, with no hints.
      if (options_.record_lrat) hints.push_back({store_.origin(d), true});
      if (store_.tautology(d)) continue;
      rest.clear();
      for (std::uint32_t k = 0; k < size; ++k) {
        if (c[k] != neg(pivot)) rest.push_back(c[k]);
      }
      if (!rup(lemma.data(), lemma.size(), rest.data(), rest.size())) {
        why = "neither RUP nor RAT on pivot " + external(pivot) + ": the resolvent with " +
              describe_origin(store_.origin(d)) + " is not RUP";
        return false;
      }
      mark_core(d);
      for (const ClauseId u : used_) hints.push_back({store_.origin(u), false});
    }
    record_lemma(id, lemma, pivot, &hints);
    return true;
  }

  // The LRAT step of a verified lemma: its literals with `pivot` first; the RAT hints when given,
  // else the RUP hints in used_.
  void record_lemma(ClauseId id, const std::vector<Lit>& lemma, Lit pivot, const std::vector<LratHint>* rat_hints) {
    if (!options_.record_lrat) return;
    LratLemma step;
    step.step = static_cast<std::size_t>(store_.origin(id));
    step.clause.push_back(external_int(pivot));
    for (const Lit l : lemma)
      if (l != pivot) step.clause.push_back(external_int(l));
    if (rat_hints) {
      step.hints = *rat_hints;
    } else {
      for (const ClauseId u : used_) step.hints.push_back({store_.origin(u), false});
    }
    result_.lrat.push_back(std::move(step));
  }
  std::int32_t external_int(Lit l) const { return static_cast<std::int32_t>(std::stoll(external(l))); }

  // The LRAT step of the empty clause: the formula's own empty clause, else the hints of the
  // top-level conflict analysed last (used_).
  void record_refutation(ClauseId empty, std::size_t step) {
    LratLemma refutation;
    refutation.step = step;
    if (empty != kNoClause) {
      refutation.hints.push_back({store_.origin(empty), false});
    } else {
      for (const ClauseId u : used_) refutation.hints.push_back({store_.origin(u), false});
    }
    result_.lrat.push_back(std::move(refutation));
  }

  void note_relaxation(Relaxation r) {
    for (auto& [form, count] : result_.relaxations)
      if (form == r) {
        ++count;
        return;
      }
    result_.relaxations.emplace_back(r, 1);
  }

  std::string external(Lit l) const { return names_.external(l); }
  std::string describe_origin(std::int64_t origin) const {
    if (origin < 0) {  // original clause i = -1 - origin, reported 1-based with its line
      const auto i = static_cast<std::size_t>(-1 - origin);
      std::string text = "original clause " + std::to_string(i + 1);
      if (i < cnf_.lines.size() && cnf_.lines[i] > 0) text += " (line " + std::to_string(cnf_.lines[i]) + ")";
      return text;
    }
    bool deletion = false;
    std::vector<std::int32_t> lits;
    Location at;
    source_.at(static_cast<std::size_t>(origin), deletion, lits, at);
    return "lemma at step " + std::to_string(origin) + " (" + at.str() + ")";
  }
  // Step s as the proof writes it (read again from the source: one pass over a streamed proof);
  // `where` (may be null) receives its location.
  std::string describe_step(std::size_t s, Location* where = nullptr) const {
    bool deletion = false;
    std::vector<std::int32_t> lits;
    Location at;
    source_.at(s, deletion, lits, at);
    if (where) *where = at;
    std::string text = "step " + std::to_string(s) + " (" + at.str() + ") ";
    text += deletion ? "d [" : "[";
    for (std::size_t k = 0; k < lits.size() && k < 12; ++k) text += (k ? " " : "") + std::to_string(lits[k]);
    if (lits.size() > 12) text += " ...";
    return text + "]";
  }
  // The forward pass's record: of each step whether it deletes and whether it has a clause (a
  // lemma added, a deletion performed); the clause of each deletion performed, in order (a lemma's
  // is the next id); the step whose clause gave the first top-level conflict, and that conflict.
  // Two bits a step and 4 bytes a deletion, where a clause id a step took 4 bytes a step.
  struct Forward {
    std::vector<bool> deletion;
    std::vector<bool> kept;
    std::vector<ClauseId> deleted_clause;
    std::vector<Lit> deleted;  // scratch: a deletion step's literals
    std::size_t last = 0;
    Ref conflict = kNoReason;
  };
  // Backward, from the last step down: the clause of step s (kNoClause: none). Lemmas were given
  // their ids in step order and deletions are undone in reverse, so two counters say it.
  struct Backward {
    ClauseId next_lemma;           // one past the id of the next lemma met
    std::size_t next_deletion;     // one past the index (in deleted_clause) of the next deletion met
    ClauseId clause(const Forward& f, std::size_t s) {
      if (!f.kept[s]) return kNoClause;
      return f.deletion[s] ? f.deleted_clause[--next_deletion] : --next_lemma;
    }
  };

  // ---- clauses read again ------------------------------------------------------------------
  // A deleted clause is restored from its deletion step read again; the sum of the fingerprints of
  // the clauses deleted, less those of the clauses restored, must come back to 0 -- the bytes read
  // again are the bytes read first (a file rewritten during the check is caught, not trusted).
  static std::uint64_t fingerprint(ClauseId id, const std::vector<Lit>& lits) {
    return ClauseStore::hash(lits.data(), lits.size()) * 0x9e3779b97f4a7c15ull + id;
  }
  // The literals of step s read again, mapped and duplicate-free, into scratch_.
  void read_step_again(std::size_t s) {
    source_.lits_at(s, again_);
    scratch_.clear();
    for (const std::int32_t l : again_) scratch_.push_back(map_lit(l));
    ensure_vars();
    normalize(scratch_);
  }
  void restore(std::size_t s, ClauseId id) {
    read_step_again(s);
    restored_sum_ -= fingerprint(id, scratch_);
    store_.place(id, scratch_);
  }
  // The lemma of step s read again: its first literal (the RAT pivot) into `pivot`; false when the
  // literals read are not `lemma`'s (as sets).
  bool read_again(std::size_t s, const std::vector<Lit>& lemma, Lit& pivot) {
    source_.lits_at(s, again_);
    if (again_.empty()) return false;
    pivot = map_lit(again_[0]);
    read_step_again(s);
    if (scratch_.size() != lemma.size()) return false;
    for (const Lit l : lemma) mark_[l] = true;
    bool same = true;
    for (const Lit l : scratch_) same = same && mark_[l];
    for (const Lit l : lemma) mark_[l] = false;
    return same;
  }
  static constexpr const char* kChangedWhileChecked =
      "the proof read again differs from its first reading: was the file changed while it was checked?";
  bool tracing() const { return options_.record_trace || options_.record_lrat; }
  bool add_formula(Ref& conflict);
  bool add_proof_until_conflict(Forward& f, std::size_t hint);
  void delete_forward(std::size_t s, const std::vector<std::int32_t>& lits, Forward& f);
  bool find_empty_clause(std::size_t last, std::size_t& steps);
  bool check_core_lemmas_backward(const Forward& f);
  void accept(const Forward& f, std::size_t steps, std::size_t hint);

  Result reject(std::size_t s, const std::string& why) {
    result_.accepted = false;
    result_.has_failed_step = true;
    result_.failed_step = s;
    result_.message = "rejected: " + describe_step(s, &result_.failed_where) + ": " + why;
    return result_;
  }

  const Cnf& cnf_;
  detail::StepSource& source_;
  const Options& options_;
  VariableNames names_;  // map_lit, external
  Result result_;
  ClauseStore store_;
  std::vector<signed char> vals_;
  std::vector<bool> mark_;
  std::vector<Ref> reason_;
  std::vector<bool> seen_;
  std::vector<bool> assumed_;  // record_lrat: the variables of the lemma being checked (see mark_reasons)
  std::uint32_t explained_ = 0;  // record_lrat: the variable analyze_literal explains (0: none)
  std::vector<Lit> trail_;
  std::vector<std::size_t> pos_;   // per variable: its trail position while assigned
  std::vector<std::size_t> redo_;  // per trail position, see assign()
  bool stale_ = false;             // the trail is not the fixpoint: restore_top() before a check
  std::size_t head_core_ = 0, head_all_ = 0;
  std::vector<std::vector<Watch>> watch_core_, watch_all_;
  std::vector<ClauseId> units_;
  std::vector<Lit> scratch_;
  std::vector<ClauseId> used_;  // the last analysis's clauses (record_lrat), see analyze_conflict
  std::vector<std::int32_t> again_;  // a step read again (lits_at)
  std::uint64_t restored_sum_ = 0;   // see fingerprint()
};

// The check in the order of the invariants above: the formula, the proof forward until the first
// top-level conflict, the rest of the proof read, then every core lemma checked backward. Each step
// returns false when it has settled the answer in result_.
Result Checker::run() {
  const std::size_t hint = source_.steps();
  // The arena is reserved for every literal it could ever hold; only what is held is touched.
  store_.reserve(cnf_.num_clauses() + hint, cnf_.lits.size() + source_.literals() + 2 * (cnf_.num_clauses() + hint),
                 cnf_.num_clauses());
  ensure_vars();
  if (tracing()) result_.deletion_targets.assign(hint, Result::kNoTarget);
  Forward f;
  if (!add_formula(f.conflict)) return result_;
  // Every formula clause may be deleted by the proof: indexed in one go, now that the formula
  // alone does not refute itself.
  store_.index_range(0, static_cast<ClauseId>(cnf_.num_clauses()));
  if (!add_proof_until_conflict(f, hint)) return result_;
  result_.conflict_step = f.last;
  std::size_t steps = f.deletion.size();  // read so far; the rest only for the empty clause
  if (options_.require_empty_clause && !find_empty_clause(f.last, steps)) return result_;
  // The rest of the proof is read too, so that a malformed step anywhere is the reader's error
  // (InputError), as when the proof is read whole first -- before the backward pass's work.
  steps += drain();
  if (!check_core_lemmas_backward(f)) return result_;
  accept(f, steps, hint);
  return result_;
}

// Forward pass, part 1: the formula, activated clause by clause until unit propagation
// conflicts. When the formula holds the empty clause or propagation alone refutes it, the
// answer is settled (accepted, trivially) and this returns false.
bool Checker::add_formula(Ref& conflict) {
  bool empty_original = false;
  ClauseId empty_id = kNoClause;  // the formula's first empty clause
  for (std::size_t i = 0; i < cnf_.num_clauses(); ++i) {
    tick("formula", i, cnf_.num_clauses());
    const std::size_t b = cnf_.offsets[i], e = cnf_.offsets[i + 1];
    const ClauseId id = new_clause(cnf_.lits.data() + b, e - b, -1 - static_cast<std::int64_t>(i));
    if (e == b && !empty_original) empty_id = id;
    if (e == b) empty_original = true;
    if (conflict == kNoReason && !empty_original) {
      conflict = activate(id);
    } else {
      store_.set_active(id, true);
    }
  }
  if (!empty_original && conflict == kNoReason) return true;
  drain();  // the proof is not needed, but a malformed one is still the reader's error
  result_.accepted = true;
  result_.trivially_unsat = true;
  if (options_.record_lrat && !empty_original) analyze_conflict(conflict);
  if (options_.record_lrat) record_refutation(empty_id, 0);
  result_.message = empty_original ? "accepted: the formula contains the empty clause"
                                   : "accepted: the formula is refuted by unit propagation alone";
  return false;
}

// Forward pass, part 2: the proof, until the first top-level conflict. Of each step only its
// clause and whether it deletes are kept (the source gives a step again for a message).
bool Checker::add_proof_until_conflict(Forward& f, std::size_t hint) {
  f.kept.reserve(hint);
  f.deletion.reserve(hint);
  std::vector<std::int32_t> lits;
  bool reached = false, is_deletion = false;
  for (std::size_t s = 0; !reached && source_.next(is_deletion, lits); ++s) {
    tick("forward", s, hint);
    f.kept.push_back(false);
    f.deletion.push_back(is_deletion);
    if (tracing() && s >= result_.deletion_targets.size()) result_.deletion_targets.push_back(Result::kNoTarget);
    if (is_deletion) {
      delete_forward(s, lits, f);
      continue;
    }
    ++result_.lemmas;
    if (lits.empty()) {
      // Only reached before a top-level conflict: the empty clause does not follow yet.
      if (options_.lenient) {
        note_relaxation(Relaxation::PrematureEmptyClause);
        continue;
      }
      result_.rejected_form = Relaxation::PrematureEmptyClause;
      drain();
      reject(s, std::string("the empty clause is not RUP: unit propagation finds no conflict; ") +
                    relaxation_rule(Relaxation::PrematureEmptyClause) + " (" +
                    relaxation_lenient(Relaxation::PrematureEmptyClause) + ")");
      return false;
    }
    const ClauseId id = new_clause(lits.data(), lits.size(), static_cast<std::int64_t>(s));
    f.kept[s] = true;
    store_.index(id);
    f.conflict = activate(id);
    if (f.conflict != kNoReason) {
      reached = true;
      f.last = s;
    }
  }
  if (reached) return true;
  result_.accepted = false;
  result_.message = "rejected: the proof does not derive the empty clause (no top-level conflict after " +
                    std::to_string(f.deletion.size()) + " steps)";
  return false;
}

// A deletion step of the forward pass: the clause leaves the database unless it is a unit or
// the reason of one (ignored, as drat-trim does) or is not there at all.
void Checker::delete_forward(std::size_t s, const std::vector<std::int32_t>& lits, Forward& f) {
  ++result_.deletions;
  std::vector<Lit>& del = f.deleted;
  del.clear();
  for (const std::int32_t l : lits) del.push_back(map_lit(l));
  ensure_vars();
  normalize(del);
  const ClauseId id = store_.take(del, mark_);
  if (id == kNoClause) {
    ++result_.missing_deletions;
  } else if (store_.size(id) <= 1 || is_reason(id)) {
    ++result_.ignored_deletions;
    store_.index(id);  // still in the database, so a later deletion may match it again
  } else {
    detach(id);
    store_.set_active(id, false);
    f.kept[s] = true;
    f.deleted_clause.push_back(id);
    if (tracing()) result_.deletion_targets[s] = store_.origin(id);
    restored_sum_ += fingerprint(id, del);
    release_clause(id);
  }
}

// With require_empty_clause: the proof, read on after its conflict, must add the empty clause
// (or, lenient, the omission is noted). `steps` counts the steps read.
bool Checker::find_empty_clause(std::size_t last, std::size_t& steps) {
  bool has_empty = false, is_deletion = false;
  std::vector<std::int32_t> lits;
  while (!has_empty && source_.next(is_deletion, lits)) {
    has_empty = !is_deletion && lits.empty();
    ++steps;
  }
  if (has_empty) return true;
  if (options_.lenient) {
    note_relaxation(Relaxation::NoEmptyClause);
    return true;
  }
  drain();
  result_.accepted = false;
  result_.rejected_form = Relaxation::NoEmptyClause;
  result_.message = "rejected: unit propagation conflicts after " + describe_step(last) +
                    " but the proof never adds the empty clause: " + relaxation_rule(Relaxation::NoEmptyClause) + " (" +
                    relaxation_lenient(Relaxation::NoEmptyClause) + ")";
  return false;
}

// Backward pass: from the conflict's step down, deletions undone and lemmas removed, every core
// lemma checked (RUP, else RAT) against the database as it was just before it was added.
bool Checker::check_core_lemmas_backward(const Forward& f) {
  analyze_conflict(f.conflict);
  if (options_.record_lrat) record_refutation(kNoClause, f.last);
  bool conflicted = true;
  Backward b{static_cast<ClauseId>(store_.size()), f.deleted_clause.size()};
  for (std::size_t s = f.last + 1; s-- > 0;) {
    tick("backward", s, f.last + 1);
    const ClauseId id = b.clause(f, s);
    if (id == kNoClause) continue;
    if (f.deletion[s]) {
      restore(s, id);
      if (activate(id) != kNoReason) {
        reject(s, "internal error: re-adding the deleted clause gives a top-level conflict");
        return false;
      }
      continue;
    }
    const std::size_t at = conflicted ? 0 : reason_position(id);
    const bool cut = conflicted || at < trail_.size();
    detach(id);
    store_.set_active(id, false);
    if (cut) {
      if (conflicted || options_.rebuild_top) {
        if (rebuild_top() != kNoReason) {
          reject(s, "internal error: the database before this lemma has a top-level conflict");
          return false;
        }
      } else {
        undo_top(at);
      }
      conflicted = false;
    }
    if (!store_.core(id) || store_.tautology(id)) {
      release_clause(id);
      continue;
    }
    if (stale_ && restore_top() != kNoReason) {
      reject(s, "internal error: the database before this lemma has a top-level conflict");
      return false;
    }
    ++result_.core_lemmas;
    const std::string why = verify(id);
    if (!why.empty()) {
      reject(s, why);
      return false;
    }
    release_clause(id);
  }
  if (restored_sum_ != 0) {
    result_.accepted = false;
    result_.message = std::string("rejected: ") + kChangedWhileChecked;
    return false;
  }
  return true;
}

// The accepted answer: its traces completed and its message (what was checked, what ignored).
void Checker::accept(const Forward& f, std::size_t steps, std::size_t hint) {
  result_.accepted = true;
  if (tracing()) result_.deletion_targets.resize(std::max(steps, hint), Result::kNoTarget);
  if (options_.record_lrat) std::reverse(result_.lrat.begin(), result_.lrat.end());  // proof order, refutation last
  if (options_.record_trace) {
    auto lemma = static_cast<ClauseId>(cnf_.num_clauses());  // lemmas' ids follow the formula's, in step order
    for (std::size_t s = 0; s <= f.last; ++s) {
      if (f.deletion[s] || !f.kept[s]) continue;
      if (store_.core(lemma)) result_.core_steps.push_back(s);
      ++lemma;
    }
  }
  result_.message = "accepted: the formula with the proof's clauses contradicts itself by unit propagation after proof step " +
                    std::to_string(f.last) + "; " + checked_clauses_words(result_.core_lemmas, result_.lemmas, result_.rat_lemmas) +
                    "; ignored, as drat-trim does: " + std::to_string(result_.ignored_deletions) +
                    " deletions of clauses that are a unit or the reason of one, " + std::to_string(result_.missing_deletions) +
                    " deletions of clauses not present";
  for (const auto& [form, count] : result_.relaxations)
    result_.message += "; lenient: " + std::string(relaxation_name(form)) + " x" + std::to_string(count);
}

}  // namespace

namespace {

}  // namespace

Result detail::check_source(const Cnf& cnf, StepSource& source, const Options& options) {
  Checker checker(cnf, source, options);
  try {
    return checker.run();
  } catch (const limits::LimitReached& e) {
    return checker.stopped(e.what());
  }
}

std::string checked_clauses_words(std::size_t core_lemmas, std::size_t lemmas, std::size_t rat_lemmas) {
  auto clauses = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " clause" : " clauses"); };
  const std::size_t by_propagation = core_lemmas - std::min(core_lemmas, rat_lemmas);
  return "the " + clauses(core_lemmas) + " of the " + std::to_string(lemmas) +
         " the proof adds that the refutation rests on were each checked to follow from the clauses before them (" +
         std::to_string(by_propagation) + " by unit propagation, " + (rat_lemmas == 0 ? std::string("none") : std::to_string(rat_lemmas)) +
         " by the RAT rule)";
}

Result check(const Cnf& cnf, const Proof& proof, const Options& options) {
  detail::ProofSource source(proof);
  return detail::check_source(cnf, source, options);
}

namespace {

// check_source's Result, with the stray lines of the source's reader.
Result check_counted(const Cnf& cnf, detail::StreamSource& source, const Options& options, std::size_t* stray_lines) {
  Result r = detail::check_source(cnf, source, options);
  if (stray_lines) *stray_lines = source.stray_lines();
  return r;
}

// A limit reached while the source was made (a binary proof's bytes are all counted before its first
// step is read): unknown, as one reached during the check.
Result stopped_before_checking(const limits::LimitReached& e) {
  Result r;
  r.accepted = false;
  r.limit_reached = true;
  r.message = e.what();
  return r;
}

}  // namespace

Result check_stream(const Cnf& cnf, std::string_view proof_bytes, ProofFormat format, std::string_view name,
                    const Options& options, std::size_t* stray_lines) {
  try {
    detail::StreamSource source(proof_bytes, format, name, options.budget, options.lenient);
    return check_counted(cnf, source, options, stray_lines);
  } catch (const limits::LimitReached& e) {
    return stopped_before_checking(e);
  }
}

Result check_file(const Cnf& cnf, const std::string& path, ProofFormat format, const Options& options) {
  detail::MappedFile file(path, options.budget);
  return check_mapped(cnf, file, format, path, options);
}

Result check_mapped(const Cnf& cnf, detail::MappedFile& file, ProofFormat format, std::string_view name, const Options& options,
                    std::size_t* stray_lines) {
  try {
    detail::StreamSource source(file.bytes(), format, name, options.budget, options.lenient,
                                [&file](std::size_t begin, std::size_t end) { file.release(begin, end); });
    return check_counted(cnf, source, options, stray_lines);
  } catch (const limits::LimitReached& e) {
    return stopped_before_checking(e);
  }
}

}  // namespace carve::drat
