#include "symseq/design/Reader.h"

#include <filesystem>

#include "Composition.h"
#include "Parser.h"
#include "Resolve.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::design {

DesignFile readDesigns(std::string_view text, const std::string& file, ExprContext& ctx) {
  const std::vector<syntax::DesignText> designs = parseDesigns(text, file);
  // Carriers first: a `time` sort in a design without `time` depends on its users.
  const std::vector<TimeKind> carriers = checkComposition(designs);
  DesignFile out{file, {}};
  for (std::size_t i = 0; i < designs.size(); ++i) out.designs.push_back(resolveDesign(designs, i, carriers, ctx));
  return out;
}

const Design& topDesign(const DesignFile& file, std::string_view top) {
  std::vector<std::string> names;
  for (const Design& d : file.designs) names.push_back(d.name);
  if (!top.empty()) {
    for (const Design& d : file.designs)
      if (d.name == top) return d;
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    const std::string fileName = std::filesystem::path(file.file).filename().string();
    throw ConfigError("no design named '" + std::string(top) + "' in " + fileName + didYouMean(top, names),
                      std::nullopt, "the designs of the file: " + list);
  }
  for (const Design& d : file.designs) {
    bool used = false;
    for (const Design& user : file.designs)
      for (const Use& u : user.uses) used = used || u.design == d.name;
    if (!used) return d;
  }
  // Unreachable for a file readDesigns accepted: a cycle-free `use` graph has a design no one uses.
  throw ConfigError("every design of " + file.file + " is used by another one", std::nullopt,
                    "name the top design with the option 'top'");
}

}  // namespace symseq::design
