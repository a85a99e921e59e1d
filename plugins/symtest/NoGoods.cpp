#include "NoGoods.h"

#include <algorithm>

namespace symseq::symtest {

bool NoGoods::learn(const std::vector<Expr>& conditions) {
  std::vector<std::uint32_t> ids;
  for (Expr c : conditions) ids.push_back(c.id());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  if (ids.empty()) return false;
  // A known set contained in this one already blocks every path this one would (and an equal
  // set is a duplicate): keep the store small, since plans consult it at every position.
  for (std::uint32_t id : ids)
    if (const auto it = byMember_.find(id); it != byMember_.end())
      for (std::size_t s : it->second)
        if (std::includes(ids.begin(), ids.end(), sets_[s].begin(), sets_[s].end())) return false;
  const std::size_t index = sets_.size();
  for (std::uint32_t id : ids) byMember_[id].push_back(index);
  sets_.push_back(std::move(ids));
  return true;
}

std::optional<std::vector<std::uint32_t>> NoGoods::blocking(
    std::uint32_t latest, const std::unordered_map<std::uint32_t, std::uint32_t>& held) const {
  const auto it = byMember_.find(latest);
  if (it == byMember_.end()) return std::nullopt;
  for (std::size_t s : it->second) {
    const auto& set = sets_[s];
    if (std::all_of(set.begin(), set.end(), [&](std::uint32_t id) {
          if (id == latest) return true;
          const auto h = held.find(id);
          return h != held.end() && h->second > 0;
        }))
      return set;
  }
  return std::nullopt;
}

}  // namespace symseq::symtest
