#pragma once
// A frontend reads one kind of model file and lowers it into the IR.
#include <filesystem>
#include <string_view>
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/plugin/Options.h"

#pragma GCC visibility push(default)

namespace symseq {

struct TargetSpec;

class Frontend {
 public:
  virtual ~Frontend() = default;
  // Throws ParseError / Error with the model file's line and column on bad input.
  [[nodiscard]] virtual TransitionSystem load(const std::filesystem::path& file, ExprContext& ctx) = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
