// The `iosts` frontend plugin: reads a .iosts file (docs/models/iosts.md) and the contract files
// its `contracts` option names, resolves their names, lowers them, and splits every transition
// that calls a program with a contract by behaviours (the kernel's splitByBehaviors).
#include <boost/dll/alias.hpp>

#include <fstream>
#include <sstream>

#include "IostsCheck.h"
#include "IostsLower.h"
#include "IostsReader.h"
#include "symseq/contracts/Branching.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/support/ModelFile.h"

namespace {

constexpr const char* kContracts = "contracts";

const symseq::OptionSpec kOptions[] = {
    {kContracts, symseq::OptionType::StringList, "[]",
     "contract files (contract, frozen and axiom lines) whose contracts replace the model's for the programs "
     "they name; a relative path starts at the model file's folder"},
};

class IostsFrontend final : public symseq::Frontend {
 public:
  explicit IostsFrontend(symseq::Options options) : options_(std::move(options)) {}

  symseq::TransitionSystem load(const std::filesystem::path& file, symseq::ExprContext& ctx) override {
    symseq::iosts::Model model = symseq::iosts::readModel(symseq::readModelFile(file), file.string());
    std::vector<symseq::iosts::Model> contractFiles;
    const std::vector<std::string> none;
    for (const std::string& name : options_.contains(kContracts) ? options_.getStringList(kContracts) : none) {
      const std::filesystem::path path = contractPath(file, name);
      contractFiles.push_back(symseq::iosts::readContractFile(contractText(path), path.string()));
    }
    symseq::iosts::applyContractFiles(model, std::move(contractFiles));
    symseq::iosts::resolveNames(model);
    const symseq::TransitionSystem unsplit = symseq::iosts::lowerModel(model, ctx, file.stem().string());
    symseq::TransitionSystem split = symseq::splitByBehaviors(unsplit);
    split.validate();
    return split;
  }

 private:
  // Relative to the model file's folder, so that a model and its contracts move together.
  static std::filesystem::path contractPath(const std::filesystem::path& model, const std::string& name) {
    const std::filesystem::path p = name;
    return (p.is_absolute() ? p : model.parent_path() / p).lexically_normal();
  }

  std::string contractText(const std::filesystem::path& path) const {
    std::ifstream in(path, std::ios::binary);
    if (!in)
      throw options_.invalid(kContracts, "cannot open the contract file " + path.string(),
                             "a relative path in 'contracts' starts at the model file's folder");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }

  symseq::Options options_;
};

symseq::PluginPtr<symseq::Frontend> make(const symseq::Options& options) {
  return symseq::makePluginPtr<IostsFrontend>(options);
}

// The files `symseq run MODEL` gives this frontend, and the strategy it runs on them.
const char* const kExtensions[] = {".iosts"};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Frontend,
    .name = "iosts",
    .version = "0.2.0",
    .summary = "input/output symbolic transition systems with external functions and programs known by contracts "
               "(IOSTS)",
    .options = kOptions,
    .extensions = kExtensions,
    .defaultStrategy = "tree",
    .makeFrontend = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
