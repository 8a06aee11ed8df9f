// The usual visitor helper: one lambda per alternative of a std::variant.
#pragma once

namespace carve::elab {
template <class... Ts>
struct overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
overloaded(Ts...) -> overloaded<Ts...>;
}  // namespace carve::elab
