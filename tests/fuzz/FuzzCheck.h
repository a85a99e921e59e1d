#pragma once
// What every fuzz target counts as a finding, besides what libFuzzer and the sanitizers catch
// (crashes, sanitizer reports, -timeout hangs, -rss_limit_mb memory):
// - an UNLOCATED ERROR: a symseq error thrown for input that came from a file (or from `--set`)
//   without a line, i.e. with no location or with line 0, so the user is not told where. The
//   symseq binary prints such an error as "error: ..." or "FILE: error: ...", with no line:col.
// - any other exception escaping the reader (std::out_of_range, toml++'s, bad_alloc, ...): the
//   binary reports those as an internal error and exits 3.
// A located error is the expected refusal of bad input: the target returns normally.
// Both findings abort, so libFuzzer saves the input as crash-*; the message says which it was.
// SYMSEQ_FUZZ_KNOWN (environment): messages of known, not yet fixed findings, separated by '|';
// an unlocated error or other exception whose message contains one is let through, so a campaign looks past
// it (scripts/fuzz passes the list of tests/fuzz/pending/KNOWN). SYMSEQ_FUZZ_VERBOSE (set):
// every error is printed, to see how far the seeds get.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <unistd.h>

#include "symseq/support/Error.h"

namespace symseq::fuzz {

[[noreturn]] inline void finding(const char* kind, const char* what) {
  std::fprintf(stderr, "\n*** symseq fuzz finding: %s\n%s\n", kind, what);
  std::abort();
}

// Runs `read`; returns normally when it succeeds or throws an error of type E (symseq::Error, or
// the bench harness's) with a line, aborts on anything else. Works for any E with location().
inline bool known(const std::string& message) {
  const char* list = std::getenv("SYMSEQ_FUZZ_KNOWN");
  if (list == nullptr) return false;
  const std::string_view all(list);
  for (std::size_t start = 0; start <= all.size();) {
    const std::size_t end = std::min(all.find('|', start), all.size());
    const std::string_view item = all.substr(start, end - start);
    if (!item.empty() && message.find(item) != std::string::npos) return true;
    start = end + 1;
  }
  return false;
}

template <class E = Error, class Read>
void expectLocated(Read&& read) {
  try {
    read();
  } catch (const E& e) {
    static const bool verbose = std::getenv("SYMSEQ_FUZZ_VERBOSE") != nullptr;  // to see what seeds reach
    if (verbose) std::fprintf(stderr, "%s\n", e.what());
    if ((!e.location() || e.location()->line == 0 || e.location()->file.empty()) && !known(e.message()))
      finding("unlocated error (no file:line:col)", e.what());
  } catch (const std::exception& e) {
    if (!known(e.what())) finding("exception other than a symseq error (exit 3, internal error)", e.what());
  } catch (...) {
    finding("non-standard exception (exit 3, internal error)", "");
  }
}

// A file of this process holding the input, for readers that take a path. One name per process
// (so parallel fuzzers do not share it), rewritten for every input.
inline std::filesystem::path writeInput(std::string_view data, std::string_view extension) {
  // Removed when the process ends normally (libFuzzer's fork mode starts many processes).
  struct Written {
    std::set<std::filesystem::path> files;
    ~Written() {
      std::error_code ec;
      for (const auto& f : files) std::filesystem::remove(f, ec);
    }
  };
  static Written written;
  const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                     ("symseq-fuzz-" + std::to_string(::getpid()) + std::string(extension));
  written.files.insert(file);
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  return file;
}

}  // namespace symseq::fuzz
