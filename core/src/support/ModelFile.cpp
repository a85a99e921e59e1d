#include "symseq/support/ModelFile.h"

#include <fstream>
#include <sstream>

#include "symseq/support/Error.h"

namespace symseq {

std::string readModelFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw ParseError("cannot open the model file", SourceLocation{file.string(), 0, 0},
                     "check the path (relative paths start at the run file's folder)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace symseq
