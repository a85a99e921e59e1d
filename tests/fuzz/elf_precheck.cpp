// Fuzz target: the plugin pre-check's ELF reader (core/src/plugin/ElfReader.h) on arbitrary bytes,
// as found in a plugin directory. A refusal (ElfError) is the expected outcome for most inputs;
// anything else escaping, a crash or a sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <span>

#include "ElfReader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  try {
    (void)symseq::elf::sectionSymbols(bytes, "boostdll");
  } catch (const symseq::elf::ElfError&) {
    // A corrupt file, refused with the field named: what the pre-check turns into a located error.
  }
  return 0;
}
