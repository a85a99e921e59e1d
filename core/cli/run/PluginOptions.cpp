#include "symseq/run/PluginOptions.h"

#include <toml++/toml.h>

#include "PluginSection.h"

namespace symseq {

std::string expectedText(OptionType type) {
  switch (type) {
    case OptionType::Bool: return "a boolean";
    case OptionType::Int: return "an integer";
    case OptionType::Real: return "a number";
    case OptionType::String: return "a string";
    case OptionType::StringList: return "a list of strings";
  }
  return "?";
}

namespace {

// The registry already checked that each default is a literal of its type.
OptionValue parseDefault(const OptionInfo& spec) {
  const toml::table t = toml::parse("v = " + std::string(spec.defaultValue), std::string_view{"<default>"});
  const SectionReader r(&t, "", "<default>");
  switch (spec.type) {
    case OptionType::Bool: return *r.boolean("v");
    case OptionType::Int: return *r.integer("v");
    case OptionType::Real: return *r.number("v");
    case OptionType::String: return *r.string("v");
    case OptionType::StringList: return *r.strings("v");
  }
  return false;
}

std::optional<OptionValue> readOption(const SectionReader& s, const OptionInfo& spec) {
  const std::string_view key = spec.name;
  if (!s.get(key)) return std::nullopt;
  switch (spec.type) {
    case OptionType::Bool: return *s.boolean(key);
    case OptionType::Int: return *s.integer(key);
    case OptionType::Real: return *s.number(key);
    case OptionType::String: return *s.string(key);
    case OptionType::StringList: return *s.strings(key);
  }
  return std::nullopt;
}

}  // namespace

Options defaultOptions(const PluginInfo& plugin) {
  Options out;
  for (const OptionInfo& spec : plugin.options) out.set(spec.name, parseDefault(spec));
  return out;
}

PluginChoice readPluginChoice(const SectionReader& s, PluginKind kind, std::string_view nameKey,
                              const std::vector<std::string>& kernelKeys, const Registry& registry) {
  PluginChoice choice;
  choice.name = s.requiredString(nameKey);
  choice.where = s.where(nameKey);
  const PluginInfo* info = nullptr;
  try {
    info = &registry.info(kind, choice.name);
  } catch (const ConfigError& e) {
    throw ConfigError(e.message(), choice.where, e.hint());  // point at the name in the run file
  }
  std::vector<std::string> valid = kernelKeys;
  for (const OptionInfo& spec : info->options) valid.emplace_back(spec.name);
  s.checkKeys(valid);
  for (const OptionInfo& spec : info->options) {
    if (auto v = readOption(s, spec))
      choice.options.set(spec.name, std::move(*v), s.where(spec.name));
    else
      choice.options.set(spec.name, parseDefault(spec));
  }
  return choice;
}

}  // namespace symseq
