#include "TomlLocation.h"

namespace symseq {

SourceLocation toLocation(const toml::source_region& region, const std::string& fallback) {
  return SourceLocation{region.path ? *region.path : fallback, region.begin.line, region.begin.column};
}

std::string describe(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a floating-point number";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    case toml::node_type::none: break;
  }
  return "nothing";
}

}  // namespace symseq
