#include "symseq/support/AtomicFile.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <system_error>

#include "symseq/support/Error.h"

namespace symseq {

namespace {

// Removes the temporary file unless the rename succeeded.
class TempFile {
 public:
  explicit TempFile(std::filesystem::path p) : path_(std::move(p)) {}
  ~TempFile() {
    if (!committed_) {
      std::error_code ignored;
      std::filesystem::remove(path_, ignored);
    }
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }
  void commit() { committed_ = true; }

 private:
  std::filesystem::path path_;
  bool committed_ = false;
};

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what, int err) {
  throw Error("cannot write '" + path.string() + "': " + what + ": " + std::strerror(err), std::nullopt,
              "check that the directory exists, is writable and that the disk is not full");
}

}  // namespace

void writeFileAtomically(const std::filesystem::path& path, std::string_view text) {
  // The pid keeps two processes writing the same output apart; the dot hides the file.
  TempFile temp(path.parent_path() / ("." + path.filename().string() + ".tmp." + std::to_string(::getpid())));
  std::FILE* f = std::fopen(temp.path().c_str(), "wb");
  if (f == nullptr) fail(path, "cannot create a temporary file", errno);
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const int writeErrno = errno;
  // fsync so that a crash after the rename cannot leave an empty file under the final name.
  const bool synced = std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0;
  const int syncErrno = errno;
  const bool closed = std::fclose(f) == 0;
  if (!written) fail(path, "write failed", writeErrno);
  if (!synced || !closed) fail(path, "flush failed", syncErrno);
  std::error_code ec;
  std::filesystem::rename(temp.path(), path, ec);
  if (ec) fail(path, "rename failed", ec.value());
  temp.commit();
}

}  // namespace symseq
