#include "harness/Provenance.h"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <thread>
#include <toml++/toml.h>

#include "harness/Error.h"

namespace symseq::bench {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

std::string sha256Hex(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1)
    throw Error("SHA-256 failed (OpenSSL)");
  std::string hex;
  for (unsigned int i = 0; i < size; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

std::string sha256File(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ConfigError("cannot read '" + file.string() + "'", std::nullopt, "check the path in the matrix");
  std::ostringstream text;
  text << in.rdbuf();
  return sha256Hex(text.str());
}

namespace {

std::string cpuModel() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

// The model a run file names (model.file, relative to the run file), if it can be read.
std::optional<fs::path> modelOf(const fs::path& runFile) {
  try {
    const toml::table t = toml::parse_file(runFile.string());
    if (const auto file = t["model"]["file"].value<std::string>()) return (runFile.parent_path() / *file).lexically_normal();
  } catch (const toml::parse_error&) {
    // The cell will report the run file's error; provenance just has no model for it.
  }
  return std::nullopt;
}

// The models a run's cells may load: its run file's, and any a `model.file` override of the
// run's `set` or of an axis names (relative to the run file, as symseq run reads them).
std::vector<fs::path> modelsOf(const MatrixRun& run, const std::vector<Axis>& axes) {
  std::vector<fs::path> out;
  auto add = [&](const fs::path& p) {
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  };
  auto addToml = [&](const std::string& valueText) {
    try {
      const toml::table t = toml::parse("v = " + valueText);
      if (const auto file = t["v"].value<std::string>()) add((run.file.parent_path() / *file).lexically_normal());
    } catch (const toml::parse_error&) {
      // Not a string: the cell will say so.
    }
  };
  if (const auto model = modelOf(run.file)) add(*model);
  const std::string key = "model.file=";
  for (const std::string& o : run.overrides)
    if (o.rfind(key, 0) == 0) addToml(o.substr(key.size()));
  for (const Axis& a : axes)
    if (a.key == "model.file")
      for (const AxisValue& v : a.values) addToml(v.toml);
  return out;
}

}  // namespace

json collectProvenance(const Matrix& matrix, const json& version, const json& plugins, const std::optional<Shard>& shard) {
  const fs::path base = fs::absolute(matrix.file).parent_path();
  json files = json::array();
  auto addFile = [&](const char* role, const std::string& run, const fs::path& file) {
    // Relative to the matrix, so shards run from different checkouts agree.
    files.push_back({{"role", role}, {"run", run}, {"file", file.lexically_relative(base).string()},
                     {"sha256", fs::exists(file) ? sha256File(file) : "missing"}});
  };
  for (const MatrixRun& run : matrix.runs) {
    addFile("run", run.name, run.file);
    for (const fs::path& model : modelsOf(run, matrix.axes)) addFile("model", run.name, model);
  }
  json pluginList = json::array();
  json solvers = json::object();
  for (const json& p : plugins) {
    pluginList.push_back({{"kind", p.at("kind")}, {"name", p.at("name")}, {"version", p.at("version")},
                          {"build_id", p.at("build_id")}});
    if (p.at("kind") == "solver") solvers[p.at("name").get<std::string>()] = p.at("version");
  }
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  return json{{"type", "provenance"},
              {"format", 1},
              {"symseq_version", version.at("version")},
              {"commit", version.at("commit")},
              {"build_id", version.at("build_id")},
              {"compiler", version.at("compiler")},
              {"solvers", std::move(solvers)},
              {"plugins", std::move(pluginList)},
              {"matrix", {{"file", matrix.file.filename().string()}, {"sha256", sha256Hex(matrix.text)}}},
              {"files", std::move(files)},
              {"cpu_model", cpuModel()},
              {"cores", std::thread::hardware_concurrency()},
              {"date", fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(now))},
              {"shard", shard ? json(fmt::format("{}/{}", shard->index, shard->count)) : json(nullptr)}};
}

std::vector<std::string> provenanceDifferences(const json& a, const json& b) {
  std::vector<std::string> out;
  for (const char* key : {"symseq_version", "commit", "build_id", "compiler", "plugins", "matrix", "files",
                          "cpu_model"})
    if (a.value(key, json()) != b.value(key, json())) out.emplace_back(key);
  return out;
}

}  // namespace symseq::bench
