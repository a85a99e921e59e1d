#include "symseq/run/RunDocument.h"

#include <fstream>

#include "RunDocumentImpl.h"
#include "TomlLocation.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace fs = std::filesystem;

RunDocument::RunDocument(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RunDocument::RunDocument(RunDocument&&) noexcept = default;
RunDocument& RunDocument::operator=(RunDocument&&) noexcept = default;
RunDocument::~RunDocument() = default;

const fs::path& RunDocument::file() const { return impl_->file; }
const fs::path& RunDocument::baseDir() const { return impl_->baseDir; }

RunDocument RunDocument::parseText(std::string_view text, const fs::path& name) {
  auto impl = std::make_unique<Impl>();
  impl->file = name;
  impl->baseDir = fs::absolute(name).lexically_normal().parent_path();
  try {
    impl->table = toml::parse(text, std::string_view{name.string()});
  } catch (const toml::parse_error& e) {
    throw ConfigError(std::string(e.description()), toLocation(e.source(), name.string()),
                      "the run file is not valid TOML (https://toml.io)");
  }
  return RunDocument(std::move(impl));
}

RunDocument RunDocument::parseFile(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::error_code ec;
  if (!in || fs::is_directory(file, ec))
    throw ConfigError("cannot read run file '" + file.string() + "'", std::nullopt,
                      "check the path; relative paths are taken from the current directory");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return parseText(text, file);
}

std::vector<fs::path> RunDocument::pluginDirs() const {
  std::vector<fs::path> dirs;
  const toml::node* node = impl_->table.get("plugin_dirs");
  if (node == nullptr) return dirs;
  const std::string fallback = impl_->file.string();
  const toml::array* list = node->as_array();
  if (list == nullptr || (!list->empty() && !list->is_homogeneous(toml::node_type::string)))
    throw ConfigError("wrong type for 'plugin_dirs': expected a list of strings, found " +
                          (list ? std::string("an array with other elements") : describe(*node)),
                      toLocation(node->source(), fallback));
  for (const toml::node& element : *list) {
    const fs::path dir = element.as_string()->get();
    dirs.push_back(dir.is_absolute() ? dir.lexically_normal() : (impl_->baseDir / dir).lexically_normal());
  }
  return dirs;
}

SourceLocation RunDocument::pluginDirWhere(std::size_t i) const {
  const toml::array* list = impl_->table.get("plugin_dirs")->as_array();
  return toLocation((*list)[i].source(), impl_->file.string());
}

}  // namespace symseq
