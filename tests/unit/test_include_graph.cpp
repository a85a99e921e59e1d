// The architecture, checked on the sources: which part of the tree may include which
// (docs/architecture.md, "Parts and what they may include"), and no cycle between the kernel's
// areas or between the libraries the plugins share.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = SYMSEQ_SOURCE_DIR;

// A part of the tree: its kind ("kernel", "library", "plugin", "app", "bench-harness",
// "bench-program") and its name (the kernel's area, the library's or plugin's folder).
struct Part {
  std::string kind;
  std::string name;
  friend auto operator<=>(const Part&, const Part&) = default;
  [[nodiscard]] std::string text() const { return kind + ":" + name; }
};

bool isSource(const fs::path& p) {
  const auto e = p.extension();
  return e == ".h" || e == ".cpp" || e == ".c";
}

bool isLibraryFolder(const fs::path& folder) { return fs::is_directory(folder / "include" / "symseq"); }

// Which part a file of the tree belongs to; none for files no rule covers (tests, docs).
std::optional<Part> partOf(const fs::path& file) {
  const fs::path rel = file.lexically_relative(kSource);
  std::vector<std::string> c;
  for (const auto& piece : rel) c.push_back(piece.string());
  if (c.size() < 2) return std::nullopt;
  if (c[0] == "core" && c[1] == "cli") return Part{"app", "cli"};
  if (c[0] == "core" && c[1] == "include" && c.size() >= 4)
    return Part{"kernel", c.size() == 4 ? "top" : c[3]};  // core/include/symseq/<area>/X.h
  if (c[0] == "core" && c[1] == "src" && c.size() >= 3) return Part{"kernel", c.size() == 3 ? "top" : c[2]};
  if (c[0] == "plugins" || c[0] == "solvers") {
    const bool library = c[0] == "plugins" && isLibraryFolder(kSource / c[0] / c[1]);
    return Part{library ? "library" : "plugin", c[1]};
  }
  if (c[0] == "bench") return Part{c[1] == "harness" ? "bench-harness" : "bench-program", c[1] == "harness" ? "harness" : "bench"};
  return std::nullopt;
}

// Where an include written as `spec` in `from` resolves in the source tree; none for system and
// third-party headers (and generated ones, which the kernel owns).
std::optional<fs::path> resolve(const std::string& spec, const fs::path& from) {
  if (fs::path local = from.parent_path() / spec; fs::exists(local)) return local;
  std::vector<fs::path> roots{kSource / "core" / "include", kSource / "core" / "cli" / "include", kSource / "bench"};
  for (const auto& e : fs::directory_iterator(kSource / "plugins"))
    if (isLibraryFolder(e.path())) roots.push_back(e.path() / "include");
  for (const auto& root : roots)
    if (fs::exists(root / spec)) return root / spec;
  return std::nullopt;
}

bool allowed(const Part& from, const Part& to) {
  if (from.kind == to.kind && from.name == to.name) return true;
  if (from.kind == "kernel") return to.kind == "kernel";
  if (from.kind == "library") return to.kind == "kernel" || to.kind == "library";
  if (from.kind == "plugin") return to.kind == "kernel" || to.kind == "library";
  if (from.kind == "app") return to.kind == "kernel";
  if (from.kind == "bench-harness") return false;  // it drives the symseq binary, it includes nothing of it
  if (from.kind == "bench-program") return true;  // a micro-benchmark measures parts, so it links them
  return false;
}

struct Edge {
  Part to;
  fs::path file;       // the including file
  std::string spec;    // as written
};

std::map<Part, std::vector<Edge>> includeGraph() {
  static const std::regex include(R"re(^\s*#\s*include\s*[<"]([^>"]+)[>"])re");
  std::map<Part, std::vector<Edge>> graph;
  for (const char* top : {"core", "plugins", "solvers", "bench"})
    for (const auto& e : fs::recursive_directory_iterator(kSource / top)) {
      if (!e.is_regular_file() || !isSource(e.path())) continue;
      const auto from = partOf(e.path());
      if (!from) continue;
      std::ifstream in(e.path());
      std::string line;
      while (std::getline(in, line)) {
        std::smatch m;
        if (!std::regex_search(line, m, include)) continue;
        const auto target = resolve(m[1].str(), e.path());
        if (!target) continue;
        if (const auto to = partOf(*target)) graph[*from].push_back({*to, e.path(), m[1].str()});
      }
    }
  return graph;
}

// A cycle among the parts of the given kinds, as "a -> b -> a", or empty.
std::string findCycle(const std::map<Part, std::vector<Edge>>& graph, const std::set<std::string>& kinds) {
  std::map<Part, int> state;  // 0 unseen, 1 on the stack, 2 done
  std::vector<Part> stack;
  std::string cycle;
  std::function<void(const Part&)> visit = [&](const Part& p) {
    state[p] = 1;
    stack.push_back(p);
    if (auto it = graph.find(p); it != graph.end())
      for (const Edge& e : it->second) {
        if (!kinds.count(e.to.kind) || e.to == p || !cycle.empty()) continue;
        if (state[e.to] == 1) {
          auto at = std::find(stack.begin(), stack.end(), e.to);
          for (; at != stack.end(); ++at) cycle += at->text() + " -> ";
          cycle += e.to.text() + " (" + e.file.lexically_relative(kSource).string() + " includes " + e.spec + ")";
        } else if (state[e.to] == 0) {
          visit(e.to);
        }
      }
    stack.pop_back();
    state[p] = 2;
  };
  for (const auto& [p, edges] : graph)
    if (kinds.count(p.kind) && state[p] == 0 && cycle.empty()) visit(p);
  return cycle;
}

}  // namespace

TEST_CASE("architecture: every include stays within what its part may depend on") {
  const auto graph = includeGraph();
  REQUIRE(graph.count(Part{"kernel", "expr"}) == 1);  // the walk found the kernel
  REQUIRE(graph.count(Part{"app", "cli"}) == 1);
  std::vector<std::string> violations;
  for (const auto& [from, edges] : graph)
    for (const Edge& e : edges)
      if (!allowed(from, e.to))
        violations.push_back(e.file.lexically_relative(kSource).string() + " (" + from.text() + ") includes " + e.spec +
                             " (" + e.to.text() + ")");
  std::ostringstream text;
  for (const auto& v : violations) text << v << "\n";
  INFO(text.str());
  CHECK(violations.empty());
}

TEST_CASE("architecture: the kernel's areas and the shared libraries include each other without a cycle") {
  const auto graph = includeGraph();
  const std::string kernelCycle = findCycle(graph, {"kernel"});
  INFO("kernel: " << kernelCycle);
  CHECK(kernelCycle.empty());
  const std::string libraryCycle = findCycle(graph, {"library"});
  INFO("libraries: " << libraryCycle);
  CHECK(libraryCycle.empty());
}
