// The progress line (foundations/limits/progress.hpp): a line rewritten in place, never wider than the
// terminal's 79 columns once lanes share it, and two threads' lanes never mixed within a line.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "foundations/limits/progress.hpp"

namespace carve::limits {
namespace {

// What was written, cut at each "\r" into the lines a terminal would show in turn.
std::vector<std::string> lines(const std::string& written) {
  std::vector<std::string> out;
  std::stringstream in(written);
  for (std::string line; std::getline(in, line, '\r');)
    if (!line.empty()) out.push_back(line);
  return out;
}

TEST(Progress, ADisabledLineWritesNothing) {
  ::testing::internal::CaptureStderr();
  {
    Progress line(false, "sat");
    line.show("k=3");
    ProgressLanes lanes(false, "parts");
    Progress lane(lanes, "00");
    lane.show("solving");
  }
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

TEST(Progress, LanesShareOneLineThatNeverWraps) {
  ::testing::internal::CaptureStderr();
  {
    ProgressLanes lanes(true, "parts");
    std::vector<std::unique_ptr<Progress>> lane;  // all three held at once, as parts on three threads
    for (int w = 0; w < 3; ++w) lane.push_back(std::make_unique<Progress>(lanes, "0" + std::to_string(w)));
    std::vector<std::thread> workers;
    for (int w = 0; w < 3; ++w)
      workers.emplace_back([&lane, w] {
        for (int i = 0; i < 200; ++i)
          lane[static_cast<std::size_t>(w)]->show("backward step " + std::to_string(i) + "/341876, core lemmas 6884, RAT 0");
      });
    for (auto& t : workers) t.join();
    lane.clear();
  }
  const auto shown = lines(::testing::internal::GetCapturedStderr());
  ASSERT_FALSE(shown.empty());
  bool both = false;
  for (const auto& line : shown) {
    if (line.find_first_not_of(' ') == std::string::npos) continue;  // the erasing line
    EXPECT_LE(line.size(), 79u) << line;
    EXPECT_EQ(line.rfind("carve: parts ", 0), 0u) << line;  // one whole line each time: no other thread's bytes inside
    both = both || (line.find("00: ") != std::string::npos && line.find(" | 0") != std::string::npos);
  }
  EXPECT_TRUE(both) << "no line showed two lanes at once";
  EXPECT_EQ(shown.back().find_first_not_of(' '), std::string::npos) << "the line is erased once every lane is done";
}

TEST(Progress, ALaneAloneKeepsItsWholeText) {
  ::testing::internal::CaptureStderr();
  {
    ProgressLanes lanes(true, "parts");
    Progress lane(lanes, "10");
    lane.show("solving, 1234 MB of proof");
  }
  const auto shown = lines(::testing::internal::GetCapturedStderr());
  ASSERT_GE(shown.size(), 1u);
  // The whole text, then the elapsed seconds (not asserted: a loaded machine may take any time).
  EXPECT_EQ(shown.front().rfind("carve: parts 10: solving, 1234 MB of proof ", 0), 0u) << shown.front();
  EXPECT_NE(shown.front().find(" s"), std::string::npos) << shown.front();
}

}  // namespace
}  // namespace carve::limits
