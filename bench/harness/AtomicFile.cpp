#include "harness/AtomicFile.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <system_error>

#include "harness/Error.h"

namespace symseq::bench {

namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what, int err) {
  throw Error("cannot write '" + path.string() + "': " + what + ": " + std::strerror(err), std::nullopt,
              "check that the directory exists, is writable and that the disk is not full");
}

}  // namespace

void writeFileAtomically(const std::filesystem::path& path, std::string_view text) {
  // The pid keeps two processes writing the same file apart; the dot hides the file.
  const std::filesystem::path temp =
      path.parent_path() / ("." + path.filename().string() + ".tmp." + std::to_string(::getpid()));
  std::FILE* f = std::fopen(temp.c_str(), "wb");
  if (f == nullptr) fail(path, "cannot create a temporary file", errno);
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const int writeErrno = errno;
  // fsync so that a crash after the rename cannot leave an empty file under the final name.
  const bool synced = std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0;
  const int syncErrno = errno;
  const bool closed = std::fclose(f) == 0;
  std::error_code ec;
  if (written && synced && closed) std::filesystem::rename(temp, path, ec);
  if (!written || !synced || !closed || ec) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    if (!written) fail(path, "write failed", writeErrno);
    if (!synced || !closed) fail(path, "flush failed", syncErrno);
    fail(path, "rename failed", ec.value());
  }
}

}  // namespace symseq::bench
