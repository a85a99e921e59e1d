// Fuzz target `iosts`: the iosts frontend plugin's whole load (read, check, lower, split by
// behaviours), compiled in from plugins/iosts (FrontendTarget.h).
#include "FrontendTarget.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  symseq::fuzz::loadWithFrontend(data, size, ".iosts");
  return 0;
}
