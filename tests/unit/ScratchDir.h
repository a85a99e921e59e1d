#pragma once
// A scratch directory for one test process. ctest runs each test case as its own process, in
// parallel, so fixed paths shared between cases race; the process id keeps them apart.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace symseq::test {

inline std::filesystem::path scratchDir(std::string_view name) {
  return std::filesystem::path(SYMSEQ_BINARY_DIR) / "test-tmp" / std::to_string(::getpid()) / name;
}

}  // namespace symseq::test
