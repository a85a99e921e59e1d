// The fuzz targets without libFuzzer: runs a target's LLVMFuzzerTestOneInput on files, so the
// normal (gcc) build runs every target over its seeds and committed reproducers (ctest fuzz.*).
//   symseq-fuzz-replay-NAME [--ext .a,.b | --ext "*"] PATH...
// A folder is searched recursively for files with one of the current extensions ("*": every
// file); a file is run whatever its name. A finding aborts (FuzzCheck.h), so the test fails with
// the file's name as the last line printed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "symseq/support/SanitizerDefaults.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool wanted(const std::filesystem::path& file, const std::vector<std::string>& extensions) {
  if (std::find(extensions.begin(), extensions.end(), "*") != extensions.end()) return true;
  return std::find(extensions.begin(), extensions.end(), file.extension().string()) != extensions.end();
}

std::vector<std::string> splitCommas(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) out.push_back(item);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<std::string> extensions{"*"};
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--ext" && i + 1 < argc) {
      extensions = splitCommas(argv[++i]);
      continue;
    }
    const fs::path path = arg;
    if (fs::is_directory(path)) {
      std::vector<fs::path> found;
      for (const auto& entry : fs::recursive_directory_iterator(path))
        if (entry.is_regular_file() && wanted(entry.path(), extensions)) found.push_back(entry.path());
      std::sort(found.begin(), found.end());  // the same order on every machine
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(path)) {
      files.push_back(path);
    }  // a missing folder (no reproducers yet) is no input
  }
  for (const fs::path& file : files) {
    std::cout << file.string() << std::endl;  // flushed: the last line names the input of a finding
    std::ifstream in(file, std::ios::binary);
    const std::string data{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
  }
  std::cout << files.size() << " inputs, no finding" << std::endl;
  return files.empty() ? 1 : 0;  // no input at all means the seed folders moved: fail
}
