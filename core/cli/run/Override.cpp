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

// "v = " padded so that what follows it is at line `ordinal`, column `column` of "<command line>".
std::string paddedPrefix(unsigned ordinal, std::uint32_t column) {
  return std::string(ordinal - 1, '\n') + "v" + std::string(column - 3, ' ') + "=";
}

// A value that is not TOML is taken as a bare string (`solver.name=cvc5`, `output.dir=/tmp/out`)
// unless it holds a double quote or starts with a single quote, '[' or '{': then it was meant as
// a TOML string, array or table and is broken (`output.dir="abc`), which is an error rather than
// a string with quotes in it.
bool bareWord(std::string_view value) {
  return value.find('"') == std::string_view::npos &&
         (value.empty() || (value.front() != '\'' && value.front() != '[' && value.front() != '{'));
}

// Parses the value so that its node's source is line `ordinal`, column `column` of
// "<command line>": the text is padded to put the value exactly there. `assignment` is the
// whole argument, for the message.
toml::table parseValue(std::string_view value, unsigned ordinal, std::uint32_t column, std::string_view assignment) {
  const std::string prefix = paddedPrefix(ordinal, column);
  try {
    toml::table t = toml::parse(prefix + std::string(value), std::string_view{kCommandLine});
    if (t.size() == 1 && t.contains("v")) return t;
  } catch (const toml::parse_error& e) {
    if (!bareWord(value))
      throw ConfigError("--set #" + std::to_string(ordinal) + " '" + std::string(assignment) +
                            "': the value is not valid TOML: " + std::string(e.description()),
                        SourceLocation{kCommandLine, ordinal, column},
                        "write a string in double quotes (in the shell: --set 'output.dir=\"out\"'), an array as "
                        "[\"a\", \"b\"], a table as {name = \"x\"}; a bare word without quotes, brackets or braces is "
                        "taken as a string");
  }
  try {
    return toml::parse(prefix + quoteBasic(value), std::string_view{kCommandLine});
  } catch (const toml::parse_error& e) {
    // Even as a string it is not TOML: bytes that are not UTF-8.
    throw ConfigError("--set #" + std::to_string(ordinal) + " '" + std::string(assignment) +
                          "': the value cannot be read as a string: " + std::string(e.description()),
                      SourceLocation{kCommandLine, ordinal, column}, "run files and --set values are UTF-8 text");
  }
}

// An empty table or array whose source is the segment that made it on the command line, so an
// error about it (e.g. "expected an array of tables, found a table") points at the override.
// A header (`[v]`, `[[v]]`) rather than a value: a key may start at column 1.
toml::table madeHere(bool array, unsigned ordinal, std::uint32_t column) {
  toml::table t = toml::parse(std::string(ordinal - 1, '\n') + std::string(column - 1, ' ') + (array ? "[[v]]" : "[v]"),
                              std::string_view{kCommandLine});
  if (toml::array* a = t.get("v")->as_array()) a->clear();  // `[[v]]` made one element
  return t;
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
  toml::table parsed = parseValue(assignment.substr(eq + 1), ordinal, static_cast<std::uint32_t>(eq + 2), assignment);
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
        const Segment& next = segments[i + 1];
        if (next.text.size() > 1 && next.text[0] == '-' && index(next.text.substr(1)))
          throw ConfigError("'" + next.text + "' is not an index: the elements of '" + path + "' count from 0",
                            SourceLocation{kCommandLine, ordinal, next.column},
                            "write " + path + ".0 for the first, or the current count to append one");
        const toml::key key(seg.text, region(ordinal, seg.column));
        toml::table made = madeHere(index(next.text).has_value(), ordinal, seg.column);
        t->insert(key, std::move(*made.get("v")));
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
