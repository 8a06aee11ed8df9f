// The JSON's "versions" come from the libraries carve is linked with (CaDiCaL, Z3) and from the
// CMake project version, so they cannot go stale: they must equal what those libraries report
// here, and what the Debian packages' own command-line tools print.
#include <gtest/gtest.h>

#include "tests/process.hpp"

#include <array>
#include <cstdio>
#include <string>

#include <cadical.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <z3.h>

namespace {
std::string output_of(const std::string& cmd) { return carve::testing::run_command(cmd).out; }
}  // namespace

TEST(Versions, ReadFromTheLinkedLibraries) {
  const auto j = nlohmann::json::parse(output_of(std::string(CARVE_BINARY) + " elaborate spec/binary_tree.carve --depth 1 --json"));
  const auto& v = j.at("versions");
  EXPECT_EQ(v.at("carve"), CARVE_PROJECT_VERSION);
  EXPECT_EQ(v.at("cadical"), CaDiCaL::Solver::version());
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  EXPECT_EQ(v.at("z3"), fmt::format("{}.{}.{}.{}", major, minor, build, revision));
  // The packages' own tools agree (cadical prints its version; z3 prints "Z3 version 4.8.12 - 64 bit").
  EXPECT_EQ(output_of("cadical --version"), v.at("cadical").get<std::string>() + "\n");
  EXPECT_NE(output_of("z3 --version").find(fmt::format("Z3 version {}.{}.{}", major, minor, build)), std::string::npos);
}

TEST(Versions, NautyAndBoostFromTheirPackages) {
  const auto j = nlohmann::json::parse(output_of(std::string(CARVE_BINARY) + " elaborate spec/binary_tree.carve --depth 1 --json"));
  const auto& v = j.at("versions");
  // The headers carve was compiled against, checked against what the Debian packages declare.
  EXPECT_EQ(output_of("pkg-config --modversion nauty"), v.at("nauty").get<std::string>() + "\n");
  const std::string boost = output_of("dpkg-query -W -f '${Version}' libboost-dev");
  EXPECT_EQ(boost.rfind(v.at("boost").get<std::string>(), 0), 0u) << boost << " vs " << v.at("boost");
}

TEST(Versions, VersionFlagNamesCarveAndItsLibraries) {
  const auto j = nlohmann::json::parse(output_of(std::string(CARVE_BINARY) + " elaborate spec/binary_tree.carve --depth 1 --json"));
  const auto& v = j.at("versions");
  const auto text = output_of(std::string(CARVE_BINARY) + " --version");
  EXPECT_EQ(text, fmt::format("carve {}\nbuilt with CaDiCaL {}, Z3 {}, nauty {}, Boost {}\n", CARVE_PROJECT_VERSION,
                              v.at("cadical").get<std::string>(), v.at("z3").get<std::string>(),
                              v.at("nauty").get<std::string>(), v.at("boost").get<std::string>()));
}
