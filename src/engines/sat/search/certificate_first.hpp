// A no-win certified without the incremental search first, where that search would teach the
// certified formula nothing: under path=walk the 000 encoding holds the obligation to collapse
// exactly (closed sets, engines/sat/tree/tree_encoding.cpp) and learns no stability lemma, so the fresh
// formula alone decides. Spares the atlas's certificates and split's parts one whole search: the
// sat engine's adapter tries it first when asked (engines::Tuning::certificate_first).
// Invariant: Accepted only as encoder::certify_formula accepts (the checker on the files as
// written); Satisfiable here is no internal error but "a play exists": the caller searches for it.
#pragma once
#include "engines/sat/search/no_win_certificate.hpp"

namespace carve::encoder {

// Whether certify_without_search applies: document 000 and path=walk.
bool certificate_needs_no_search(const model::Game& game);

// `symmetry_chains`: see no_win_formula (never with first moves).
NoWinCertificate certify_without_search(const model::Game& game, const model::Target& target, int turns,
                                        const FirstMoves& first_moves, const ProofRequest& request, limits::Budget& budget,
                                        bool symmetry_chains = false);

}  // namespace carve::encoder
