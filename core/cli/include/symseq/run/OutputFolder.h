#pragma once
// An output folder made whole or not at all. A command writes its files into a fresh hidden
// folder beside the target (".NAME.tmp-PID", on the same file system), and only once every file
// is written does that folder replace the target: the old one is renamed aside, the new one
// renamed in, the old one removed. A failure before (a full disk, a failing writer, an error)
// leaves the previous folder as it was, never a mix of two runs.
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "symseq/support/Error.h"

namespace symseq {

class OutputFolder {
 public:
  // Checks that `target` may be replaced (absent, empty, or a folder `symseq run` wrote: it holds
  // effective-run.toml and no folder but tables/), creates the folders above it and the staging
  // folder. Throws Error at `where` (the run file's [output] dir, or an override) otherwise.
  OutputFolder(const std::filesystem::path& target, std::optional<SourceLocation> where);
  ~OutputFolder();  // removes the staging folder unless it was moved into place
  OutputFolder(const OutputFolder&) = delete;
  OutputFolder& operator=(const OutputFolder&) = delete;

  // Where to write the files.
  [[nodiscard]] const std::filesystem::path& staging() const { return staging_; }
  // The staged folder becomes the target. Throws Error when a rename fails (the old folder is
  // put back then).
  void replaceTarget();

 private:
  std::filesystem::path target_;
  std::filesystem::path staging_;
  std::optional<SourceLocation> where_;
  bool committed_ = false;
};

// For commands that add files to a folder they do not own (feasibility, verdict and exec write
// into a run's folder): every file is written beside its final name first, then all are renamed,
// so a failure while writing (a full disk) changes none of them. `dir` is created if missing;
// errors are at `where` when given.
void writeFilesTogether(const std::filesystem::path& dir, const std::vector<std::pair<std::string, std::string>>& files,
                        const std::optional<SourceLocation>& where = std::nullopt);

}  // namespace symseq
