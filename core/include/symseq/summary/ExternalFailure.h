#pragma once
// A call of an external function's implementation that failed (an error code, an exception);
// the table is left unchanged and the run reports it.
#include <string>
#include <vector>

#include "symseq/expr/Value.h"

#pragma GCC visibility push(default)

namespace symseq {

struct ExternalFailure {
  std::string function;
  std::vector<Value> args;
  std::string message;
};

}  // namespace symseq

#pragma GCC visibility pop
