#pragma once
// Plugin options as a run hands them over: checked against the plugin's OptionSpecs, defaults
// filled in from the specs' TOML literals.
#include "symseq/plugin/Options.h"
#include "symseq/plugin/Registry.h"

namespace symseq {

// Every declared option at its default (e.g. for `symseq selfcheck`, which has no run file).
[[nodiscard]] Options defaultOptions(const PluginInfo& plugin);

// "a boolean", "an integer", "a number", "a string", "a list of strings".
[[nodiscard]] std::string expectedText(OptionType type);

}  // namespace symseq
