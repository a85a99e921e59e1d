// Fuzz target `matrix`: bench matrices (the harness's parseMatrix, what `symseq bench` reads
// before it runs anything). The harness has its own error type; the same rule applies to it
// (FuzzCheck.h).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "FuzzCheck.h"
#include "harness/Matrix.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  symseq::fuzz::expectLocated<symseq::bench::Error>([&] {
    (void)symseq::bench::parseMatrix(std::string_view(reinterpret_cast<const char*>(data), size),
                                     "fuzz/matrix.toml");
  });
  return 0;
}
