#pragma once
// Reads one table of the run file with typed getters that report wrong types at the value's
// file:line:col, and checks afterwards that the table holds no key it does not know.
#include <cstdint>
#include <optional>
#include <string>
#include <toml++/toml.h>
#include <vector>

#include "symseq/support/Error.h"

namespace symseq {

class SectionReader {
 public:
  // `path` is "" for the top level, else "solver" or "heuristics.0" (the --set spelling).
  SectionReader(const toml::table* table, std::string path, std::string file);

  [[nodiscard]] bool present() const { return table_ != nullptr; }
  [[nodiscard]] const toml::table* table() const { return table_; }
  [[nodiscard]] const toml::node* get(std::string_view key) const;

  // Absent keys give nullopt; present keys of another type throw ConfigError.
  [[nodiscard]] std::optional<std::string> string(std::string_view key) const;
  [[nodiscard]] std::optional<std::int64_t> integer(std::string_view key) const;
  [[nodiscard]] std::optional<double> number(std::string_view key) const;  // integers too
  [[nodiscard]] std::optional<bool> boolean(std::string_view key) const;
  [[nodiscard]] std::optional<std::vector<std::string>> strings(std::string_view key) const;
  [[nodiscard]] std::string requiredString(std::string_view key) const;
  // An integer in [low, high].
  [[nodiscard]] std::optional<std::int64_t> integerIn(std::string_view key, std::int64_t low, std::int64_t high) const;

  [[nodiscard]] SourceLocation where(std::string_view key) const;  // the value, else the section
  [[nodiscard]] SourceLocation location() const;                   // the section header, else the file
  [[nodiscard]] std::string keyPath(std::string_view key) const;   // "solver.name"
  [[nodiscard]] std::string label() const;                         // "[solver]" or "the top level"
  [[nodiscard]] const std::string& file() const { return file_; }

  [[noreturn]] void wrongType(std::string_view key, std::string_view expected) const;
  [[noreturn]] void invalid(std::string_view key, const std::string& message, std::string hint = {}) const;
  // Throws ConfigError with a did-you-mean for the first key (in file order) not in `valid`.
  void checkKeys(const std::vector<std::string>& valid) const;

 private:
  const toml::table* table_;
  std::string path_;
  std::string file_;
};

// The sub-table `key` of `parent`, or an absent reader; throws when `key` is not a table.
[[nodiscard]] SectionReader section(const SectionReader& parent, std::string_view key);

}  // namespace symseq
