#pragma once
// Options a plugin declares, and the validated values a run hands it. Plugins never see TOML:
// the kernel checks every key against the declaration (unknown keys and wrong types are errors
// at file:line:col with a did-you-mean) and fills in defaults.
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

enum class OptionType : std::uint8_t { Bool, Int, Real, String, StringList };
[[nodiscard]] std::string_view toString(OptionType t);

// One declared option. Plain C-compatible fields so a plugin can declare a static array.
struct OptionSpec {
  const char* name;
  OptionType type;
  const char* defaultValue;  // TOML literal text: "true", "100", "0.5", "\"fast\"", "[]"
  const char* help;
};

// The kernel's own copy of an OptionSpec, which stays valid after the plugin's library is gone.
struct OptionInfo {
  std::string name;
  OptionType type;
  std::string defaultValue;
  std::string help;
};

using OptionValue = std::variant<bool, std::int64_t, double, std::string, std::vector<std::string>>;

// Validated option values, each with the place it came from (a file, the command line, or the
// plugin's default).
class Options {
 public:
  struct Entry {
    OptionValue value;
    std::optional<SourceLocation> where;  // nullopt for a default
  };

  Options() = default;

  // Each getter throws ConfigError when the option is missing or has another type; that is a
  // programming error of the plugin, since validation already matched the declaration.
  [[nodiscard]] bool getBool(std::string_view name) const;
  [[nodiscard]] std::int64_t getInt(std::string_view name) const;
  [[nodiscard]] double getReal(std::string_view name) const;  // an Int value is accepted
  [[nodiscard]] const std::string& getString(std::string_view name) const;
  [[nodiscard]] const std::vector<std::string>& getStringList(std::string_view name) const;

  [[nodiscard]] bool contains(std::string_view name) const;
  // Where the value came from, for errors about its meaning ("timeout_ms must be >= 0").
  [[nodiscard]] std::optional<SourceLocation> location(std::string_view name) const;
  // A ConfigError pointing at the option's value, for a plugin that rejects it.
  [[nodiscard]] ConfigError invalid(std::string_view name, std::string message, std::string hint = {}) const;

  void set(std::string name, OptionValue value, std::optional<SourceLocation> where = std::nullopt);
  [[nodiscard]] const std::map<std::string, Entry, std::less<>>& entries() const { return entries_; }

 private:
  const Entry& entry(std::string_view name) const;
  std::map<std::string, Entry, std::less<>> entries_;
};

// Render a value as TOML (for the effective configuration a run writes out).
[[nodiscard]] std::string toTomlLiteral(const OptionValue& v);

}  // namespace symseq

#pragma GCC visibility pop
