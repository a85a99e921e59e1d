#pragma once
// A results file (JSON Lines): a provenance line, then one line per finished cell, in the order
// they finished. Lines are appended whole (one write(2) on an O_APPEND descriptor), so a killed
// bench leaves at most one torn last line, which readers ignore and a resumed bench cuts off.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace symseq::bench {

struct Results {
  std::filesystem::path file;
  std::optional<nlohmann::ordered_json> provenance;
  std::vector<nlohmann::ordered_json> cells;  // sorted by index, one per id (the first written)
  bool tornTail = false;                      // the last line was incomplete and was ignored
};

// A missing file reads as empty. Throws ConfigError at file:line for a malformed line that is
// not the last one.
[[nodiscard]] Results readResults(const std::filesystem::path& file);

// Cuts a torn last line off, so the next append starts on a line of its own.
void dropTornTail(const std::filesystem::path& file);

class ResultsAppender {
 public:
  explicit ResultsAppender(const std::filesystem::path& file);
  ~ResultsAppender();
  ResultsAppender(const ResultsAppender&) = delete;
  ResultsAppender& operator=(const ResultsAppender&) = delete;
  void append(const nlohmann::ordered_json& line);

 private:
  std::filesystem::path file_;
  int fd_;
};

// Orders cell records by their index in the matrix (stable for equal ones).
void sortByIndex(std::vector<nlohmann::ordered_json>& cells);

// The whole file as text (provenance, then cells by index), for a whole-file atomic write.
[[nodiscard]] std::string toJsonLines(const Results& results);

}  // namespace symseq::bench
