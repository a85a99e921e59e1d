#pragma once
// Reads a GraphWalker JSON model file (docs/models/graphwalker.md) into a Model: the documented
// keys of the file, the model, its vertices and edges are read; `properties`, `requirements`,
// `generator`, `weight`, `dependency`, `sharedState`, `predefinedPathEdgeIds`, `id`s of the file
// and model and the file's `seed` are accepted and ignored; any other key is an error with a
// did-you-mean. Throws ParseError / SortError at the file's line:col.
#include <string>
#include <string_view>

#include "GwModel.h"

namespace symseq::graphwalker {

// `start` overrides the model's startElementId when not empty (an element's id or unique name).
[[nodiscard]] Model readModel(std::string_view text, const std::string& file, const std::string& fallbackName,
                              const std::string& start, ExprContext& ctx);

}  // namespace symseq::graphwalker
