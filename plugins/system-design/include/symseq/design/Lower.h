#pragma once
// Lowering of a design and the designs it reuses into the IR (seed-requirements 3.3 and 3.7;
// docs/models/design.md says every decision):
// - one clock: the frozen parameter `time0` (the initial date, `time0 >= 0`) and the state variable
//   `elapsed` (0 at first); every `X.time` is `time0 + elapsed` (Int for discrete time, Real for dense);
// - per instance X and port p: `X.p`, `X.p.avail` (false at first), `X.p.buf`; private variables
//   `X.v` (an uninitialised one that is never assigned is a frozen parameter, for [assume]);
//   `X.last`, the elapsed time at X's last observation (0 at first); `X.pc` when X's program has
//   more than one program point;
// - one IR location; tester inputs: `delay(d)` (d >= 1 discrete, d > 0 dense) and one channel per
//   port of the top design (a value arrives on an empty port); both synthetic;
// - one transition per basic program and `if`-branch combination of every instance, named
//   `X.bK` or `X.bK.if1.not2...` with origin `X.bK`: guard = program point, ι(φ), buffer
//   conditions, branch conditions, ψ after the body, `elapsed > X.last` (and `> Y.last` for every
//   instance Y it delivers to); updates = the body, then the `last`s and the program point; the top
//   design's are outputs on channel `<top>` carrying its ports after the body, the others internal;
// - TransitionSystem::components (one per instance, the top first), environment (elapsed grows,
//   empty top ports may fill) and date (`time0 + elapsed`).
#include <string>

#include "symseq/design/Design.h"
#include "symseq/ir/TransitionSystem.h"

#pragma GCC visibility push(default)

namespace symseq::design {

[[nodiscard]] TransitionSystem lower(const DesignFile& file, const Design& top, ExprContext& ctx);

// The composition as written (instances nested in their users, routes as edges), in DOT: the
// dot writer draws it as model-source.dot.
[[nodiscard]] std::string compositionDiagram(const DesignFile& file, const Design& top);

}  // namespace symseq::design

#pragma GCC visibility pop
