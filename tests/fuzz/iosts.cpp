// Fuzz target `iosts`: the iosts frontend plugin's whole load (read, check, lower, split by behaviours),
// compiled in from plugins/iosts and reached through its descriptor, exactly as `symseq run` loads
// a .iosts file. Findings: FuzzCheck.h.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "FuzzCheck.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"

// The descriptor's alias (BOOST_DLL_ALIAS in IostsPlugin.cpp), linked in.
extern "C" const void* symseq_plugin;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& descriptor = *static_cast<const symseq::PluginDescriptor*>(symseq_plugin);
  const std::filesystem::path file =
      symseq::fuzz::writeInput(std::string_view(reinterpret_cast<const char*>(data), size), ".iosts");
  symseq::fuzz::expectLocated([&] {
    const auto frontend = descriptor.makeFrontend(symseq::Options{});
    symseq::ExprContext ctx;
    (void)frontend->load(file, ctx);
  });
  return 0;
}
