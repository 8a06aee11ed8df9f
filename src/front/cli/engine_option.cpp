// --engine's check and parse, from rules/elaborate/engines.def.
#include "front/cli/engine_option.hpp"

#include <stdexcept>

namespace carve::cli {

CLI::Validator engine_check(const std::vector<elab::Engine>& allowed) {
  std::vector<std::string> names;
  for (const auto e : allowed) names.emplace_back(elab::name(e));
  return CLI::IsMember(names);
}

elab::Engine engine_named(const std::string& checked) {
  if (const auto e = elab::parse(checked)) return *e;
  throw std::logic_error("--engine: '" + checked + "' passed the check but names no engine");
}

}  // namespace carve::cli
