#pragma once
// Reads the text of a .cfg file into a Model: syntax, duplicate names, sorts and node names are
// checked here; the graph's shape in CfgCheck; expressions and data flow in CfgLower.
#include <string>
#include <string_view>

#include "CfgModel.h"

namespace symseq::cfg {

// `file` names the file in error locations. Throws ParseError at file:line:col.
[[nodiscard]] Model readModel(std::string_view text, const std::string& file);

}  // namespace symseq::cfg
