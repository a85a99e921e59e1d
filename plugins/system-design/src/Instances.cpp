#include "Instances.h"

#include <algorithm>

namespace symseq::design {
namespace {

const Design* findDesign(const DesignFile& file, const std::string& name) {
  const auto it = std::ranges::find_if(file.designs, [&](const Design& d) { return d.name == name; });
  return it == file.designs.end() ? nullptr : &*it;
}

std::string timeName(TimeKind k) { return k == TimeKind::Dense ? "dense" : "discrete"; }

// Appends `design`'s instances below `self` (already in `out`); `path` holds the designs being
// instantiated, to report a use cycle instead of recursing forever.
void addChildren(const DesignFile& file, std::size_t self, std::vector<const Design*>& path,
                 std::vector<Instance>& out, TimeKind carrier) {
  const Design& design = *out[self].design;
  for (const Use& use : design.uses) {
    const Design* used = findDesign(file, use.design);
    if (used == nullptr) throw Error("unknown design '" + use.design + "'", use.where);
    if (std::ranges::find(path, used) != path.end())
      throw Error("design '" + use.design + "' uses itself (a use cycle)", use.where);
    if (used->time && *used->time != carrier)
      throw Error("design '" + used->name + "' declares " + timeName(*used->time) + " time but the composition's time is " +
                      timeName(carrier),
                  use.where);
    if (out[self].children.contains(use.instance))
      throw Error("instance '" + use.instance + "' is used twice in design '" + design.name + "'", use.where);
    // Below the top, the user's prefix keeps nested instances apart (`calc__filter`).
    const std::string name = self == 0 ? use.instance : out[self].name + "__" + use.instance;
    const std::size_t index = out.size();
    out.push_back(Instance{name, used, {}, use.where});
    out[self].children.emplace(use.instance, index);
    path.push_back(used);
    addChildren(file, index, path, out, carrier);
    path.pop_back();
  }
}

}  // namespace

TimeKind carrierOf(const Design& top) { return top.time.value_or(TimeKind::Discrete); }

std::vector<Instance> instantiate(const DesignFile& file, const Design& top) {
  std::vector<Instance> out{Instance{top.name, &top, {}, top.where}};
  std::vector<const Design*> path{&top};
  addChildren(file, 0, path, out, carrierOf(top));
  return out;
}

}  // namespace symseq::design
