#pragma once
// The body of a frontend fuzz target (`cfg`, `iosts`): the plugin's whole load (read, check,
// lower), compiled in and reached through its descriptor, exactly as `symseq run` loads a model
// file. Findings: FuzzCheck.h.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>

#include "FuzzCheck.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"

// The descriptor's alias (BOOST_DLL_ALIAS in the plugin's source), linked in.
extern "C" const void* symseq_plugin;

namespace symseq::fuzz {

// Loads `data` as a model file named with `extension` (".cfg").
inline void loadWithFrontend(const std::uint8_t* data, std::size_t size, std::string_view extension) {
  const auto& descriptor = *static_cast<const PluginDescriptor*>(symseq_plugin);
  const std::filesystem::path file = writeInput(std::string_view(reinterpret_cast<const char*>(data), size), extension);
  expectLocated([&] {
    const auto frontend = descriptor.makeFrontend(Options{});
    ExprContext ctx;
    (void)frontend->load(file, ctx);
  });
}

}  // namespace symseq::fuzz
