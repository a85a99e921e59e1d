// `--set section.key=value`: edits the parsed document before it is resolved, so an override is
// checked exactly like the run file (unknown keys, types) and its errors point at the command line.
#include <charconv>

#include "RunDocumentImpl.h"
#include "TomlLocation.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace {

constexpr const char* kCommandLine = "<command line>";

struct Segment {
  std::string text;
  std::uint32_t column;  // 1-based, within the assignment
};

toml::source_region region(unsigned ordinal, std::uint32_t column) {
  toml::source_region r;
  r.begin = {ordinal, column};
  r.end = r.begin;
  r.path = std::make_shared<const std::string>(kCommandLine);
  return r;
}

std::string quoteBasic(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      static const char* hex = "0123456789ABCDEF";
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// Parses the value so that its node's source is line `ordinal`, column `column` of
// "<command line>": the text is padded to put the value exactly there.
toml::table parseValue(std::string_view value, unsigned ordinal, std::uint32_t column) {
  const std::string prefix = std::string(ordinal - 1, '\n') + "v" + std::string(column - 3, ' ') + "=";
  try {
    toml::table t = toml::parse(prefix + std::string(value), std::string_view{kCommandLine});
    if (t.size() == 1 && t.contains("v")) return t;
  } catch (const toml::parse_error&) {
    // Not a TOML value: a bare string, as in `solver.name=cvc5`.
  }
  return toml::parse(prefix + quoteBasic(value), std::string_view{kCommandLine});
}

std::vector<Segment> splitKey(std::string_view key, unsigned ordinal) {
  std::vector<Segment> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = std::min(key.find('.', start), key.size());
    if (dot == start)
      throw ConfigError("empty key in --set '" + std::string(key) + "'",
                        SourceLocation{kCommandLine, ordinal, static_cast<std::uint32_t>(start + 1)},
                        "write --set section.key=value, e.g. --set solver.name=cvc5");
    out.push_back({std::string(key.substr(start, dot - start)), static_cast<std::uint32_t>(start + 1)});
    if (dot == key.size()) return out;
    start = dot + 1;
  }
}

std::optional<std::size_t> index(const std::string& s) {
  std::size_t i = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), i);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return i;
}

// The array element a segment names; one past the end appends an empty table (a new
// [[heuristics]] entry).
toml::node& element(toml::array& array, const Segment& seg, const std::string& path, unsigned ordinal) {
  const auto i = index(seg.text);
  if (!i || *i > array.size())
    throw ConfigError("'" + path + "' has " + std::to_string(array.size()) + " elements; '" + seg.text +
                          "' is not an index from 0 to " + std::to_string(array.size()),
                      SourceLocation{kCommandLine, ordinal, seg.column});
  if (*i == array.size()) array.push_back(toml::table{});
  return array[*i];
}

}  // namespace

void RunDocument::applyOverride(std::string_view assignment, unsigned ordinal) {
  const std::size_t eq = assignment.find('=');
  if (eq == std::string_view::npos || eq == 0)
    throw ConfigError("--set expects key=value, got '" + std::string(assignment) + "'",
                      SourceLocation{kCommandLine, ordinal, 1}, "e.g. --set solver.name=cvc5 or --set budgets.depth=32");
  const auto segments = splitKey(assignment.substr(0, eq), ordinal);
  toml::table parsed = parseValue(assignment.substr(eq + 1), ordinal, static_cast<std::uint32_t>(eq + 2));
  toml::node& value = *parsed.get("v");

  toml::node* current = &impl_->table;
  std::string path;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const Segment& seg = segments[i];
    const bool last = i + 1 == segments.size();
    const std::string parent = path;
    path += (path.empty() ? "" : ".") + seg.text;
    if (toml::table* t = current->as_table()) {
      if (last) {
        t->insert_or_assign(toml::key(seg.text, region(ordinal, seg.column)), std::move(value));
        return;
      }
      if (!t->contains(seg.text)) {
        // An index next (heuristics.0.name) means an array of tables, as [[heuristics]] makes.
        const toml::key key(seg.text, region(ordinal, seg.column));
        if (index(segments[i + 1].text))
          t->insert(key, toml::array{});
        else
          t->insert(key, toml::table{});
      }
      current = t->get(seg.text);
    } else if (toml::array* a = current->as_array()) {
      toml::node& target = element(*a, seg, parent, ordinal);
      if (last) {
        a->replace(a->cbegin() + static_cast<std::ptrdiff_t>(index(seg.text).value()), std::move(value));
        return;
      }
      current = &target;
    } else {
      throw ConfigError("'" + parent + "' is " + describe(*current) + ", not a section, so '" +
                            std::string(assignment.substr(0, eq)) + "' cannot be set",
                        SourceLocation{kCommandLine, ordinal, seg.column});
    }
  }
}

void RunDocument::applyOverrides(const std::vector<std::string>& assignments) {
  for (std::size_t i = 0; i < assignments.size(); ++i) applyOverride(assignments[i], static_cast<unsigned>(i + 1));
}

}  // namespace symseq
