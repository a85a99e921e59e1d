// Fuzz target `set`: `--set` overrides, one per line of the input, applied to a fixed run file
// that resolves cleanly, then resolved as `symseq run --set ...` does (RunTarget.h). An error
// must point at "<command line>:N:col" or into the run file. Findings: FuzzCheck.h.
#include <cstddef>
#include <cstdint>
#include <sstream>

#include "RunTarget.h"

namespace {

constexpr const char* kRunFile = R"(seed = 0
[model]
file = "models/vending.iosts"
frontend = "iosts"
[solver]
name = "z3"
[strategy]
name = "symtest"
[budgets]
depth = 8
[output]
dir = "out"
formats = ["json", "text"]
)";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<std::string> overrides;
  for (std::string line; std::getline(in, line);) overrides.push_back(line);
  symseq::fuzz::readRun(kRunFile, overrides);
  return 0;
}
