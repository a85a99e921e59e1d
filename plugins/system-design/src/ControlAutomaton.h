#pragma once
// A design's program as a control automaton over program points (seed-requirements 3.3): `;`
// sequence, `|` choice, `|i|` both orders, `while (φ)` an entry edge φ and an exit edge ¬φ. The
// `while` edges are instantaneous, so they are folded into the basic programs that follow them:
// what remains are the points where control rests (the start and the ends of basic programs) and,
// per basic program, the entries it can be taken from.
#include <cstdint>
#include <vector>

#include "symseq/design/Design.h"
#include "symseq/expr/ExprContext.h"

namespace symseq::design {

struct ProgramEntry {
  std::uint32_t from = 0;
  std::vector<Expr> conditions;  // the folded `while` conditions, over the design's placeholders
  std::uint32_t to = 0;
};

struct ControlAutomaton {
  std::uint32_t points = 1;                     // resting points; 0 is the start
  std::vector<std::vector<ProgramEntry>> entries;  // per basic program (Design::basics order)
};

// Throws Error at a program naming a basic program that does not exist.
[[nodiscard]] ControlAutomaton controlAutomaton(const Design& design, ExprContext& ctx);

}  // namespace symseq::design
