// Certificate manifests end to end: `solve --proof` and `check --certify --proof-dir` write
// NAME.certificate.json, `verify-certificate` accepts it from another folder, and rejects what
// does not bind the proof to its question -- a CNF strengthened by one unit clause (which
// verify-proof alone accepts with the same proof: the premise of the whole feature), an edited
// spec, a swapped proof -- while a broken manifest is bad input. verify-proof --expect-sha256
// against coreutils' sha256sum (an independent route). Certificate CNFs are parsed here, apart
// from carve, and no clause may repeat a variable. The whole corpus's certificates are verified
// in certificate_corpus_slow_test.cpp (label `slow`); here a representative few.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;
using carve::testing::Outcome;

// Built by appending: GCC 12 warns falsely (-Warray-bounds) on CARVE_BINARY + " " + args inlined here.
Outcome run(const std::string& args) {
  std::string command = CARVE_BINARY;
  command += ' ';
  command += args;
  return carve::testing::run_command(command);
}

std::string sha256sum(const std::string& path) {
  const auto r = carve::testing::run_command("sha256sum '" + path + "'");
  return r.code == 0 ? r.out.substr(0, 64) : "";
}

nlohmann::json read_json(const std::string& path) { return nlohmann::json::parse(carve::testing::file_text(path)); }

void write_text(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string fresh_dir(const std::string& name) {
  const std::string dir = carve::testing::unique_path(name);
  fs::remove_all(dir);  // a previous run's files
  fs::create_directories(dir);
  return dir;
}

// A certified no-win of the binary tree (lenient C4 within 3 turns at depth 3: the corpus's
// fastest no-win, cases/binary_tree/lenient/c4_d3.case) from `spec`, into DIR/NAME.*.
std::string certify(const std::string& spec, const std::string& dir, const std::string& name, const std::string& profile = "lenient") {
  const std::string base = dir + "/" + name;
  const auto r = run("solve " + spec + " --target C4 --turns 3 --depth 3 --profile " + profile + " --engine sat --proof " + base);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("manifest  " + base + ".certificate.json"), std::string::npos) << r.out;
  return base + ".certificate.json";
}

std::string fmt_header(std::size_t variables, std::size_t clauses) {
  return "p cnf " + std::to_string(variables) + " " + std::to_string(clauses);
}

// Every clause of a DIMACS file, parsed apart from carve.
std::vector<std::vector<long>> clauses_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::vector<long>> clauses;
  std::vector<long> clause;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == 'c' || line[0] == 'p') continue;
    std::istringstream words(line);
    long lit = 0;
    while (words >> lit) {
      if (lit == 0) {
        clauses.push_back(clause);
        clause.clear();
      } else {
        clause.push_back(lit);
      }
    }
  }
  return clauses;
}

// The certificate breaks symmetry as the search did: by default its CNF carries the lex-leader
// chains, counted in the manifest and named in the text and the CNF's header; with --no-symmetry
// neither does, and the formula is the same but for those clauses (walks learn no lemma). Both
// verify from their manifests (the re-derived CNF equal byte for byte).
TEST(CertificateManifest, CertificateCarriesTheSearchesSymmetryChains) {
  const std::string dir = fresh_dir("certificate_chains");
  std::size_t clauses[2] = {0, 0}, chains[2] = {0, 0};
  for (bool symmetry : {true, false}) {
    const std::string base = dir + (symmetry ? "/chains" : "/plain");
    const auto r = run("solve spec/binary_tree.carve --target C4 --turns 3 --depth 3 --profile lenient --engine sat --proof " + base +
                       (symmetry ? "" : " --no-symmetry"));
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out.find("lex-leader chain clauses") != std::string::npos, symmetry) << r.out;
    const auto m = read_json(base + ".certificate.json");
    EXPECT_EQ(m["question"]["symmetry_breaking"].get<bool>(), symmetry);
    chains[symmetry] = m["cnf"]["symmetry_clauses"].get<std::size_t>();
    clauses[symmetry] = m["cnf"]["clauses"].get<std::size_t>();
    EXPECT_EQ(clauses_of(base + ".cnf").size(), clauses[symmetry]);
    EXPECT_EQ(carve::testing::file_text(base + ".cnf").find("lex-leader symmetry-breaking clauses") != std::string::npos, symmetry);
    const auto v = run("verify-certificate " + base + ".certificate.json");
    EXPECT_EQ(v.code, 0) << v.out;
    EXPECT_NE(v.out.find("identical"), std::string::npos) << v.out;
  }
  EXPECT_EQ(chains[0], 0u);
  EXPECT_GT(chains[1], 0u);
  EXPECT_EQ(clauses[1], clauses[0] + chains[1]);
}

// Document 001 under lenient (walks): the walks of turn 2 are bounded below their proved length,
// so the no-win on three parallel edges over two variables comes from the over-approximated
// collapses (U holds two tuples on a pair {∇, Δ}: Θ and Ω). Its certificate says so -- solve's
// text and the CNF's head; explain and the other commands print a certificate with the same
// lines (AnswerWriter.*) -- and verify-certificate derives the same over-approximated formula.
TEST(CertificateManifest, OverApproximatedCollapsesAreSaidAndRederived) {
  const std::string dir = fresh_dir("over_approximated");
  const std::string question = "spec/triangle.carve --vars 2 --profile lenient --target \"{a,b},{a,b},{a,b}\" --turns 2";
  const auto r = run("solve " + question + " --engine sat --proof " + dir + "/over");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("verdict   no-win"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("each collapse over-approximated"), std::string::npos) << r.out;
  EXPECT_NE(carve::testing::file_text(dir + "/over.cnf").find("any removal of edges"), std::string::npos);
  const auto v = run("verify-certificate " + dir + "/over.certificate.json");
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("identical"), std::string::npos) << v.out;
}

TEST(CertificateManifest, SolveProofManifestRecordsTheQuestionAndVerifies) {
  const std::string dir = fresh_dir("manifest-solve");
  const std::string manifest = certify("spec/binary_tree.carve", dir, "c4");
  const auto m = read_json(manifest);
  EXPECT_EQ(m["question"]["command"], "solve");
  EXPECT_EQ(m["question"]["target"], "C4");
  EXPECT_EQ(m["question"]["turns"], 3);
  EXPECT_EQ(m["question"]["depth"], 3);
  EXPECT_EQ(m["question"]["profile"], "lenient");
  EXPECT_EQ(m["question"]["spec"]["sha256"], sha256sum("spec/binary_tree.carve"));
  EXPECT_EQ(m["cnf"]["sha256"], sha256sum(dir + "/c4.cnf"));
  EXPECT_EQ(m["drat"]["sha256"], sha256sum(dir + "/c4.drat"));
  EXPECT_EQ(m["cnf"]["relative"], "c4.cnf");
  const std::string record = m["rules"]["record"].get<std::string>();
  EXPECT_NE(record.find("reading path=walk density=factor loop=allow"), std::string::npos) << record;
  write_text(dir + "/record.txt", record);
  EXPECT_EQ(m["rules"]["sha256"], sha256sum(dir + "/record.txt"));
  // From another folder: the manifest finds its files relative to itself.
  const auto v = carve::testing::run_command("cd / && " + std::string(CARVE_BINARY) + " verify-certificate " + fs::absolute(manifest).string() + " --json");
  ASSERT_EQ(v.code, 0) << v.out;
  const auto j = nlohmann::json::parse(v.out);
  EXPECT_EQ(j["verdict"], "accepted");
  EXPECT_EQ(j["cnf_sha256"], sha256sum(dir + "/c4.cnf"));
  const auto t = run("verify-certificate " + manifest);
  EXPECT_EQ(t.code, 0) << t.out;
  EXPECT_NE(t.out.find("the CNF re-derived from the question by the search that learnt its lemmas: identical"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("verdict   accepted: "), std::string::npos) << t.out;
}

// An infinite-tree certificate is first the formula of the rules alone (docs/infinite-tree.md,
// "Certificate"): K3 within 2 turns under trail (no win: K3 needs three turns under every profile,
// bench/infinite/infinite_table.md, each win replayed and the bounded engine agreeing). Its
// manifest says it carries no stability lemma, and verify-certificate rebuilds it without a
// search; a manifest from before carve said so rebuilds it by the search, which learns no lemma
// here and so gives the same bytes; a count that is not one is bad input naming the field.
TEST(CertificateManifest, InfiniteTreeCertificateIsRederivedTheWayItWasMade) {
  const std::string dir = fresh_dir("manifest-any");
  const std::string base = dir + "/k3";
  const auto r = run("solve spec/binary_tree.carve --target K3 --turns 2 --depth any --profile trail --proof " + base);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("certified"), std::string::npos) << r.out;
  const std::string manifest = base + ".certificate.json";
  auto m = read_json(manifest);
  EXPECT_EQ(m["question"]["depth"], "any");
  EXPECT_EQ(m["cnf"]["stability_lemmas"], 0);
  const auto v = run("verify-certificate " + manifest);
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("the CNF re-derived from the question from the rules alone, no search: identical"), std::string::npos) << v.out;

  m["cnf"].erase("stability_lemmas");
  write_text(manifest, m.dump(2));
  const auto older = run("verify-certificate " + manifest);
  EXPECT_EQ(older.code, 0) << older.out;
  EXPECT_NE(older.out.find("the CNF re-derived from the question by the search that learnt its lemmas: identical"), std::string::npos)
      << older.out;

  m["cnf"]["stability_lemmas"] = -1;
  write_text(manifest, m.dump(2));
  const auto bad = run("verify-certificate " + manifest);
  EXPECT_EQ(bad.code, 2) << bad.out;
  EXPECT_NE(bad.out.find(manifest + ": field cnf.stability_lemmas: expected a count"), std::string::npos) << bad.out;
}

// A certificate by parts (solve --depth any --proof-parts): K3 within 2 under trail has no win
// (the test above certifies it whole), so each of its 2^2 + 1 parts is refuted; the manifest lists
// them and verify-certificate re-derives the parts, shows their cubes cover every assignment and
// checks each part's files. A part's proof edited, a part dropped from the manifest, a cube changed
// or a part's file gone are each caught, the part named; --proof-parts outside its scope is bad input.
TEST(CertificateManifest, CertificateByPartsIsVerifiedPartByPart) {
  const std::string dir = fresh_dir("manifest-parts");
  const std::string base = dir + "/k3";
  const auto r = run("solve spec/binary_tree.carve --target K3 --turns 2 --depth any --profile trail --proof " + base +
                     " --proof-parts --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "no-win");
  ASSERT_EQ(j["proof"]["parts"].size(), 5u) << r.out;
  EXPECT_TRUE(j["proof"]["certified"].get<bool>());
  for (const auto& part : j["proof"]["parts"]) {
    EXPECT_EQ(part["status"], "accepted");
    EXPECT_TRUE(fs::exists(part["cnf"].get<std::string>()));
  }
  EXPECT_FALSE(fs::exists(base + ".cnf"));  // no whole-formula file: the parts are the certificate
  const std::string manifest = base + ".certificate.json";
  const auto m = read_json(manifest);
  EXPECT_TRUE(m["question"]["by_parts"].get<bool>());
  ASSERT_EQ(m["parts"].size(), 5u);
  const auto v = run("verify-certificate " + manifest);
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("5 parts re-derived from the question from the rules alone, no search; their cubes cover every assignment"),
            std::string::npos) << v.out;
  EXPECT_NE(v.out.find("accepted: 5 parts"), std::string::npos) << v.out;
  // On two threads: the same verdict and the same steps, in part order.
  const auto threaded = run("verify-certificate " + manifest + " --jobs 2");
  EXPECT_EQ(threaded.code, 0) << threaded.out;
  EXPECT_EQ(threaded.out.substr(0, threaded.out.rfind("verdict")), v.out.substr(0, v.out.rfind("verdict")));

  const std::string drat = dir + "/k3.part-03.drat";
  const std::string kept = carve::testing::file_text(drat);
  std::string edited = kept;
  edited[edited.size() / 2] = static_cast<char>(edited[edited.size() / 2] ^ 1);
  write_text(drat, edited);
  const auto swapped = run("verify-certificate " + manifest);
  EXPECT_EQ(swapped.code, 1) << swapped.out;
  EXPECT_NE(swapped.out.find("part 3 drat " + drat + " has SHA-256"), std::string::npos) << swapped.out;
  // On three threads the part beside it may have been checked, but the report stops at part 3, as in order.
  const auto swapped3 = run("verify-certificate " + manifest + " --jobs 3");
  EXPECT_EQ(swapped3.code, 1) << swapped3.out;
  EXPECT_EQ(swapped3.out.substr(0, swapped3.out.rfind("verdict")), swapped.out.substr(0, swapped.out.rfind("verdict")));
  EXPECT_NE(swapped3.out.find("part 2 "), std::string::npos) << swapped3.out;
  EXPECT_EQ(swapped3.out.find("part 4 "), std::string::npos) << swapped3.out;
  write_text(drat, kept);

  auto fewer = m;
  fewer["parts"].erase(fewer["parts"].begin() + 2);
  write_text(manifest, fewer.dump(2));
  const auto dropped = run("verify-certificate " + manifest);
  EXPECT_EQ(dropped.code, 1) << dropped.out;
  EXPECT_NE(dropped.out.find("the manifest records 4 parts, the question gives 5"), std::string::npos) << dropped.out;

  auto other = m;
  other["parts"][1]["cube"][1] = -other["parts"][1]["cube"][1].get<int>();
  write_text(manifest, other.dump(2));
  const auto cube = run("verify-certificate " + manifest);
  EXPECT_EQ(cube.code, 1) << cube.out;
  EXPECT_NE(cube.out.find("part 1: the manifest records the cube"), std::string::npos) << cube.out;

  write_text(manifest, m.dump(2));
  fs::remove(dir + "/k3.part-04.cnf");
  const auto gone = run("verify-certificate " + manifest);
  EXPECT_EQ(gone.code, 2) << gone.out;
  EXPECT_NE(gone.out.find("field parts.4.cnf names"), std::string::npos) << gone.out;

  // Parts accepted stay with a record of their acceptance, so a run cut short by a limit leaves
  // them (and no temporary) for the next, which keeps them: whether the 0.5 s run below ends
  // before, among or after the parts, the second run keeps exactly the parts the first left and
  // makes the rest. A kept part whose proof changed since is made again.
  const std::string cut = fresh_dir("manifest-parts-cut");
  const std::string again = "solve spec/binary_tree.carve --target K3 --turns 2 --depth any --profile trail --proof " + cut +
                            "/k3 --proof-parts --json";
  // A part refuted whose check the limit cut stays too, with a record of its refutation: the next
  // run checks it without solving it again.
  const auto limited = run(again + " --timeout 0.5");
  EXPECT_EQ(limited.code, 0) << limited.out;
  std::size_t records = 0, refuted_only = 0;
  for (const auto& e : fs::directory_iterator(cut)) {
    const std::string name = e.path().filename().string();
    EXPECT_EQ(name.find(".tmp-"), std::string::npos) << name;
    const auto ends = [&name](const std::string& tail) {
      return name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
    };
    if (ends(".accepted.json")) ++records;
    if (ends(".refuted.json") && !fs::exists(cut + "/" + name.substr(0, name.size() - 13) + ".accepted.json")) ++refuted_only;
  }
  const auto second = run(again + " --jobs 2");  // the parts kept and the parts made on two threads
  ASSERT_EQ(second.code, 0) << second.out;
  const auto sj = nlohmann::json::parse(second.out);
  ASSERT_TRUE(sj["proof"]["certified"].get<bool>()) << second.out;
  std::size_t reused = 0, checked_later = 0;
  for (const auto& part : sj["proof"]["parts"]) {
    reused += part["reused"].get<bool>() ? 1 : 0;
    checked_later += part["refuted_earlier"].get<bool>() ? 1 : 0;
  }
  EXPECT_EQ(reused, records);
  EXPECT_EQ(checked_later, refuted_only);
  EXPECT_EQ(run("verify-certificate " + cut + "/k3.certificate.json").code, 0);
  const std::string kept_drat = cut + "/k3.part-01.drat";
  std::string changed = carve::testing::file_text(kept_drat);
  changed += changed.substr(0, 1);  // one byte more: another file, whatever it now proves
  write_text(kept_drat, changed);
  const auto third = nlohmann::json::parse(run(again).out);
  EXPECT_TRUE(third["proof"]["certified"].get<bool>());
  for (std::size_t i = 0; i < third["proof"]["parts"].size(); ++i)
    EXPECT_EQ(third["proof"]["parts"][i]["reused"].get<bool>(), i != 1) << i;

  // Every part made leaves a record of its refutation beside that of its acceptance. Part 1's
  // acceptance record lost: it is checked again, not solved (its solve figure is the record's).
  // Part 2's refutation record naming a proof that does not refute (not binary DRAT at all, its
  // hash written to match): the check rejects it and the part is made afresh -- the record is
  // never taken for an acceptance.
  for (std::size_t i = 0; i < 5; ++i) EXPECT_TRUE(fs::exists(fmt::format("{}/k3.part-{:02}.refuted.json", cut, i))) << i;
  fs::remove(cut + "/k3.part-01.accepted.json");
  const std::string bad_drat = cut + "/k3.part-02.drat";
  write_text(bad_drat, "not a proof");
  auto forged = read_json(cut + "/k3.part-02.refuted.json");
  forged["drat_sha256"] = sha256sum(bad_drat);
  write_text(cut + "/k3.part-02.refuted.json", forged.dump(2));
  fs::remove(cut + "/k3.part-02.accepted.json");
  const auto fourth_run = run(again);
  ASSERT_EQ(fourth_run.code, 0) << fourth_run.out;
  const auto fourth = nlohmann::json::parse(fourth_run.out);
  EXPECT_TRUE(fourth["proof"]["certified"].get<bool>()) << fourth_run.out;
  const auto& parts4 = fourth["proof"]["parts"];
  ASSERT_EQ(parts4.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(parts4[i]["status"], "accepted") << i;
    EXPECT_EQ(parts4[i]["reused"].get<bool>(), i != 1 && i != 2) << i;
    EXPECT_EQ(parts4[i]["refuted_earlier"].get<bool>(), i == 1) << i;
  }
  EXPECT_EQ(parts4[1]["solve_seconds"].get<double>(), third["proof"]["parts"][1]["solve_seconds"].get<double>());
  EXPECT_NE(fourth["proof"]["message"].get<std::string>().find("1 checked from an earlier run's refutation"), std::string::npos)
      << fourth_run.out;
  EXPECT_NE(sha256sum(bad_drat), forged["drat_sha256"].get<std::string>());  // made afresh
  EXPECT_EQ(read_json(cut + "/k3.part-02.refuted.json")["drat_sha256"], sha256sum(bad_drat));
  EXPECT_EQ(run("verify-certificate " + cut + "/k3.certificate.json").code, 0);

  for (const char* args : {"--target K3 --turns 2 --depth 4 --engine sat --proof X --proof-parts", "--target K3 --turns 2 --depth any --proof-parts"}) {
    const auto bad = run(std::string("solve spec/binary_tree.carve ") + args);
    EXPECT_EQ(bad.code, 2) << bad.out;
    EXPECT_NE(bad.out.find("--proof-parts cuts the certificate of a no-win on the infinite tree"), std::string::npos) << bad.out;
  }
  const auto lone_jobs = run("solve spec/binary_tree.carve --target K3 --turns 2 --depth any --proof " + cut + "/k3 --jobs 2");
  EXPECT_EQ(lone_jobs.code, 2) << lone_jobs.out;
  EXPECT_NE(lone_jobs.out.find("--jobs says how many parts run at once: it needs --split or --proof-parts"), std::string::npos)
      << lone_jobs.out;
}

// The record's own hash as the ledger defines it: the SHA-256 of the record without that field,
// dumped by nlohmann (keys sorted), hashed here by coreutils.
std::string record_hash(nlohmann::json record, const std::string& scratch) {
  record.erase("record_sha256");
  write_text(scratch, record.dump());
  return sha256sum(scratch);
}

// A ledger record rewritten (its own hash made to match, so only what it says is wrong) and the
// manifest's hash of it updated: what verify-certificate then rejects is the record's content.
void rewrite_record(const std::string& record_path, nlohmann::json record, const std::string& manifest, std::size_t part,
                    const std::string& scratch) {
  record["record_sha256"] = record_hash(record, scratch);
  write_text(record_path, record.dump(2));
  auto m = read_json(manifest);
  m["parts"][part]["ledger"]["sha256"] = sha256sum(record_path);
  write_text(manifest, m.dump(2));
}

TEST(CertificateManifest, PartsTakenFromTheLedgerAreSaidAndTamperedRecordsRejected) {
  const std::string dir = fresh_dir("manifest-ledger");
  const std::string ledger = dir + "/ledger", scratch = dir + "/scratch.json";
  const std::string question = "solve spec/binary_tree.carve --target K3 --turns 2 --depth any --profile trail --proof-parts --json";
  fs::create_directories(dir + "/made");
  const auto made = run(question + " --proof " + dir + "/made/k3 --part-ledger " + ledger);
  ASSERT_EQ(made.code, 0) << made.out;
  const auto mj = nlohmann::json::parse(made.out);
  ASSERT_TRUE(mj["proof"]["certified"].get<bool>()) << made.out;
  ASSERT_EQ(mj["proof"]["parts"].size(), 5u);
  // Each record binds its part's files as coreutils hashes them, says accepted, and hashes itself.
  for (std::size_t i = 0; i < 5; ++i) {
    const std::string path = fmt::format("{}/part-{:02}.json", ledger, i);
    const auto record = read_json(path);
    const auto& part = mj["proof"]["parts"][i];
    EXPECT_EQ(record["part"], i);
    EXPECT_EQ(record["cube"], part["cube"]);
    EXPECT_EQ(record["verdict"], "accepted");
    EXPECT_EQ(record["cnf_sha256"], sha256sum(part["cnf"].get<std::string>())) << i;
    EXPECT_EQ(record["drat_sha256"], sha256sum(part["proof"].get<std::string>())) << i;
    EXPECT_EQ(record["record_sha256"], record_hash(record, scratch)) << i;
    EXPECT_EQ(record["accepted_by"].get<std::string>().rfind("carve ", 0), 0u) << record.dump();
    EXPECT_FALSE(part["from_ledger"].get<bool>());
  }
  // Where the files are here, they are checked, the ledger notwithstanding.
  const auto here = nlohmann::json::parse(run("verify-certificate " + dir + "/made/k3.certificate.json --json").out);
  EXPECT_EQ(here["parts"]["checked_here"], 5);
  EXPECT_EQ(here["parts"]["from_ledger"], 0);

  // Another folder, no part's files: every part is taken from the ledger, nothing solved or
  // written but the manifest, and both the run and the verification say so.
  fs::create_directories(dir + "/elsewhere");
  const std::string manifest = dir + "/elsewhere/k3.certificate.json";
  const auto taken = run(question + " --proof " + dir + "/elsewhere/k3 --part-ledger " + ledger);
  ASSERT_EQ(taken.code, 0) << taken.out;
  const auto tj = nlohmann::json::parse(taken.out);
  ASSERT_TRUE(tj["proof"]["certified"].get<bool>()) << taken.out;
  for (const auto& part : tj["proof"]["parts"]) {
    EXPECT_TRUE(part["from_ledger"].get<bool>());
    EXPECT_FALSE(fs::exists(part["cnf"].get<std::string>()));
  }
  EXPECT_NE(tj["proof"]["message"].get<std::string>().find("5 taken from the ledger's records"), std::string::npos) << taken.out;
  const auto text = run("verify-certificate " + manifest);
  EXPECT_EQ(text.code, 0) << text.out;
  EXPECT_NE(text.out.find("0 checked here"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("5 taken from the ledger's records: their proofs were checked where they were made, not here"),
            std::string::npos) << text.out;
  EXPECT_NE(text.out.find("taken from the ledger record " + ledger + "/part-03.json"), std::string::npos) << text.out;
  const auto strict = run("verify-certificate " + manifest + " --no-ledger");
  EXPECT_EQ(strict.code, 4) << strict.out;
  EXPECT_NE(strict.out.find("part 0's files are not here, and --no-ledger takes no ledger record"), std::string::npos) << strict.out;

  // Tampered records are rejected, never taken.
  const std::string record2 = ledger + "/part-02.json";
  const auto original2 = read_json(record2);
  const std::string manifest_text = carve::testing::file_text(manifest);
  auto edited = original2;
  edited["check_seconds"] = 0.001;
  write_text(record2, edited.dump(2));  // the manifest's hash of the record no longer holds
  auto r = run("verify-certificate " + manifest);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("part 2 ledger " + record2 + " has SHA-256"), std::string::npos) << r.out;
  auto m = read_json(manifest);
  m["parts"][2]["ledger"]["sha256"] = sha256sum(record2);
  write_text(manifest, m.dump(2));  // the manifest made to match: the record's own hash does not
  r = run("verify-certificate " + manifest);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("part 2: the ledger record " + record2 + " is not this part's: its record_sha256 does not match its fields"),
            std::string::npos) << r.out;
  auto refused = original2;
  refused["verdict"] = "rejected";
  rewrite_record(record2, refused, manifest, 2, scratch);
  r = run("verify-certificate " + manifest);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("its verdict is \"rejected\", not accepted"), std::string::npos) << r.out;
  auto other_part = read_json(ledger + "/part-01.json");  // another part's record under part 2's name
  rewrite_record(record2, other_part, manifest, 2, scratch);
  r = run("verify-certificate " + manifest);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("is not this part's: it records part 1"), std::string::npos) << r.out;
  auto other_formula = original2;
  other_formula["cnf_sha256"] = std::string(64, '0');
  rewrite_record(record2, other_formula, manifest, 2, scratch);
  r = run("verify-certificate " + manifest);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("it records a CNF of SHA-256 " + std::string(64, '0')), std::string::npos) << r.out;

  // solve does not take a tampered record either: part 2 is made again, its record written anew.
  edited["record_sha256"] = original2["record_sha256"];  // an edit that keeps the old hash
  write_text(record2, edited.dump(2));
  fs::create_directories(dir + "/again");
  const auto again = nlohmann::json::parse(run(question + " --proof " + dir + "/again/k3 --part-ledger " + ledger).out);
  ASSERT_TRUE(again["proof"]["certified"].get<bool>());
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(again["proof"]["parts"][i]["from_ledger"].get<bool>(), i != 2) << i;
  EXPECT_TRUE(fs::exists(dir + "/again/k3.part-02.drat"));
  const auto rewritten = read_json(record2);
  EXPECT_EQ(rewritten["record_sha256"], record_hash(rewritten, scratch));
  EXPECT_EQ(rewritten["drat_sha256"], sha256sum(dir + "/again/k3.part-02.drat"));
  write_text(manifest, manifest_text);

  const auto lone = run("solve spec/binary_tree.carve --target K3 --turns 2 --depth any --proof " + dir + "/x --part-ledger " + ledger);
  EXPECT_EQ(lone.code, 2) << lone.out;
  EXPECT_NE(lone.out.find("--part-ledger keeps the records of a certificate's parts: it needs --proof-parts"), std::string::npos)
      << lone.out;
}

// The capacity engine's certificate (rules/model/target_capacity.hpp): its formula says nothing of
// plays, so verify-certificate re-derives it from the operators and the target, and a formula one
// clause weaker or a proof of another formula is rejected. The triple edge on two formulas cannot
// be carried by the triangle's operators (two tuples on any pair: Theta and Omega each put the Nabla
// formula in their one Nabla slot and the Delta formula in the other four).
// --proof-in-memory: each part's proof held compressed in memory and checked there, only its CNF
// written. The proofs are the very bytes a run writing files makes (CaDiCaL in carve's
// configuration is deterministic: the same SHA-256 and size, hashed as they were written), no
// proof file and no temporary stays, and the certificate is verified again only through its
// ledger: without one (--no-ledger) it is unknown, never accepted. Asked without --proof-parts,
// or for text DRAT, the option is refused by name.
TEST(CertificateManifest, PartsHeldInMemoryLeaveOnlyTheirCnfAndVerifyThroughTheLedger) {
  const std::string dir = fresh_dir("manifest-in-memory");
  const std::string question = "solve spec/binary_tree.carve --target K3 --turns 2 --depth any --profile trail --proof-parts --json";
  fs::create_directories(dir + "/files");
  fs::create_directories(dir + "/memory");
  const auto files = run(question + " --proof " + dir + "/files/k3");
  ASSERT_EQ(files.code, 0) << files.out;
  const auto held = run(question + " --proof " + dir + "/memory/k3 --proof-in-memory --part-ledger " + dir + "/ledger");
  ASSERT_EQ(held.code, 0) << held.out;
  const auto fj = nlohmann::json::parse(files.out), hj = nlohmann::json::parse(held.out);
  ASSERT_TRUE(hj["proof"]["certified"].get<bool>()) << held.out;
  ASSERT_EQ(hj["proof"]["parts"].size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) {
    const auto record = read_json(fmt::format("{}/ledger/part-{:02}.json", dir, i));
    const std::string file_proof = fj["proof"]["parts"][i]["proof"].get<std::string>();
    EXPECT_EQ(record["verdict"], "accepted") << i;
    EXPECT_EQ(record["drat_sha256"], sha256sum(file_proof)) << i;
    EXPECT_EQ(record["proof_bytes"].get<std::size_t>(), fs::file_size(file_proof)) << i;
    EXPECT_EQ(record["cnf_sha256"], sha256sum(hj["proof"]["parts"][i]["cnf"].get<std::string>())) << i;
  }
  std::set<std::string> left;
  for (const auto& e : fs::directory_iterator(dir + "/memory")) left.insert(e.path().filename().string());
  const std::set<std::string> expected{"k3.certificate.json", "k3.part-00.cnf", "k3.part-01.cnf", "k3.part-02.cnf",
                                       "k3.part-03.cnf", "k3.part-04.cnf"};
  EXPECT_EQ(left, expected);
  const auto verified = run("verify-certificate " + dir + "/memory/k3.certificate.json");
  EXPECT_EQ(verified.code, 0) << verified.out;
  EXPECT_NE(verified.out.find("5 taken from the ledger's records"), std::string::npos) << verified.out;
  const auto strict = run("verify-certificate " + dir + "/memory/k3.certificate.json --no-ledger");
  EXPECT_EQ(strict.code, 4) << strict.out;

  const auto whole = run("solve spec/binary_tree.carve --target K3 --turns 2 --depth any --profile trail --proof " + dir +
                         "/whole --proof-in-memory");
  EXPECT_EQ(whole.code, 2) << whole.out;
  EXPECT_NE(whole.out.find("--proof-in-memory"), std::string::npos) << whole.out;
  EXPECT_NE(whole.out.find("it needs --proof-parts"), std::string::npos) << whole.out;
  const auto text = run(question + " --proof " + dir + "/text --proof-in-memory --proof-format text");
  EXPECT_EQ(text.code, 2) << text.out;
  EXPECT_NE(text.out.find("holds binary DRAT"), std::string::npos) << text.out;
}

TEST(CertificateManifest, CapacityCertificateIsRederivedFromTheOperators) {
  const std::string dir = fresh_dir("manifest-capacity");
  const std::string base = dir + "/triple";
  const auto r = run("solve cases/triangle/triple_edge_6vars_k4.case --engine capacity --proof " + base + " --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "no-win");
  EXPECT_EQ(j["engine"], "capacity");
  EXPECT_TRUE(j["proof"]["certified"].get<bool>()) << r.out;
  EXPECT_TRUE(j["proof"]["capacity_theorem"].get<bool>());
  EXPECT_EQ(read_json(base + ".certificate.json")["question"]["engine"], "capacity");
  const std::string cnf = carve::testing::file_text(base + ".cnf");
  EXPECT_NE(cnf.find("satisfiable iff 3 distinct operator tuples can sit on one set of 2 formulas"), std::string::npos) << cnf;
  const auto v = run("verify-certificate " + base + ".certificate.json");
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("re-derived from the question by the capacity theorem, no search: identical"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("--engine capacity"), std::string::npos) << v.out;
  // One clause fewer (the last, "the two elements differ"), its hash made to match: not the question's formula.
  const auto clauses_at = cnf.find("\np cnf ");
  ASSERT_NE(clauses_at, std::string::npos);
  std::string weaker = cnf.substr(0, cnf.rfind('\n', cnf.size() - 2) + 1);
  auto m = read_json(base + ".certificate.json");
  write_text(base + ".cnf", weaker);
  m["cnf"]["sha256"] = sha256sum(base + ".cnf");
  write_text(base + ".certificate.json", m.dump(2));
  const auto weak = run("verify-certificate " + base + ".certificate.json");
  EXPECT_EQ(weak.code, 1) << weak.out;
  EXPECT_NE(weak.out.find("is not the CNF of the question"), std::string::npos) << weak.out;
  // What the theorem does not decide is refused by name, before any work.
  const std::string triangle = "cases/triangle/";
  const auto fits = run("solve " + triangle + "path3_simple.case --engine capacity");
  EXPECT_EQ(fits.code, 2) << fits.out;
  EXPECT_NE(fits.out.find("capacity: the capacity theorem with a target whose parallel edges the operators can carry"), std::string::npos)
      << fits.out;
  // explain asks the theorem first: the core is empty, and the core game's no-win certified by it.
  const auto e = run("explain " + triangle + "triple_edge_4vars_k4.case --json");
  ASSERT_EQ(e.code, 0) << e.out;
  const auto ej = nlohmann::json::parse(e.out);
  EXPECT_TRUE(ej["core"].empty()) << e.out;
  EXPECT_TRUE(ej["minimal"].get<bool>());
  EXPECT_EQ(ej["core_game"]["engine"], "capacity");
  EXPECT_TRUE(ej["proof"]["certified"].get<bool>()) << e.out;
  const auto words = run("explain " + triangle + "triple_edge_4vars_k4.case");
  EXPECT_NE(words.out.find("core      empty: no relaxable definition is needed"), std::string::npos) << words.out;
  EXPECT_NE(words.out.find("why       the target has 3 edges on one set of 2 vertices, but any 2 formulas carry at most 2 elements"),
            std::string::npos) << words.out;
}

TEST(CertificateManifest, CheckCertifyWritesAManifestPerCaseThatVerifies) {
  // 000 (the lenient profile, whose CNF held tautologies before), typed targets, two of 001.
  const std::vector<std::string> cases{"cases/binary_tree/lenient/c4_d3.case", "cases/targets/typed_k2_virtual_edge.case",
                                       "cases/triangle/path3_simple.case", "cases/variants/root_component_k1_001.case"};
  const std::string dir = fresh_dir("manifest-check");
  std::string args;
  for (const auto& c : cases) args += " " + c;
  const auto r = run("check" + args + " --engine sat --proof-dir " + dir + " --json");  // the explicit search would take seconds
  ASSERT_EQ(r.code, 0) << r.out;
  const auto report = nlohmann::json::parse(r.out);
  int manifests = 0;
  for (const auto& row : report["cases"]) {
    const std::string manifest = row["certificate"]["manifest"].get<std::string>();
    const auto m = read_json(manifest);
    EXPECT_EQ(m["question"]["command"], "check");
    EXPECT_EQ(m["question"]["input"]["path"], row["case"]);
    EXPECT_EQ(m["question"]["input"]["sha256"], sha256sum(row["case"].get<std::string>()));
    const auto v = run("verify-certificate " + manifest);
    EXPECT_EQ(v.code, 0) << manifest << "\n" << v.out;
    ++manifests;
  }
  EXPECT_EQ(manifests, static_cast<int>(cases.size()));
}

// A unit clause added (header adjusted, the manifest's hash updated to match): the same proof
// still refutes it -- verify-proof accepts -- but it is not the question's CNF.
TEST(CertificateManifest, CnfStrengthenedByOneUnitClauseIsRejected) {
  const std::string dir = fresh_dir("manifest-unit");
  const std::string manifest = certify("spec/binary_tree.carve", dir, "c4");
  const std::string cnf = dir + "/c4.cnf";
  std::string text = carve::testing::file_text(cnf);
  // The header by hand: std::regex recurses per character and overflows the stack on 200 KB.
  const std::size_t at = text.find("\np cnf ");
  ASSERT_NE(at, std::string::npos);
  const std::size_t end = text.find('\n', at + 1);
  std::istringstream words(text.substr(at + 7, end - at - 7));
  std::size_t variables = 0, clauses = 0;
  ASSERT_TRUE(words >> variables >> clauses);
  const std::string old_header = fmt_header(variables, clauses);
  text.replace(at + 1, end - at - 1, fmt_header(variables, clauses + 1));
  text += "2 0\n";
  write_text(cnf, text);
  auto m = read_json(manifest);
  m["cnf"]["sha256"] = sha256sum(cnf);
  write_text(manifest, m.dump(2));
  EXPECT_EQ(run("verify-proof " + cnf + " " + dir + "/c4.drat").code, 0);
  const auto v = run("verify-certificate " + manifest);
  EXPECT_EQ(v.code, 1) << v.out;
  EXPECT_NE(v.out.find("is not the CNF of the question; first difference at line"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find(old_header), std::string::npos) << v.out;
}

TEST(CertificateManifest, EditedSpecIsRejected) {
  const std::string dir = fresh_dir("manifest-spec");
  const std::string spec = dir + "/binary_tree.carve";
  fs::copy_file("spec/binary_tree.carve", spec);
  const std::string manifest = certify(spec, dir, "c4");
  ASSERT_EQ(run("verify-certificate " + manifest).code, 0);
  write_text(spec, carve::testing::file_text(spec) + "\n// edited after the certificate\n");
  const auto v = run("verify-certificate " + manifest);
  EXPECT_EQ(v.code, 1) << v.out;
  EXPECT_NE(v.out.find("has SHA-256 " + sha256sum(spec) + ", the manifest records"), std::string::npos) << v.out;
}

TEST(CertificateManifest, SwappedProofIsRejected) {
  const std::string dir = fresh_dir("manifest-swap");
  const std::string manifest = certify("spec/binary_tree.carve", dir, "lenient");
  certify("spec/binary_tree.carve", dir, "trail", "trail");
  fs::copy_file(dir + "/trail.drat", dir + "/lenient.drat", fs::copy_options::overwrite_existing);
  const auto v = run("verify-certificate " + manifest);
  EXPECT_EQ(v.code, 1) << v.out;
  EXPECT_NE(v.out.find("drat " + dir + "/lenient.drat has SHA-256 " + sha256sum(dir + "/trail.drat")), std::string::npos) << v.out;
}

TEST(CertificateManifest, BrokenManifestIsBadInput) {
  const std::string dir = fresh_dir("manifest-bad");
  const std::string manifest = certify("spec/binary_tree.carve", dir, "c4");
  auto m = read_json(manifest);
  m["question"].erase("target");
  write_text(dir + "/no-target.json", m.dump());
  auto v = run("verify-certificate " + dir + "/no-target.json");
  EXPECT_EQ(v.code, 2) << v.out;
  EXPECT_NE(v.out.find(dir + "/no-target.json: field question.target: missing field"), std::string::npos) << v.out;
  write_text(dir + "/cut.json", carve::testing::file_text(manifest).substr(0, 100));
  v = run("verify-certificate " + dir + "/cut.json");
  EXPECT_EQ(v.code, 2) << v.out;
  EXPECT_NE(v.out.find(dir + "/cut.json: not JSON"), std::string::npos) << v.out;
  fs::remove(dir + "/c4.drat");
  v = run("verify-certificate " + manifest);
  EXPECT_EQ(v.code, 2) << v.out;
  EXPECT_NE(v.out.find("field drat names " + dir + "/c4.drat"), std::string::npos) << v.out;
}

// The limits hold for the whole verification: 5 MB is below what carve itself needs, so the run
// ends unknown (exit 4), never accepted or rejected.
TEST(CertificateManifest, ALimitIsUnknownNeverAVerdict) {
  const std::string dir = fresh_dir("manifest-limit");
  const std::string manifest = certify("spec/binary_tree.carve", dir, "c4");
  const auto v = run("verify-certificate " + manifest + " --memory-limit 5");
  EXPECT_EQ(v.code, 4) << v.out;
  EXPECT_NE(v.out.find("verdict   unknown: memory limit 5 MB"), std::string::npos) << v.out;
}

TEST(VerifyProofHash, ExpectSha256RejectsAnotherCnfAndAcceptsItsOwn) {
  const std::string dir = fresh_dir("expect-sha");
  certify("spec/binary_tree.carve", dir, "c4");
  const std::string cnf = dir + "/c4.cnf", drat = dir + "/c4.drat";
  const std::string right = sha256sum(cnf), proof_right = sha256sum(drat);
  std::string wrong = right;
  wrong[0] = wrong[0] == '0' ? '1' : '0';
  auto ok = run("verify-proof " + cnf + " " + drat + " --expect-sha256 " + right + " --expect-proof-sha256 " + proof_right);
  EXPECT_EQ(ok.code, 0) << ok.out;
  EXPECT_NE(ok.out.find("cnf sha256 " + right), std::string::npos) << ok.out;
  auto bad = run("verify-proof " + cnf + " " + drat + " --expect-sha256 " + wrong);
  EXPECT_EQ(bad.code, 1) << bad.out;
  EXPECT_NE(bad.out.find("rejected: the CNF " + cnf + " has SHA-256 " + right + ", not the expected " + wrong), std::string::npos)
      << bad.out;
  bad = run("verify-proof " + cnf + " " + drat + " --expect-proof-sha256 " + wrong);
  EXPECT_EQ(bad.code, 1) << bad.out;
  const auto j = run("verify-proof " + cnf + " " + drat + " --json");
  EXPECT_EQ(nlohmann::json::parse(j.out)["cnf_sha256"], right);
  EXPECT_EQ(run("verify-proof " + cnf + " " + drat + " --expect-sha256 abc").code, 2);
}

// Each clause's literals on distinct variables: no literal twice, no literal with its negation.
TEST(CertificateCnf, NoClauseRepeatsAVariable) {
  const std::string dir = fresh_dir("no-repeats");
  for (const std::string profile : {"lenient", "literal"}) {
    certify("spec/binary_tree.carve", dir, profile, profile);
    const auto clauses = clauses_of(dir + "/" + profile + ".cnf");
    ASSERT_GT(clauses.size(), 1000u) << profile;
    for (const auto& c : clauses) {
      std::set<long> vars;
      for (long lit : c) vars.insert(lit < 0 ? -lit : lit);
      ASSERT_EQ(vars.size(), c.size()) << profile << ": a clause repeats a variable";
    }
  }
}

}  // namespace
