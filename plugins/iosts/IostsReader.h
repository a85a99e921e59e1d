#pragma once
// Reads the text of a .iosts file into a Model: the syntax of every declaration, the shape of
// actions and assignments, and unique names per kind. Names are resolved in IostsCheck, sorts
// and expressions in IostsDecls and IostsLower.
#include <string>
#include <string_view>

#include "IostsModel.h"

namespace symseq::iosts {

// `file` names the file in error locations. Throws ParseError at file:line:col.
[[nodiscard]] Model readModel(std::string_view text, const std::string& file);

// A contract file (the frontend's `contracts` option): `contract`, `frozen` and `axiom` lines
// only, read into an otherwise empty Model.
[[nodiscard]] Model readContractFile(std::string_view text, const std::string& file);

}  // namespace symseq::iosts
