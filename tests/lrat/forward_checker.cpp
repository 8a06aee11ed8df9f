// The forward LRAT checker (forward_checker.hpp). Each addition negates the clause, applies its
// positive hints one by one (each must be unit, or falsified: the conflict that ends the check),
// and, when no conflict comes, checks RAT on the first literal group by group.
#include "tests/lrat/forward_checker.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <vector>

namespace carve::lrat_test {

namespace {

using Clause = std::vector<long>;

struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Integers separated by white space; lines starting with 'c' are comments (any bytes).
class Tokens {
public:
  explicit Tokens(std::string_view text) : text_(text) {}
  // The next integer, or false at the end. Sets `line` to the line it is on.
  bool next(long& value) {
    skip();
    if (pos_ >= text_.size()) return false;
    std::size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    if (pos_ >= text_.size() || text_[pos_] < '0' || text_[pos_] > '9')
      throw Failure("line " + std::to_string(line_) + ": expected a number");
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    value = std::strtol(std::string(text_.substr(start, pos_ - start)).c_str(), nullptr, 10);
    return true;
  }
  bool next_is(char c) {
    skip();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  std::size_t line() const { return line_; }

private:
  void skip() {
    for (;;) {
      while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\r' || text_[pos_] == '\n')) {
        if (text_[pos_] == '\n') ++line_;
        ++pos_;
      }
      const bool line_start = pos_ == 0 || text_[pos_ - 1] == '\n';
      if (pos_ < text_.size() && line_start && text_[pos_] == 'c') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        continue;
      }
      return;
    }
  }
  std::string_view text_;
  std::size_t pos_ = 0, line_ = 1;
};

// Reads a list ending in 0.
Clause until_zero(Tokens& in) {
  Clause out;
  long v = 0;
  for (;;) {
    if (!in.next(v)) throw Failure("line " + std::to_string(in.line()) + ": list not ended by 0");
    if (v == 0) return out;
    out.push_back(v);
  }
}

class Checker {
public:
  void read_formula(std::string_view dimacs) {
    Tokens in(dimacs);
    if (!in.next_is('p')) throw Failure("the CNF has no 'p cnf' line first");
    if (!in.next_is('c') || !in.next_is('n') || !in.next_is('f')) throw Failure("expected 'p cnf'");
    long vars = 0, count = 0;
    if (!in.next(vars) || !in.next(count)) throw Failure("the 'p cnf' line needs two numbers");
    // A DIMACS clause is a set: a literal written twice (carve's encodings do that) is one literal,
    // else "exactly one literal unassigned" would count it twice.
    for (long id = 1; id <= count; ++id) {
      Clause c = until_zero(in);
      Clause set;
      for (const long l : c)
        if (std::find(set.begin(), set.end(), l) == set.end()) set.push_back(l);
      clauses_[id] = set;
    }
    last_id_ = count;
  }

  Verdict run(std::string_view lrat) {
    Tokens in(lrat);
    Verdict v;
    long id = 0;
    while (in.next(id)) {
      const std::size_t line = in.line();
      if (in.next_is('d')) {
        for (const long gone : until_zero(in)) {
          if (clauses_.erase(gone) == 0) fail(line, "deletes clause " + std::to_string(gone) + ", which is not live");
          ++v.deletions;
        }
        continue;
      }
      Clause lits = until_zero(in);
      const Clause hints = until_zero(in);
      if (id <= last_id_) fail(line, "clause id " + std::to_string(id) + " is not above every earlier id");
      const bool rat = std::any_of(hints.begin(), hints.end(), [](long h) { return h < 0; });
      implied(line, lits, hints);
      ++v.additions;
      v.rat_additions += rat;
      last_id_ = id;
      if (lits.empty()) {
        v.verified = true;
        v.message = "VERIFIED: " + std::to_string(v.additions) + " additions (" + std::to_string(v.rat_additions) + " RAT), " +
                    std::to_string(v.deletions) + " deletions";
        return v;
      }
      clauses_[id] = std::move(lits);
    }
    v.message = "NOT VERIFIED: the proof never adds the empty clause";
    return v;
  }

private:
  [[noreturn]] static void fail(std::size_t line, const std::string& why) {
    throw Failure("line " + std::to_string(line) + ": " + why);
  }

  // The value of a literal under the current assignment: 1 true, -1 false, 0 unassigned.
  int value(long lit) const {
    const auto var = static_cast<std::size_t>(std::labs(lit));
    if (var >= values_.size() || values_[var] == 0) return 0;
    return (values_[var] > 0) == (lit > 0) ? 1 : -1;
  }
  void set_true(long lit) {
    const auto var = static_cast<std::size_t>(std::labs(lit));
    if (var >= values_.size()) values_.resize(2 * var + 1, 0);
    if (values_[var] != 0) return;
    values_[var] = lit > 0 ? 1 : -1;
    trail_.push_back(var);
  }
  void undo_to(std::size_t size) {
    while (trail_.size() > size) {
      values_[trail_.back()] = 0;
      trail_.pop_back();
    }
  }

  const Clause& live(std::size_t line, long id) const {
    auto it = clauses_.find(id);
    if (it == clauses_.end()) fail(line, "hint " + std::to_string(id) + " names no live clause");
    return it->second;
  }

  // Applies the positive hints from hints[i] on: each must have exactly one unassigned literal,
  // the others false (it is made true), and one with none is the conflict that ends the check
  // (returns true). A hint already satisfied is refused, as ACL2's verified checker refuses it
  // ("not a unit"; drat-trim's lrat-check only warns). Returns false when a negative hint or the
  // end comes first (i then points at it).
  bool propagate(std::size_t line, const Clause& hints, std::size_t& i) {
    for (; i < hints.size() && hints[i] > 0; ++i) {
      long unit = 0;
      int open = 0;
      for (const long l : live(line, hints[i])) {
        if (value(l) == 1) fail(line, "hint " + std::to_string(hints[i]) + " is already satisfied, not unit");
        if (value(l) == 0) {
          unit = l;
          ++open;
        }
      }
      if (open == 0) return true;
      if (open > 1) fail(line, "hint " + std::to_string(hints[i]) + " is not unit");
      set_true(unit);
    }
    return false;
  }

  void implied(std::size_t line, const Clause& lits, const Clause& hints) {
    undo_to(0);
    for (const long l : lits) {
      if (value(l) == 1) return;  // a tautology: implied by anything
      set_true(-l);
    }
    std::size_t i = 0;
    if (propagate(line, hints, i)) return;
    if (lits.empty()) fail(line, "the hints do not refute the formula");
    const long pivot = lits.front();
    std::map<long, std::size_t> groups;  // candidate id -> index of its first hint
    for (std::size_t k = i; k < hints.size(); ++k)
      if (hints[k] < 0 && !groups.emplace(-hints[k], k + 1).second) fail(line, "RAT candidate named twice");
    const std::size_t shared = trail_.size();  // the negated clause and the hints before any group
    std::size_t rat_checked = 0;
    for (const auto& [cid, clause] : clauses_) {
      if (std::find(clause.begin(), clause.end(), -pivot) == clause.end()) continue;
      auto g = groups.find(cid);
      if (g == groups.end())
        fail(line, "not RUP, and clause " + std::to_string(cid) + " holds -" + std::to_string(pivot) + " without a RAT hint group");
      ++rat_checked;
      undo_to(shared);
      bool blocked = false;  // the resolvent is a tautology
      for (const long l : clause) {
        if (l == -pivot || value(l) == -1) continue;
        if (value(l) == 1) {
          blocked = true;
          break;
        }
        set_true(-l);
      }
      std::size_t k = g->second;
      if (!blocked && !propagate(line, hints, k))
        fail(line, "the resolvent with clause " + std::to_string(cid) + " is not refuted by its hints");
    }
    if (rat_checked != groups.size()) fail(line, "a RAT hint names a clause without the pivot's negation");
  }

  std::map<long, Clause> clauses_;
  std::vector<signed char> values_;  // per variable: 1 true, -1 false, 0 unassigned
  std::vector<std::size_t> trail_;   // the variables assigned, in order
  long last_id_ = 0;
};

}  // namespace

Verdict check_lrat(std::string_view dimacs, std::string_view lrat) {
  Checker c;
  try {
    c.read_formula(dimacs);
    return c.run(lrat);
  } catch (const Failure& e) {
    Verdict v;
    v.message = std::string("NOT VERIFIED: ") + e.what();
    return v;
  }
}

}  // namespace carve::lrat_test
