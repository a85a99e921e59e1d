#include "SectionReader.h"

#include <algorithm>

#include "TomlLocation.h"
#include "symseq/support/DidYouMean.h"

namespace symseq {

SectionReader::SectionReader(const toml::table* table, std::string path, std::string file)
    : table_(table), path_(std::move(path)), file_(std::move(file)) {}

const toml::node* SectionReader::get(std::string_view key) const { return table_ ? table_->get(key) : nullptr; }

std::string SectionReader::keyPath(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

std::string SectionReader::label() const { return path_.empty() ? "the top level" : "[" + path_ + "]"; }

SourceLocation SectionReader::location() const {
  if (table_ && table_->source().begin.line != 0) return toLocation(table_->source(), file_);
  // An absent section (or one without a source): the file's start, so the message is located.
  return SourceLocation{file_, 1, 1};
}

SourceLocation SectionReader::where(std::string_view key) const {
  const toml::node* n = get(key);
  return n ? toLocation(n->source(), file_) : location();
}

void SectionReader::wrongType(std::string_view key, std::string_view expected) const {
  throw ConfigError("wrong type for '" + keyPath(key) + "': expected " + std::string(expected) + ", found " +
                        describe(*get(key)),
                    where(key));
}

void SectionReader::invalid(std::string_view key, const std::string& message, std::string hint) const {
  throw ConfigError("invalid value for '" + keyPath(key) + "': " + message, where(key), std::move(hint));
}

std::optional<std::string> SectionReader::string(std::string_view key) const {
  const toml::node* n = get(key);
  if (!n) return std::nullopt;
  if (!n->is_string()) wrongType(key, "a string");
  return n->as_string()->get();
}

std::optional<std::int64_t> SectionReader::integer(std::string_view key) const {
  const toml::node* n = get(key);
  if (!n) return std::nullopt;
  if (!n->is_integer()) wrongType(key, "an integer");
  return n->as_integer()->get();
}

std::optional<std::int64_t> SectionReader::integerIn(std::string_view key, std::int64_t low, std::int64_t high) const {
  auto v = integer(key);
  if (v && (*v < low || *v > high))
    invalid(key, "must be between " + std::to_string(low) + " and " + std::to_string(high) + ", found " +
                     std::to_string(*v));
  return v;
}

std::optional<double> SectionReader::number(std::string_view key) const {
  const toml::node* n = get(key);
  if (!n) return std::nullopt;
  if (n->is_integer()) return static_cast<double>(n->as_integer()->get());
  if (!n->is_floating_point()) wrongType(key, "a number");
  return n->as_floating_point()->get();
}

std::optional<bool> SectionReader::boolean(std::string_view key) const {
  const toml::node* n = get(key);
  if (!n) return std::nullopt;
  if (!n->is_boolean()) wrongType(key, "a boolean");
  return n->as_boolean()->get();
}

std::optional<std::vector<std::string>> SectionReader::strings(std::string_view key) const {
  const toml::node* n = get(key);
  if (!n) return std::nullopt;
  const toml::array* a = n->as_array();
  if (!a) wrongType(key, "a list of strings");
  std::vector<std::string> out;
  for (const toml::node& e : *a) {
    if (!e.is_string())
      throw ConfigError("wrong type for an element of '" + keyPath(key) + "': expected a string, found " + describe(e),
                        toLocation(e.source(), file_));
    out.push_back(e.as_string()->get());
  }
  return out;
}

std::string SectionReader::requiredString(std::string_view key) const {
  auto v = string(key);
  if (!v && !present() && !path_.empty())
    throw ConfigError("missing section [" + path_ + "] with its required key '" + std::string(key) + "'", location(),
                      "add a [" + path_ + "] section with " + std::string(key) + " = \"...\" to the run file, or give it with --set " +
                          keyPath(key) + "=...");
  if (!v) {
    const std::string section = path_.empty() ? "at the top level" : "in section [" + path_ + "]";
    throw ConfigError("missing required key '" + std::string(key) + "' " + section, location(),
                      "add it to the run file, or give it with --set " + keyPath(key) + "=...");
  }
  return *v;
}

void SectionReader::checkKeys(const std::vector<std::string>& valid) const {
  if (!table_) return;
  // toml++ tables are ordered by key; report the unknown key that comes first in the file.
  const toml::key* first = nullptr;
  for (const auto& [k, v] : *table_)
    if (std::find(valid.begin(), valid.end(), k.str()) == valid.end() &&
        (first == nullptr || k.source().begin < first->source().begin))
      first = &k;
  if (!first) return;
  const toml::node& value = *table_->get(first->str());
  const bool isSection = path_.empty() && (value.is_table() || value.is_array_of_tables());
  std::string list;
  for (const auto& v : valid) list += (list.empty() ? "" : ", ") + v;
  const std::string what = isSection ? "unknown section [" + std::string(first->str()) + "]"
                                     : "unknown key '" + std::string(first->str()) + "'" +
                                           (path_.empty() ? "" : " in [" + path_ + "]");
  throw ConfigError(what + didYouMean(first->str(), valid), toLocation(first->source(), file_),
                    "valid " + std::string(path_.empty() ? "top-level keys and sections" : "keys in [" + path_ + "]") +
                        ": " + list);
}

SectionReader section(const SectionReader& parent, std::string_view key) {
  const toml::node* n = parent.get(key);
  if (n && !n->is_table()) parent.wrongType(key, "a table (a [" + parent.keyPath(key) + "] section)");
  return SectionReader(n ? n->as_table() : nullptr, parent.keyPath(key), parent.file());
}

}  // namespace symseq
