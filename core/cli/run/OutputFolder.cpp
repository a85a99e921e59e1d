#include "symseq/run/OutputFolder.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <string>
#include <string_view>
#include <system_error>

#include "symseq/run/EffectiveConfig.h"
#include "symseq/support/AtomicFile.h"

namespace symseq {

namespace fs = std::filesystem;

namespace {

constexpr const char* kHint = "set [output] dir to a writable folder (e.g. --set 'output.dir=\"out\"')";

[[noreturn]] void fail(const fs::path& target, const std::string& why, const std::optional<SourceLocation>& where,
                       std::string hint = kHint) {
  throw Error("cannot create output directory '" + target.string() + "': " + why, where, std::move(hint));
}

// What keeps `dir` from being replaced whole, or "" when nothing does: only a folder symseq run
// wrote (or an empty one) is removed, so a mistaken [output] dir (".", a home folder, a folder
// holding other runs' folders) never loses the user's files.
std::string notReplaceable(const fs::path& dir) {
  std::error_code ec;
  bool empty = true;
  bool written = false;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    empty = false;
    const std::string name = it->path().filename().string();
    if (name == kEffectiveConfigName) written = true;
    std::error_code kind;
    if (it->is_directory(kind) && name != "tables")
      return "it holds the folder '" + name + "', which symseq run does not write";
  }
  if (ec) return ec.message();
  if (!empty && !written) return "it holds files but no " + std::string(kEffectiveConfigName) + ", so symseq run did not write it";
  return "";
}

// Removes the staging folders of runs that ended without cleaning up (killed, crashed, or quit by
// a second Ctrl-C): `.NAME.tmp-PID` beside `target` whose process is gone. The folder of a run
// still going (its pid alive) is left alone, and so is a `.NAME.old-PID`: it may hold the only
// copy of earlier results.
void removeLeftovers(const fs::path& target) {
  const std::string prefix = "." + target.filename().string() + ".tmp-";
  std::error_code ec;
  for (fs::directory_iterator it(target.parent_path(), ec), end; !ec && it != end; it.increment(ec)) {
    const std::string entry = it->path().filename().string();
    if (!entry.starts_with(prefix)) continue;
    const std::string_view digits = std::string_view(entry).substr(prefix.size());
    pid_t pid = 0;
    const auto [last, parsed] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
    if (parsed != std::errc{} || last != digits.data() + digits.size() || pid <= 0) continue;
    if (::kill(pid, 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to judge
    std::error_code ignored;
    fs::remove_all(it->path(), ignored);
  }
}

}  // namespace

OutputFolder::OutputFolder(const fs::path& target, std::optional<SourceLocation> where) : where_(std::move(where)) {
  fs::path t = fs::absolute(target).lexically_normal();
  if (t.filename().empty()) t = t.parent_path();  // "out/" names the folder "out"
  std::error_code ec;
  // A symbolic link to a folder: that folder is the one replaced, and staged beside it.
  if (fs::is_symlink(t, ec)) {
    const fs::path resolved = fs::canonical(t, ec);
    if (ec) fail(t, ec.message(), where_);
    t = resolved;
  }
  if (t == t.root_path() || t.filename() == "." || t.filename() == "..") fail(t, "it is not a folder that can be replaced", where_);
  target_ = t;
  const fs::file_status status = fs::status(target_, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) fail(target_, ec.message(), where_);
  if (fs::exists(status)) {
    if (!fs::is_directory(status)) fail(target_, "a file of that name exists", where_);
    if (const std::string why = notReplaceable(target_); !why.empty())
      fail(target_, why, where_,
           "symseq run replaces its output folder whole: set [output] dir to a new or empty folder, or to one a run "
           "wrote");
  }
  fs::create_directories(target_.parent_path(), ec);
  if (ec) fail(target_, ec.message(), where_);
  // The pid keeps two runs apart; the dot hides the folder.
  staging_ = target_.parent_path() / ("." + target_.filename().string() + ".tmp-" + std::to_string(::getpid()));
  fs::remove_all(staging_, ec);  // a leftover of a killed process that had our pid
  removeLeftovers(target_);
  if (!fs::create_directory(staging_, ec) || ec) fail(target_, "cannot make a staging folder beside it: " + ec.message(), where_);
}

OutputFolder::~OutputFolder() {
  if (committed_) return;
  std::error_code ignored;
  fs::remove_all(staging_, ignored);
}

void OutputFolder::replaceTarget() {
  std::error_code ec;
  const fs::path aside = target_.parent_path() / ("." + target_.filename().string() + ".old-" + std::to_string(::getpid()));
  const bool existed = fs::exists(target_, ec);
  if (existed) {
    fs::remove_all(aside, ec);
    fs::rename(target_, aside, ec);
    if (ec) fail(target_, "cannot move the previous results aside: " + ec.message(), where_);
  }
  fs::rename(staging_, target_, ec);
  if (ec) {
    std::string why = "cannot move the new results into place: " + ec.message();
    std::error_code back;
    if (existed) fs::rename(aside, target_, back);  // the previous results stay
    if (existed && back)
      why += "; the previous results could not be put back either (" + back.message() + ") and are in '" +
             aside.string() + "'";
    fail(target_, why, where_);
  }
  committed_ = true;
  if (existed) fs::remove_all(aside, ec);  // a leftover hidden folder at worst
}

void writeFilesTogether(const fs::path& dir, const std::vector<std::pair<std::string, std::string>>& files,
                        const std::optional<SourceLocation>& where) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec)) fail(dir, ec ? ec.message() : "a file of that name exists", where);
  std::vector<fs::path> parts;
  try {
    for (const auto& [name, contents] : files) {
      parts.push_back(dir / ("." + name + ".part-" + std::to_string(::getpid())));
      writeFileAtomically(parts.back(), contents);
    }
  } catch (...) {
    for (const fs::path& p : parts) fs::remove(p, ec);
    throw;
  }
  // Renames need no space: once every part is written, they do not fail for a full disk. Should
  // one fail all the same (the folder's permissions changed), the files renamed before it are
  // removed too, so that the folder never holds files of two writes that disagree.
  for (std::size_t i = 0; i < files.size(); ++i) {
    fs::rename(parts[i], dir / files[i].first, ec);
    if (ec) {
      const std::string why = ec.message();
      std::error_code ignored;
      for (std::size_t j = 0; j < i; ++j) fs::remove(dir / files[j].first, ignored);
      for (std::size_t j = i; j < parts.size(); ++j) fs::remove(parts[j], ignored);
      throw Error("cannot write '" + (dir / files[i].first).string() + "': " + why, where,
                  "check that the folder is writable");
    }
  }
}

}  // namespace symseq
