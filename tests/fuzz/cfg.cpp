// Fuzz target `cfg`: the cfg frontend plugin's whole load (read, check, lower), compiled in from
// plugins/cfg (FrontendTarget.h).
#include "FrontendTarget.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  symseq::fuzz::loadWithFrontend(data, size, ".cfg");
  return 0;
}
