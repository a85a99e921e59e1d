#pragma once
// The user's shared library holding the reference implementations of a model's external
// functions, called through the C convention of symseq/external.h. The library stays loaded as
// long as this object (and every interpretation made from it) lives.
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "symseq/expr/Valuation.h"

#pragma GCC visibility push(default)

namespace symseq {

struct ExternalBinding {
  const FunctionDecl* function;
  std::string symbol;  // exported C symbol; by default the function's name
};

class ExternalLibrary {
 public:
  // Throws Error naming the library (and the loader's message) when it does not load, and the
  // function and symbol when a symbol is missing.
  ExternalLibrary(const std::filesystem::path& file, const std::vector<ExternalBinding>& bindings);
  ~ExternalLibrary();
  ExternalLibrary(const ExternalLibrary&) = delete;
  ExternalLibrary& operator=(const ExternalLibrary&) = delete;

  [[nodiscard]] const std::filesystem::path& file() const { return file_; }
  // Implementations that convert values, call the C function and throw EvalError on a failure
  // (a non-zero return code, a result out of range, a non-finite real).
  [[nodiscard]] const FunctionInterpretations& interpretations() const { return interpretations_; }

 private:
  struct Impl;
  std::filesystem::path file_;
  std::shared_ptr<Impl> impl_;
  FunctionInterpretations interpretations_;
};

}  // namespace symseq

#pragma GCC visibility pop
