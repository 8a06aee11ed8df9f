// An allocation that fails is an honest `unknown`, never a crash. Its own program, built and run
// where the sanitizers are not: AddressSanitizer reserves terabytes of address space and cannot run
// under the address-space cap this test sets, so `make test` runs it against the release carve
// (label `unsanitized`) while the rest of the suite runs under the sanitizers.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/faults/child.hpp"

namespace {

using carve::testing::kCarve;


// The explicit literal C4 question of issue 14 grows its tables until an allocation fails (on
// the machine within seconds, exit 3). Here the address space is capped a little above
// what carve maps when it starts (128 MB: the probe may read it before every library is mapped),
// so the first large table fails at once: unknown, with the
// reason, exit 0.
TEST(Inputs, AnAllocationFailureIsUnknown) {
  const std::string question = "solve spec/binary_tree.carve --target C4 --turns 8 --depth 5 --profile literal --engine explicit";
  long start_kb = 0;
  {
    carve::testing::Child probe("exec " + kCarve + " " + question);
    ASSERT_TRUE(probe.wait_until_catching(SIGINT));
    start_kb = probe.virtual_kb();
  }
  ASSERT_GT(start_kb, 0);
  const auto e = carve::testing::run_to_end("ulimit -v " + std::to_string(start_kb + 128 * 1024) + " && exec " + kCarve + " " +
                                            question + " --memory-limit 100000 --json");
  ASSERT_EQ(e.code, 0) << e.out << e.err;
  const auto j = nlohmann::json::parse(e.out);
  EXPECT_EQ(j["verdict"], "unknown");
  EXPECT_THAT(j["reason"].get<std::string>(), ::testing::HasSubstr("out of memory: an allocation failed"));
}

}  // namespace
