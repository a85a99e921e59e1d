#pragma once
// What a run's result is the result of, as its writers name it: the model file, the frontend,
// the solver (name and version), the strategy and the seed. The application fills it in from the
// run file and the plugins it made.
#include <cstdint>
#include <string>

#pragma GCC visibility push(default)

namespace symseq {

struct ResultHeader {
  std::string model;     // the model file's name, as the run file named it
  std::string frontend;
  std::string solver;    // name and version, e.g. "z3 4.8.12.0"
  std::string strategy;
  std::uint64_t seed = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
