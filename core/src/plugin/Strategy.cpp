// Anchors the strategy base's vtable and type info in the kernel (its key function).
#include "symseq/plugin/Strategy.h"

namespace symseq {

std::optional<std::string> Strategy::refusal(const TransitionSystem&) const { return std::nullopt; }

}  // namespace symseq
