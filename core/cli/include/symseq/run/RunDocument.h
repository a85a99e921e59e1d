#pragma once
// The first phase of reading a run: the TOML document with the command line's `--set`
// overrides applied, before any plugin is known. Its plugin directories must be loaded into the
// Registry before the document can be resolved into a RunConfig (resolveRunConfig), because
// plugin options are checked against the plugins' declarations.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "symseq/support/Error.h"

namespace symseq {

class RunDocument {
 public:
  // Throws ConfigError at the syntax error's file:line:col, or when the file cannot be read.
  [[nodiscard]] static RunDocument parseFile(const std::filesystem::path& file);
  // `name` stands for the file in messages, and its directory anchors relative paths.
  [[nodiscard]] static RunDocument parseText(std::string_view text, const std::filesystem::path& name);

  RunDocument(RunDocument&&) noexcept;
  RunDocument& operator=(RunDocument&&) noexcept;
  ~RunDocument();

  // `section.key=value`, `key=value` or `heuristics.0.name=value`. The value is a TOML value,
  // or else taken as a bare string (so `solver.name=cvc5` works) when it holds no double quote
  // and starts with none of ' [ {: those are broken TOML, an error. Errors point at
  // "<command line>:N:col", N being the override's position among all of them (1-based).
  void applyOverride(std::string_view assignment, unsigned ordinal);
  void applyOverrides(const std::vector<std::string>& assignments);

  // `plugin_dirs`, made absolute against the run file's directory. Throws ConfigError on a
  // wrong type.
  [[nodiscard]] std::vector<std::filesystem::path> pluginDirs() const;
  // Where the i-th of pluginDirs() is written (the run file's or an override's file:line:col).
  [[nodiscard]] SourceLocation pluginDirWhere(std::size_t i) const;

  [[nodiscard]] const std::filesystem::path& file() const;     // as the user named it
  [[nodiscard]] const std::filesystem::path& baseDir() const;  // absolute

  struct Impl;  // holds the toml++ table; toml++ stays out of the public headers
  [[nodiscard]] const Impl& impl() const { return *impl_; }

 private:
  explicit RunDocument(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace symseq
