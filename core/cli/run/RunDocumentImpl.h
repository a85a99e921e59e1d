#pragma once
// Private to the run loader: what a RunDocument holds.
#include <filesystem>
#include <toml++/toml.h>

#include "symseq/run/RunDocument.h"

namespace symseq {

struct RunDocument::Impl {
  toml::table table;
  std::filesystem::path file;     // as named by the user, for messages
  std::filesystem::path baseDir;  // absolute directory of the file
};

}  // namespace symseq
