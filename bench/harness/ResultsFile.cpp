#include "harness/ResultsFile.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "harness/Error.h"

namespace symseq::bench {

namespace fs = std::filesystem;

namespace {

std::string readText(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ConfigError("cannot read results file '" + file.string() + "'", std::nullopt, "check the path");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

Results readResults(const fs::path& file) {
  Results r;
  r.file = file;
  if (!fs::exists(file)) return r;
  const std::string text = readText(file);
  std::set<std::string> ids;
  std::size_t offset = 0;
  std::uint32_t lineNo = 0;
  while (offset < text.size()) {
    ++lineNo;
    const std::size_t end = text.find('\n', offset);
    if (end == std::string::npos) {  // no newline: a write the bench did not finish
      r.tornTail = true;
      break;
    }
    const std::string_view line(text.data() + offset, end - offset);
    offset = end + 1;
    if (line.empty()) continue;
    nlohmann::ordered_json j;
    try {
      j = nlohmann::ordered_json::parse(line);
    } catch (const nlohmann::json::exception& e) {
      throw ConfigError(std::string("not a results line: ") + e.what(), SourceLocation{file.string(), lineNo, 1},
                        "results files are written by symseq bench; was this one edited?");
    }
    const std::string type = j.value("type", "");
    if (type == "provenance") {
      if (!r.provenance) r.provenance = std::move(j);
    } else if (type == "cell" && j.contains("id") && j.contains("index")) {
      if (ids.insert(j["id"].get<std::string>()).second) r.cells.push_back(std::move(j));
    } else {
      throw ConfigError("a results line must be a provenance or a cell record", SourceLocation{file.string(), lineNo, 1});
    }
  }
  sortByIndex(r.cells);
  return r;
}

void dropTornTail(const fs::path& file) {
  if (!fs::exists(file)) return;
  const std::string text = readText(file);
  if (text.empty() || text.back() == '\n') return;
  const std::size_t lastNewline = text.rfind('\n');
  fs::resize_file(file, lastNewline == std::string::npos ? 0 : lastNewline + 1);
}

ResultsAppender::ResultsAppender(const fs::path& file)
    : file_(file), fd_(::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644)) {
  if (fd_ < 0)
    throw Error("cannot open results file '" + file.string() + "': " + std::strerror(errno),
                std::nullopt, "check that its folder exists and is writable");
}

ResultsAppender::~ResultsAppender() { ::close(fd_); }

void ResultsAppender::append(const nlohmann::ordered_json& line) {
  const std::string text = line.dump() + "\n";
  // One write of the whole line: with O_APPEND, concurrent or interrupted writers never interleave
  // within it. A short write (disk full) is an error, not something to finish later.
  const ssize_t written = ::write(fd_, text.data(), text.size());
  if (written != static_cast<ssize_t>(text.size()))
    throw Error("cannot append to results file '" + file_.string() + "': " +
                (written < 0 ? std::strerror(errno) : "short write"));
}

void sortByIndex(std::vector<nlohmann::ordered_json>& cells) {
  std::stable_sort(cells.begin(), cells.end(), [](const auto& a, const auto& b) {
    return a.value("index", std::size_t{0}) < b.value("index", std::size_t{0});
  });
}

std::string toJsonLines(const Results& results) {
  std::string out;
  if (results.provenance) out += results.provenance->dump() + "\n";
  for (const auto& c : results.cells) out += c.dump() + "\n";
  return out;
}

}  // namespace symseq::bench
