// Fuzz target `run`: a run file (TOML), read and resolved against the build's plugins as
// `symseq run` does (RunTarget.h). Findings: FuzzCheck.h.
#include <cstddef>
#include <cstdint>

#include "RunTarget.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  symseq::fuzz::readRun(std::string_view(reinterpret_cast<const char*>(data), size), {});
  return 0;
}
