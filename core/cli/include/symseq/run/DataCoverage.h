#pragma once
// Data coverage (`[targets] data = true`, docs/run-files.md): every value of every enumerated
// input at least once. The lowering splits each input transition that receives an enumerated
// parameter into one variant per value, the way contract behaviours split `price` into
// `price#tea`; the variants are ordinary transitions, so every strategy, replay and writer handles
// them without knowing about data coverage, and covering them all covers every value.
#include "symseq/ir/TransitionSystem.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

// The most variants one transition may split into (the product of its enumerations' sizes).
inline constexpr std::size_t kMaxDataVariants = 4096;

// The system with every transition whose input action receives enumerated parameters split into
// one variant per value, or per combination of values when it receives several (the first
// parameter outermost): named `NAME#p=v` (`choose#d=coffee`, a behaviour variant `t#b` gives
// `t#b.p=v`), `origin` the model's transition, `p=v` appended to `variant`, and the guard
// conjoined with `param == value`. Other transitions are copied; the transition ids the system
// keeps (declared targets, subspaces, components) are mapped to every image. Throws ConfigError
// at `where` when no input transition receives an enumerated parameter, or when one would split
// into more than kMaxDataVariants variants.
[[nodiscard]] TransitionSystem splitByInputValues(const TransitionSystem& system,
                                                  const std::optional<SourceLocation>& where);

// `system` split by input values when the run asks for data coverage; unchanged otherwise.
void applyDataCoverage(const TargetConfig& targets, TransitionSystem& system);

}  // namespace symseq
