#pragma once
// What the model readers' tests share: a shipped model's text, and a reader's error as
// "line:col message", checked to be located in the given file and to carry a hint.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "symseq/expr/ExprContext.h"
#include "symseq/support/Error.h"

namespace symseq::test {

inline std::string shippedModel(const std::string& name) {
  std::ifstream in(std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs" / "models" / name, std::ios::binary);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs `read` (given a fresh context); "" when it throws nothing.
template <class Read>
std::string locatedError(const std::string& file, Read&& read) {
  ExprContext ctx;
  try {
    read(ctx);
  } catch (const Error& e) {
    REQUIRE(e.location().has_value());
    CHECK(e.location()->file == file);
    CHECK_FALSE(e.hint().empty());
    return std::to_string(e.location()->line) + ":" + std::to_string(e.location()->column) + " " + e.message();
  }
  return "";
}

}  // namespace symseq::test
