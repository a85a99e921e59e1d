#pragma once
// The `use` graph of a file's designs: every used design exists, instance names are unique per
// user, no design reuses itself (directly or not), and every design's time carrier (a design
// without `time` takes its users', seed-requirements 3.4 item 4; a top one is discrete).
// Internal to the library.
#include <vector>

#include "Syntax.h"

namespace symseq::design {

// Throws a located Error; returns the carrier of each design, in file order.
[[nodiscard]] std::vector<TimeKind> checkComposition(const std::vector<syntax::DesignText>& designs);

// The index of `name` among the designs, or designs.size().
[[nodiscard]] std::size_t findDesign(const std::vector<syntax::DesignText>& designs, std::string_view name);

}  // namespace symseq::design
