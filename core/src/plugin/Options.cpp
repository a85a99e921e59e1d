#include "symseq/plugin/Options.h"

#include <array>
#include <charconv>

namespace symseq {

std::string_view toString(OptionType t) {
  switch (t) {
    case OptionType::Bool: return "boolean";
    case OptionType::Int: return "integer";
    case OptionType::Real: return "number";
    case OptionType::String: return "string";
    case OptionType::StringList: return "list of strings";
  }
  return "?";
}

const Options::Entry& Options::entry(std::string_view name) const {
  auto it = entries_.find(name);
  if (it == entries_.end()) throw ConfigError("option '" + std::string(name) + "' was not declared by this plugin");
  return it->second;
}

namespace {
template <class T>
const T& typed(const Options::Entry& e, std::string_view name, OptionType wanted) {
  if (const T* v = std::get_if<T>(&e.value)) return *v;
  throw ConfigError("option '" + std::string(name) + "' is not a " + std::string(toString(wanted)), e.where);
}
}  // namespace

bool Options::getBool(std::string_view name) const { return typed<bool>(entry(name), name, OptionType::Bool); }
std::int64_t Options::getInt(std::string_view name) const {
  return typed<std::int64_t>(entry(name), name, OptionType::Int);
}
double Options::getReal(std::string_view name) const {
  const Entry& e = entry(name);
  if (const auto* i = std::get_if<std::int64_t>(&e.value)) return static_cast<double>(*i);
  return typed<double>(e, name, OptionType::Real);
}
const std::string& Options::getString(std::string_view name) const {
  return typed<std::string>(entry(name), name, OptionType::String);
}
const std::vector<std::string>& Options::getStringList(std::string_view name) const {
  return typed<std::vector<std::string>>(entry(name), name, OptionType::StringList);
}

bool Options::contains(std::string_view name) const { return entries_.find(name) != entries_.end(); }

std::optional<SourceLocation> Options::location(std::string_view name) const {
  auto it = entries_.find(name);
  return it == entries_.end() ? std::nullopt : it->second.where;
}

ConfigError Options::invalid(std::string_view name, std::string message, std::string hint) const {
  return ConfigError("option '" + std::string(name) + "': " + message, location(name), std::move(hint));
}

void Options::set(std::string name, OptionValue value, std::optional<SourceLocation> where) {
  entries_.insert_or_assign(std::move(name), Entry{std::move(value), std::move(where)});
}

namespace {
std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default: out += c;
    }
  }
  return out + "\"";
}
}  // namespace

std::string toTomlLiteral(const OptionValue& v) {
  struct Visitor {
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const {
      // The shortest text that reads back as the same double (0.1, not 0.10000000000000001).
      std::array<char, 64> buf{};
      const auto end = std::to_chars(buf.data(), buf.data() + buf.size(), d).ptr;
      std::string s(buf.data(), end);
      if (s.find_first_of(".eE") == std::string::npos && s.find("inf") == std::string::npos &&
          s.find("nan") == std::string::npos)
        s += ".0";
      return s;
    }
    std::string operator()(const std::string& s) const { return quote(s); }
    std::string operator()(const std::vector<std::string>& l) const {
      std::string out = "[";
      for (std::size_t i = 0; i < l.size(); ++i) out += (i ? ", " : "") + quote(l[i]);
      return out + "]";
    }
  };
  return std::visit(Visitor{}, v);
}

}  // namespace symseq
