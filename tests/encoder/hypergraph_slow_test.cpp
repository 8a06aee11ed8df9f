// The 001 agreement of the SAT engine with explicit search on more random instances, including
// formulas outside F* (virtual-scope = formulas, the lenient profile). Label `slow`.
#include "tests/encoder/hypergraph_agree.hpp"

namespace carve::encoder {
namespace {

TEST(HypergraphAgreementSlow, RandomWithFormulasOutsideFStar) { random_agreement(7001, 30, true); }

}  // namespace
}  // namespace carve::encoder
