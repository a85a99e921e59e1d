#include "harness/Matrix.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>
#include <toml++/toml.h>

#include "harness/DidYouMean.h"
#include "harness/Error.h"

namespace symseq::bench {

namespace {

SourceLocation at(const toml::source_region& region, const std::string& file) {
  return SourceLocation{region.path ? *region.path : file, region.begin.line, region.begin.column};
}

std::string joined(const std::vector<std::string>& words) { return fmt::format("{}", fmt::join(words, ", ")); }

std::string tomlText(const toml::node& node) {
  std::ostringstream out;
  out << toml::toml_formatter{node, toml::format_flags::none};
  return out.str();
}

// Heuristic lists read as "none" or "permute-edges+break-sequence"; anything else as its TOML.
std::string labelOf(const toml::node& node) {
  if (const auto* s = node.as_string()) return s->get();
  if (const auto* a = node.as_array()) {
    if (a->empty()) return "none";
    std::string names;
    for (const toml::node& e : *a) {
      const auto* t = e.as_table();
      const auto* name = t ? t->get_as<std::string>("name") : nullptr;
      if (!name || t->size() != 1) return tomlText(node);
      names += (names.empty() ? "" : "+") + name->get();
    }
    return names;
  }
  return tomlText(node);
}

class MatrixReader {
 public:
  MatrixReader(const toml::table& root, std::string file) : root_(root), file_(std::move(file)) {}

  [[noreturn]] void fail(const toml::source_region& where, const std::string& message, std::string hint = {}) const {
    throw ConfigError(message, at(where, file_), std::move(hint));
  }

  void checkKeys(const toml::table& table, const std::string& label, const std::vector<std::string>& valid) const {
    for (const auto& [key, value] : table) {
      (void)value;
      const std::string k(key.str());
      if (std::find(valid.begin(), valid.end(), k) == valid.end())
        fail(key.source(), "unknown key '" + k + "' in " + label + didYouMean(k, valid),
             "valid keys in " + label + ": " + joined(valid));
    }
  }

  const toml::table* table(const toml::table& parent, std::string_view key) const {
    const toml::node* n = parent.get(key);
    if (!n) return nullptr;
    if (!n->is_table()) fail(n->source(), "'" + std::string(key) + "' must be a table");
    return n->as_table();
  }

  const toml::array* arrayOfTables(std::string_view key) const {
    const toml::node* n = root_.get(key);
    if (!n) return nullptr;
    const auto* a = n->as_array();
    if (!a || !a->is_array_of_tables())
      fail(n->source(), "'" + std::string(key) + "' must be an array of tables",
           "write [[" + std::string(key) + "]] sections");
    return a;
  }

  const toml::table& root() const { return root_; }
  const std::string& file() const { return file_; }

 private:
  const toml::table& root_;
  std::string file_;
};

// time_s and memory_mb of [limits] or of one [[runs]] entry, over `limits`.
CellLimits readLimits(const MatrixReader& r, const toml::table& t, CellLimits limits) {
  if (const toml::node* n = t.get("time_s")) {
    const auto v = n->value<double>();
    if (!v || *v <= 0) r.fail(n->source(), "'time_s' must be a number > 0", "seconds of wall time per cell");
    limits.timeSeconds = *v;
  }
  if (const toml::node* n = t.get("memory_mb")) {
    const auto* v = n->as_integer();
    if (!v || v->get() < 1) r.fail(n->source(), "'memory_mb' must be an integer >= 1", "megabytes of resident memory per cell");
    limits.memoryMegabytes = static_cast<std::uint64_t>(v->get());
  }
  return limits;
}

std::vector<MatrixRun> readRuns(const MatrixReader& r, const std::filesystem::path& base, const CellLimits& limits) {
  const toml::array* runs = r.arrayOfTables("runs");
  // At the empty `runs`, or at the top of a matrix without one: every error has a line.
  if (!runs || runs->empty())
    throw ConfigError("the matrix names no run file",
                      runs ? at(runs->source(), r.file()) : SourceLocation{r.file(), 1, 1},
                      "add a [[runs]] section with file = \"path/to/run.toml\"");
  std::vector<MatrixRun> out;
  std::set<std::string> names;
  for (const toml::node& node : *runs) {
    const toml::table& t = *node.as_table();
    r.checkKeys(t, "[[runs]]", {"file", "name", "set", "time_s", "memory_mb"});
    const auto* file = t.get("file");
    if (!file) r.fail(t.source(), "[[runs]] needs file = \"RUN.toml\"");
    if (!file->is_string()) r.fail(file->source(), "'file' must be a string");
    MatrixRun run;
    run.limits = readLimits(r, t, limits);
    run.file = (base / file->as_string()->get()).lexically_normal();
    // The error_code form: a name the file system refuses (too long, a loop) is bad input, not an
    // internal error.
    std::error_code ec;
    const bool regular = std::filesystem::is_regular_file(run.file, ec);
    if (ec && ec != std::errc::no_such_file_or_directory)
      r.fail(file->source(), "run file '" + run.file.string() + "' cannot be read: " + ec.message(),
             "paths in a matrix are relative to the matrix file");
    if (!regular)
      r.fail(file->source(), "run file '" + run.file.string() + "' does not exist",
             "paths in a matrix are relative to the matrix file");
    run.name = run.file.stem().string();
    if (const auto* name = t.get("name")) {
      if (!name->is_string()) r.fail(name->source(), "'name' must be a string");
      run.name = name->as_string()->get();
    }
    if (!names.insert(run.name).second)
      r.fail(t.source(), "two runs are named '" + run.name + "'", "give one of them name = \"...\"");
    if (const toml::table* set = r.table(t, "set"))
      for (const auto& [key, value] : *set) run.overrides.push_back(std::string(key.str()) + "=" + tomlText(value));
    out.push_back(std::move(run));
  }
  return out;
}

std::vector<Axis> readAxes(const MatrixReader& r) {
  std::vector<Axis> out;
  const toml::table* axes = r.table(r.root(), "axes");
  if (!axes) return out;
  for (const auto& [key, node] : *axes) {
    const auto* values = node.as_array();
    if (!values || values->empty())
      r.fail(node.source(), "axis '" + std::string(key.str()) + "' must be a non-empty array of values",
             "e.g. \"solver.name\" = [\"z3\", \"cvc5\"]");
    Axis axis{std::string(key.str()), {}};
    std::set<std::string> labels;
    for (const toml::node& v : *values) {
      AxisValue value{labelOf(v), tomlText(v), at(v.source(), r.file())};
      if (!labels.insert(value.label).second)
        r.fail(v.source(), "axis '" + axis.key + "' has the value '" + value.label + "' twice");
      axis.values.push_back(std::move(value));
    }
    out.push_back(std::move(axis));
  }
  return out;
}

std::vector<Exclusion> readExclusions(const MatrixReader& r, const std::vector<Axis>& axes,
                                      const std::vector<MatrixRun>& runs) {
  std::vector<Exclusion> out;
  const toml::array* excludes = r.arrayOfTables("exclude");
  if (!excludes) return out;
  std::vector<std::string> keys{"run"};
  for (const Axis& a : axes) keys.push_back(a.key);
  std::vector<std::string> runNames;
  for (const MatrixRun& run : runs) runNames.push_back(run.name);
  for (const toml::node& node : *excludes) {
    const toml::table& t = *node.as_table();
    r.checkKeys(t, "[[exclude]]", keys);
    Exclusion e;
    for (const auto& [key, value] : t) {
      const std::string k(key.str());
      const std::string label = labelOf(value);
      if (k == "run") {
        if (std::find(runNames.begin(), runNames.end(), label) == runNames.end())
          r.fail(value.source(), "no run is named '" + label + "'" + didYouMean(label, runNames),
                 "runs: " + joined(runNames));
        e.run = label;
        continue;
      }
      const Axis& axis = *std::find_if(axes.begin(), axes.end(), [&](const Axis& a) { return a.key == k; });
      std::vector<std::string> labels;
      for (const AxisValue& v : axis.values) labels.push_back(v.label);
      if (std::find(labels.begin(), labels.end(), label) == labels.end())
        r.fail(value.source(), "axis '" + k + "' has no value '" + label + "'" + didYouMean(label, labels),
               "its values: " + joined(labels));
      e.match.emplace_back(k, label);
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

Matrix parseMatrix(std::string_view text, const std::filesystem::path& file) {
  const std::string name = file.string();
  toml::table root;
  try {
    root = toml::parse(text, std::string_view{name});
  } catch (const toml::parse_error& e) {
    throw ConfigError(std::string(e.description()), at(e.source(), name), "fix the TOML syntax");
  }
  const MatrixReader r(root, name);
  r.checkKeys(root, "the matrix", {"repetitions", "limits", "runs", "axes", "exclude"});
  Matrix m;
  m.file = file;
  m.text = std::string(text);
  if (const toml::node* n = root.get("repetitions")) {
    const auto* v = n->as_integer();
    if (!v || v->get() < 1 || v->get() > 1000) r.fail(n->source(), "'repetitions' must be an integer from 1 to 1000");
    m.repetitions = static_cast<unsigned>(v->get());
  }
  CellLimits limits;
  if (const toml::table* t = r.table(root, "limits")) {
    r.checkKeys(*t, "[limits]", {"time_s", "memory_mb"});
    limits = readLimits(r, *t, limits);
  }
  m.runs = readRuns(r, std::filesystem::absolute(file).parent_path(), limits);
  m.axes = readAxes(r);
  m.exclusions = readExclusions(r, m.axes, m.runs);
  return m;
}

Matrix loadMatrix(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ConfigError("cannot read matrix file '" + file.string() + "'", std::nullopt, "check the path");
  std::ostringstream text;
  text << in.rdbuf();
  return parseMatrix(text.str(), file);
}

}  // namespace symseq::bench
