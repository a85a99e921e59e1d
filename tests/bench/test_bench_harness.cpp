// The benchmark harness (bench/harness): matrix expansion, exclusions and shards, statistics,
// reports, reading results files back after a torn write, provenance, and reading symseq's
// error messages back. Links the harness only, as symseq-bench does.
#include <doctest/doctest.h>
#include <unistd.h>

#include <fstream>
#include <set>

#include "harness/Cell.h"
#include "harness/CellRecord.h"
#include "harness/Compare.h"
#include "harness/DidYouMean.h"
#include "harness/Error.h"
#include "harness/Matrix.h"
#include "harness/Merge.h"
#include "harness/Provenance.h"
#include "harness/Report.h"
#include "harness/ResultsFile.h"
#include "harness/Shard.h"
#include "harness/Statistics.h"
#include "harness/Symseq.h"

using namespace symseq::bench;
using json = nlohmann::ordered_json;

namespace {

// ctest runs each case as its own process, in parallel: the pid keeps their folders apart.
std::filesystem::path scratchDir(std::string_view name) {
  return std::filesystem::path(SYMSEQ_BINARY_DIR) / "test-tmp" / std::to_string(::getpid()) / name;
}

// A matrix as if it lived in configs/bench/, so its runs are the shipped examples.
Matrix matrix(const std::string& text) {
  return parseMatrix(text, std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs" / "bench" / "test.toml");
}

const char* kMatrix = R"(
repetitions = 2
[[runs]]
file = "../gm.toml"
[[runs]]
file = "../fig4.toml"
name = "figure-4"
set = { "budgets.depth" = 6 }
[axes]
"solver.name" = ["z3", "cvc5"]
heuristics = [[], [{name = "permute-edges"}, {name = "break-sequence"}]]
[[exclude]]
run = "figure-4"
"solver.name" = "cvc5"
)";

std::string messageOf(const std::string& text) {
  try {
    (void)matrix(text);
  } catch (const ConfigError& e) {
    return (e.location() ? e.location()->toString() + ": " : "") + e.message() + " | " + e.hint();
  }
  return "no error";
}

}  // namespace

TEST_CASE("expandMatrix: repetitions outermost, then runs, axes in key order, and exclusions skip cells") {
  const std::vector<Cell> cells = expandMatrix(matrix(kMatrix));
  // Per repetition: gm 2 x 2, figure-4 with z3 only 2.
  REQUIRE(cells.size() == 12);
  CHECK(cells[0].id == "gm/heuristics=none/solver.name=z3/rep=1");
  CHECK(cells[1].id == "gm/heuristics=none/solver.name=cvc5/rep=1");
  CHECK(cells[2].id == "gm/heuristics=permute-edges+break-sequence/solver.name=z3/rep=1");
  CHECK(cells[4].id == "figure-4/heuristics=none/solver.name=z3/rep=1");
  CHECK(cells[5].id == "figure-4/heuristics=permute-edges+break-sequence/solver.name=z3/rep=1");
  CHECK(cells[6].id == "gm/heuristics=none/solver.name=z3/rep=2");
  CHECK(cells[6].configuration == cells[0].configuration);
  CHECK(cells[4].overrides == std::vector<std::string>{"budgets.depth=6", "heuristics=[]", "solver.name=\"z3\""});
  CHECK(cells[2].overrides[0] == "heuristics=[ { name = \"permute-edges\" }, { name = \"break-sequence\" } ]");
  CHECK(cells[4].runFile.filename() == "fig4.toml");
  for (std::size_t i = 0; i < cells.size(); ++i) CHECK(cells[i].index == i);
  std::set<std::string> ids;
  for (const Cell& c : cells) ids.insert(c.id);
  CHECK(ids.size() == cells.size());
}

TEST_CASE("expandMatrix is deterministic") {
  const auto a = expandMatrix(matrix(kMatrix));
  const auto b = expandMatrix(matrix(kMatrix));
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].id == b[i].id);
    CHECK(a[i].overrides == b[i].overrides);
  }
}

TEST_CASE("shards partition the cells, deterministically") {
  const auto cells = expandMatrix(matrix(kMatrix));
  for (unsigned n : {1u, 2u, 5u, 12u, 13u}) {
    std::multiset<std::size_t> seen;
    for (unsigned i = 1; i <= n; ++i) {
      const auto shard = selectShard(cells, parseShard(std::to_string(i) + "/" + std::to_string(n)));
      CHECK(shard.size() >= cells.size() / n);
      CHECK(shard.size() <= cells.size() / n + 1);
      for (const Cell& c : shard) seen.insert(c.index);
      CHECK(selectShard(cells, Shard{i, n}).size() == shard.size());
    }
    CHECK(seen.size() == cells.size());
    CHECK(std::set<std::size_t>(seen.begin(), seen.end()).size() == cells.size());
  }
}

TEST_CASE("parseShard refuses anything but i/N with 1 <= i <= N") {
  CHECK(parseShard("3/4").index == 3);
  CHECK(parseShard("3/4").count == 4);
  for (const char* bad : {"0/4", "5/4", "1/0", "4", "a/b", "1/", "/2", "1/2/3", "-1/2"})
    CHECK_THROWS_AS((void)parseShard(bad), ConfigError);
}

TEST_CASE("matrix errors say where, with a did-you-mean") {
  CHECK(messageOf("repetition = 2\n[[runs]]\nfile = \"../gm.toml\"\n").find(
            "test.toml:1:1: unknown key 'repetition' in the matrix; did you mean 'repetitions'?") != std::string::npos);
  CHECK(messageOf("[[runs]]\nfile = \"../gm.toml\"\n[[exclude]]\nsolver = \"z3\"\n[axes]\n\"solver.name\" = [\"z3\"]\n")
            .find("test.toml:4:1: unknown key 'solver' in [[exclude]]") != std::string::npos);
  CHECK(messageOf("[[runs]]\nfile = \"../gm.toml\"\n[axes]\n\"solver.name\" = [\"z3\"]\n[[exclude]]\n\"solver.name\" = \"z4\"\n")
            .find("axis 'solver.name' has no value 'z4'; did you mean 'z3'?") != std::string::npos);
  CHECK(messageOf("[[runs]]\nfile = \"../nope.toml\"\n").find("test.toml:2:8: run file") != std::string::npos);
  CHECK(messageOf("[limits]\ntime_s = 0\n[[runs]]\nfile = \"../gm.toml\"\n").find("test.toml:2:10: 'time_s' must be") !=
        std::string::npos);
  CHECK(messageOf("[[runs]]\nfile = \"../gm.toml\"\n[axes]\nseed = []\n").find("must be a non-empty array") !=
        std::string::npos);
  CHECK(messageOf("").find("test.toml:1:1: the matrix names no run file") != std::string::npos);
}

TEST_CASE("summarize: median (the middle two averaged), minimum and maximum") {
  CHECK_FALSE(summarize({}).has_value());
  const auto odd = summarize({5, 1, 3});
  CHECK(odd->median == 3);
  CHECK(odd->min == 1);
  CHECK(odd->max == 5);
  CHECK(summarize({4, 1, 3, 2})->median == doctest::Approx(2.5));
}

TEST_CASE("Mann-Whitney U against textbook values") {
  // No overlap, 5 and 5: U = 0, exact two-sided p = 2/252.
  const auto apart = mannWhitneyU({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10});
  CHECK(apart.u == 0);
  CHECK(apart.exact);
  CHECK(apart.pValue == doctest::Approx(2.0 / 252));
  // scipy.stats.mannwhitneyu's documented example (Mann and Whitney's): U1 = 17, exact p = 0.1111.
  const std::vector<double> males{19, 22, 16, 29, 24};
  const std::vector<double> females{20, 11, 17, 12};
  const auto exact = mannWhitneyU(males, females);
  CHECK(exact.u == 17);
  CHECK(exact.pValue == doctest::Approx(1.0 / 9).epsilon(1e-6));
  // With a tie the normal approximation (tie and continuity corrections) is used.
  const auto tied = mannWhitneyU({1, 2, 3, 4, 5, 6}, {6, 7, 8, 9, 10, 11});
  CHECK_FALSE(tied.exact);
  CHECK(tied.u == doctest::Approx(0.5));
  // z = (18 - 0.5 - 0.5) / sqrt(36/12 * (13 - 6/132)) = 2.72695, p = 2 (1 - Phi(z)) = 0.0063923
  CHECK(tied.pValue == doctest::Approx(0.0063922689).epsilon(1e-6));
  CHECK(mannWhitneyU({1, 1, 1}, {1, 1, 1}).pValue == 1);
}

TEST_CASE("report: median and min-max over repetitions, grouped by configuration or by an axis") {
  Results r;
  auto cell = [](std::size_t index, const std::string& solver, int rep, int length, double time) {
    json c{{"type", "cell"}, {"index", index}, {"id", "gm/solver.name=" + solver + "/rep=" + std::to_string(rep)},
           {"configuration", "gm/solver.name=" + solver}, {"run", "gm"}, {"axes", {{"solver.name", solver}}},
           {"repetition", rep}, {"status", "ok"}, {"length", length}, {"targets_covered", 11}, {"targets_total", 11},
           {"solver_queries", 10 * length}, {"total_time_s", time}, {"solver_time_s", time / 4},
           {"peak_memory_kb", 2048}};
    return c;
  };
  r.cells = {cell(0, "z3", 1, 2, 0.3), cell(1, "cvc5", 1, 4, 0.5), cell(2, "z3", 2, 6, 0.1), cell(3, "cvc5", 2, 4, 0.2),
             cell(4, "z3", 3, 3, 0.2)};
  r.cells.push_back({{"type", "cell"}, {"index", 5}, {"id", "gm/solver.name=cvc5/rep=3"},
                     {"configuration", "gm/solver.name=cvc5"}, {"run", "gm"}, {"axes", {{"solver.name", "cvc5"}}},
                     {"repetition", 3}, {"status", "timeout"}, {"message", "exceeded the time limit of 1 s"}});
  const auto files = makeReport(r, {});
  auto file = [&](const std::string& name) {
    for (const auto& [n, text] : files.files)
      if (n == name) return text;
    return std::string();
  };
  const std::string md = file("report.md");
  CHECK(md.find("| gm/solver.name=z3 | 3 | 3 ok | 11/11 | 3 [2–6] | - | 30 [20–60] |") != std::string::npos);
  CHECK(md.find("| gm/solver.name=cvc5 | 3 | 2 ok, 1 timeout | 11/11 | 4 | - | 40 |") != std::string::npos);
  // Time, then the solver's and the framework's (total less solver) medians, then memory.
  CHECK(md.find("| time (s) | solver (s) | framework (s) | peak memory (MB) |") != std::string::npos);
  CHECK(md.find("| 0.2 [0.1–0.3] | 0.05 | 0.15 | 2 |") != std::string::npos);
  CHECK(md.find("| gm/solver.name=cvc5/rep=3 | timeout | exceeded the time limit of 1 s |") != std::string::npos);
  CHECK(file("summary.csv").find("gm/solver.name=z3,3,3,0,0,0,0,11,11,3,2,6,") != std::string::npos);
  CHECK(file("time.svg").find("<svg") == 0);

  const auto untimed = makeReport(r, {{"run"}, false, {}});
  const std::string md2 = untimed.files.front().second;
  CHECK(md2.find("| run=gm | 6 | 5 ok, 1 timeout | 11/11 | 4 [2–6] |") != std::string::npos);
  CHECK(md2.find("time (s)") == std::string::npos);
  CHECK_THROWS_WITH_AS((void)makeReport(r, {{"solver.nam"}, true, {}}),
                       doctest::Contains("did you mean 'solver.name'?"), ConfigError);
}

TEST_CASE("report --growth: queries, time and memory against the size each run names, one series per rest") {
  Results r;
  auto cell = [](std::size_t index, const std::string& run, const std::string& solver, int rep, int queries,
                 double time) {
    return json{{"type", "cell"}, {"index", index}, {"id", run + "/solver.name=" + solver + "/rep=" + std::to_string(rep)},
                {"configuration", run + "/solver.name=" + solver}, {"run", run}, {"axes", {{"solver.name", solver}}},
                {"repetition", rep}, {"status", "ok"}, {"solver_queries", queries}, {"total_time_s", time},
                {"peak_memory_kb", 1024 * queries}};
  };
  // Sizes out of order (10 before 2) and two repetitions of the largest: points go by size, medians.
  r.cells = {cell(0, "greedy-10", "z3", 1, 400, 4.0), cell(1, "greedy-2", "z3", 1, 8, 0.1),
             cell(2, "greedy-2", "cvc5", 1, 9, 0.2), cell(3, "exact-2", "z3", 1, 5, 0.1),
             cell(4, "greedy-10", "z3", 2, 600, 6.0)};
  const auto files = makeReport(r, {{"run", "solver.name"}, true, "run"});
  auto file = [&](const std::string& name) {
    for (const auto& [n, text] : files.files)
      if (n == name) return text;
    return std::string();
  };
  const std::string md = file("report.md");
  CHECK(md.find("## Growth against run") != std::string::npos);
  CHECK(md.find("| greedy, solver.name=z3 | 2 | 1 | 8 | 0.1 | 8 |") != std::string::npos);
  CHECK(md.find("| greedy, solver.name=z3 | 10 | 2 | 500 [400–600] | 5 [4–6] | 500 [400–600] |") != std::string::npos);
  CHECK(md.find("| exact, solver.name=z3 | 2 | 1 | 5 |") != std::string::npos);
  // The size 2 row of a series comes before its size 10 row.
  CHECK(md.find("| greedy, solver.name=z3 | 2 |") < md.find("| greedy, solver.name=z3 | 10 |"));
  const std::string csv = file("growth.csv");
  CHECK(csv.find("greedy, solver.name=cvc5\",2,1,9,9,9,0.2,0.2,0.2,9,9,9") != std::string::npos);
  CHECK(csv.find(",peak_memory_mb_median,") != std::string::npos);  // in MB, as plotted
  // Queries span 5 to 600: a factor of 120, so a log scale; one polyline per series with 2 sizes.
  const std::string queries = file("growth-queries.svg");
  CHECK(queries.find("log scale") != std::string::npos);
  CHECK(queries.find("<polyline") != std::string::npos);
  CHECK(queries.find("greedy, solver.name=cvc5") != std::string::npos);
  CHECK(file("growth-time.svg").find("<svg") == 0);
  CHECK(file("growth-memory.svg").find("<svg") == 0);

  // Unmeasured: queries only. Without --by on the key, or a value that names no size: errors.
  const auto untimed = makeReport(r, {{"run"}, false, "run"});
  for (const auto& [n, text] : untimed.files) CHECK(n != "growth-time.svg");
  CHECK_THROWS_WITH_AS((void)makeReport(r, {{"solver.name"}, true, "run"}), doctest::Contains("add --by run"),
                       ConfigError);
  r.cells.push_back(cell(5, "gm", "z3", 1, 1, 0.1));
  CHECK_THROWS_WITH_AS((void)makeReport(r, {{"run"}, true, "run"}), doctest::Contains("its value 'gm' names no size"),
                       ConfigError);
}

TEST_CASE("a results file with a torn last line: the line is ignored, then cut off before appending") {
  const auto dir = scratchDir("bench-torn");
  std::filesystem::create_directories(dir);
  const auto file = dir / "results.jsonl";
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << R"({"type":"provenance","format":1})" << "\n"
        << R"({"type":"cell","index":1,"id":"b","status":"ok"})" << "\n"
        << R"({"type":"cell","index":0,"id":"a","status":"ok"})" << "\n"
        << R"({"type":"cell","index":2,"id":"c","sta)";
  }
  const Results torn = readResults(file);
  CHECK(torn.tornTail);
  REQUIRE(torn.cells.size() == 2);
  CHECK(torn.cells[0]["id"] == "a");  // sorted by index
  CHECK(torn.provenance.has_value());

  dropTornTail(file);
  {
    ResultsAppender appender(file);
    appender.append(json{{"type", "cell"}, {"index", 2}, {"id", "c"}, {"status", "ok"}});
  }
  const Results resumed = readResults(file);
  CHECK_FALSE(resumed.tornTail);
  REQUIRE(resumed.cells.size() == 3);
  CHECK(resumed.cells[2]["id"] == "c");
  CHECK(toJsonLines(resumed).find(R"({"type":"cell","index":0,"id":"a","status":"ok"})") != std::string::npos);

  // A malformed line that is not the last one is an error at its line.
  std::ofstream(file, std::ios::app) << "garbage\n" << R"({"type":"cell","index":3,"id":"d"})" << "\n";
  CHECK_THROWS_WITH_AS((void)readResults(file), doctest::Contains("results.jsonl:5:1"), ConfigError);
  std::filesystem::remove_all(dir);
}

namespace {

// Five repetitions of one configuration with the given run times, and `length` steps each.
Results timed(const std::vector<double>& times, int length, const std::string& commit = "abc") {
  Results r;
  r.provenance = json{{"type", "provenance"}, {"commit", commit}, {"shard", "1/2"}};
  for (std::size_t i = 0; i < times.size(); ++i)
    r.cells.push_back({{"type", "cell"}, {"index", i}, {"id", "gm/solver.name=z3/rep=" + std::to_string(i + 1)},
                       {"configuration", "gm/solver.name=z3"}, {"status", "ok"}, {"length", length},
                       {"total_time_s", times[i]}, {"wall_time_s", times[i] + 0.01}});
  return r;
}

}  // namespace

TEST_CASE("compare: a verdict from the Mann-Whitney U test with five repetitions a side, and equal results") {
  const std::string faster = compareResults(timed({1.0, 1.1, 1.2, 1.3, 1.4}, 2), timed({0.5, 0.6, 0.55, 0.52, 0.58}, 2), {});
  CHECK(faster.find("| gm/solver.name=z3 | 5 | 5 | 1.2 | 0.55 | 0.458 | B faster (p=0.0079) | identical |") !=
        std::string::npos);
  const std::string noise = compareResults(timed({1.0, 1.2, 1.4, 1.6, 1.8}, 2), timed({1.1, 1.3, 1.5, 1.7, 1.9}, 3), {});
  CHECK(noise.find("within noise") != std::string::npos);
  CHECK(noise.find("| differ |") != std::string::npos);
  const std::string few = compareResults(timed({1.0, 1.1}, 2), timed({2.0, 2.2}, 2), {});
  CHECK(few.find("too few repetitions") != std::string::npos);
}

TEST_CASE("compare: every field but the measured ones must agree, and a cell on one side only is a difference") {
  const Results a = timed({1.0, 1.1, 1.2}, 2);
  CHECK(differingConfigurations(a, timed({3.0, 0.1, 2.0}, 2, "another-commit")).empty());  // times and provenance aside

  for (const char* field : {"length", "status", "targets_covered", "solver_queries", "heuristic_calls"}) {
    CAPTURE(field);
    Results b = a;
    b.cells[1][field] = 99;
    CHECK(differingConfigurations(a, b) == std::vector<std::string>{"gm/solver.name=z3"});
  }
  Results lost = a;  // a repetition missing on one side
  lost.cells.pop_back();
  CHECK(differingConfigurations(a, lost) == std::vector<std::string>{"gm/solver.name=z3"});
  CHECK(differingConfigurations(lost, a) == std::vector<std::string>{"gm/solver.name=z3"});

  Results other = a;  // a configuration on one side only
  for (json& c : other.cells) c["configuration"] = "fig4/solver.name=z3";
  CHECK(differingConfigurations(a, other) == std::vector<std::string>{"gm/solver.name=z3", "fig4/solver.name=z3"});
  CHECK(compareResults(a, other, {}).find("2 configurations whose results (not times) differ") != std::string::npos);
}

TEST_CASE("merge: joins cells by index, refuses mixed provenance unless allowed") {
  Results a = timed({1.0, 1.1, 1.2}, 2);
  Results b = a;
  a.cells.erase(a.cells.begin() + 1);
  b.cells.erase(b.cells.begin());
  (*b.provenance)["shard"] = "2/2";
  const Results merged = mergeResults({a, b}, false);
  REQUIRE(merged.cells.size() == 3);
  CHECK(merged.cells[1]["index"] == 1);
  CHECK((*merged.provenance)["shard"].is_null());
  const Results other = timed({1.0}, 2, "def");
  CHECK_THROWS_WITH_AS((void)mergeResults({a, other}, false), doctest::Contains("differs in: commit"), ConfigError);
  CHECK(mergeResults({a, other}, true).cells.size() == 2);
}

TEST_CASE("didYouMean: the closest name within about one edit per three characters, swaps counting one") {
  CHECK(didYouMean("sede", {"run", "seed"}) == "; did you mean 'seed'?");
  CHECK(didYouMean("z4", {"z3", "cvc5"}) == "; did you mean 'z3'?");
  CHECK(didYouMean("repetition", {"repetitions", "limits", "runs"}) == "; did you mean 'repetitions'?");
  CHECK(didYouMean("solver.nam", {"run", "solver.name"}) == "; did you mean 'solver.name'?");
  CHECK(didYouMean("depht", {"depth"}) == "; did you mean 'depth'?");
  CHECK(didYouMean("xyz", {"seed", "run"}).empty());
  CHECK(didYouMean("ab", {}).empty());
  CHECK(didYouMean("seeds", {"seed", "seeds2"}) == "; did you mean 'seed'?");  // the first of equals
}

TEST_CASE("parseSymseqError reads symseq's message back: location, message and hint") {
  const Error e = parseSymseqError(
      "symseq: run.toml:8:1: error: unknown key 'nme' in [solver]; did you mean 'name'?\n"
      "  hint: valid keys in [solver]: name, query_timeout_ms\n");
  REQUIRE(e.location().has_value());
  CHECK(*e.location() == SourceLocation{"run.toml", 8, 1});
  CHECK(e.message() == "unknown key 'nme' in [solver]; did you mean 'name'?");
  CHECK(e.hint() == "valid keys in [solver]: name, query_timeout_ms");
  CHECK(std::string(e.what()) ==
        "run.toml:8:1: error: unknown key 'nme' in [solver]; did you mean 'name'?\n"
        "  hint: valid keys in [solver]: name, query_timeout_ms");

  const Error bare = parseSymseqError("noise\nsymseq: error: --plugin-dir 'x' does not exist\n");
  CHECK_FALSE(bare.location().has_value());
  CHECK(bare.message() == "--plugin-dir 'x' does not exist");
  CHECK(bare.hint().empty());

  const Error fileOnly = parseSymseqError("symseq: c:/models/a.cfg: error: cannot read it\n  hint: check the path\n");
  CHECK(*fileOnly.location() == SourceLocation{"c:/models/a.cfg", 0, 0});
  CHECK(fileOnly.hint() == "check the path");

  CHECK(parseSymseqError("Segmentation fault\n").message() == "Segmentation fault");
}

TEST_CASE("provenance: symseq's version and plugins as it reports them, the files hashed, shard and date") {
  const Matrix m = matrix("[[runs]]\nfile = \"../gm.toml\"\n");
  const json version{{"version", "0.1.0"}, {"commit", "abc"}, {"build_id", "b1"}, {"compiler", "GNU 12.2.0"},
                     {"plugin_abi_id", "0123456789abcdef"}};
  const json plugins = json::parse(R"([
    {"kind": "frontend", "name": "cfg", "version": "0.1.0", "summary": "s", "file": "/p/cfg.so", "build_id": "b1", "options": []},
    {"kind": "solver", "name": "z3", "version": "4.8.12.0", "summary": "s", "file": "/p/z3.so", "build_id": "b1", "options": []}])");
  const json p = collectProvenance(m, version, plugins, Shard{2, 3});
  CHECK(p["type"] == "provenance");
  CHECK(p["symseq_version"] == "0.1.0");
  CHECK(p["commit"] == "abc");
  CHECK(p["build_id"] == "b1");
  CHECK(p["compiler"] == "GNU 12.2.0");
  CHECK(p["solvers"] == json{{"z3", "4.8.12.0"}});
  CHECK(p["plugins"][1] == json{{"kind", "solver"}, {"name", "z3"}, {"version", "4.8.12.0"}, {"build_id", "b1"}});
  CHECK(p["shard"] == "2/3");
  REQUIRE(p["files"].size() == 2);  // the run file and the model it names
  CHECK(p["files"][0]["file"] == "../gm.toml");
  CHECK(p["files"][1]["role"] == "model");
  CHECK(p["files"][1]["sha256"].get<std::string>().size() == 64);

  json other = p;
  other["date"] = "2000-01-01T00:00:00Z";
  other["shard"] = nullptr;
  CHECK(provenanceDifferences(p, other).empty());
  other["plugins"][1]["build_id"] = "b2";
  CHECK(provenanceDifferences(p, other) == std::vector<std::string>{"plugins"});
}

TEST_CASE("symseq is looked for next to the running program") {
  CHECK(symseqNextToThisProgram().filename() == "symseq");
  CHECK(symseqNextToThisProgram().parent_path() == std::filesystem::read_symlink("/proc/self/exe").parent_path());
}
