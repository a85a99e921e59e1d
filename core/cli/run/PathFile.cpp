#include "symseq/run/PathFile.h"

#include <fstream>
#include <map>
#include <sstream>

#include "symseq/support/DidYouMean.h"

namespace symseq {

namespace {

// A line's combinations of behaviour variants grow as a product: bound them.
constexpr std::size_t kMaxPathsPerLine = 10'000;

// Each name a line may use, with the IR transitions it stands for.
std::map<std::string, std::vector<TransitionId>, std::less<>> namesOf(const TransitionSystem& system) {
  std::map<std::string, std::vector<TransitionId>, std::less<>> names;
  for (TransitionId t = 0; t < system.transitions.size(); ++t) {
    const Transition& tr = system.transitions[t];
    names[tr.name].push_back(t);
    if (!tr.origin.empty()) names[tr.origin].push_back(t);
  }
  return names;
}

}  // namespace

std::vector<NamedPath> readPathFile(const std::filesystem::path& file, const TransitionSystem& system) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error("cannot read path file '" + file.string() + "'", std::nullopt, "check the path");
  const auto names = namesOf(system);
  std::vector<std::string> known;
  for (const auto& [name, ts] : names) known.push_back(name);
  std::vector<NamedPath> paths;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    const std::string text = line.substr(0, line.find('#'));
    std::vector<NamedPath> expanded{NamedPath{{}, number}};
    for (std::size_t at = text.find_first_not_of(" \t\r"); at != std::string::npos;
         at = text.find_first_not_of(" \t\r", at)) {
      const std::size_t end = std::min(text.find_first_of(" \t\r", at), text.size());
      const std::string name = text.substr(at, end - at);
      const auto it = names.find(name);
      if (it == names.end())
        throw ParseError("unknown transition '" + name + "'" + didYouMean(name, known),
                         SourceLocation{file.string(), static_cast<std::uint32_t>(number), static_cast<std::uint32_t>(at + 1)},
                         "name a transition of the model, or one of its behaviour variants such as NAME#behaviour");
      if (expanded.size() * it->second.size() > kMaxPathsPerLine)
        throw ParseError("line " + std::to_string(number) + " stands for more than " + std::to_string(kMaxPathsPerLine) +
                             " distinguished paths",
                         SourceLocation{file.string(), static_cast<std::uint32_t>(number), static_cast<std::uint32_t>(at + 1)},
                         "name behaviour variants (NAME#behaviour) instead of model transitions with many variants");
      std::vector<NamedPath> next;
      for (const NamedPath& p : expanded)
        for (TransitionId t : it->second) {
          NamedPath q = p;
          q.transitions.push_back(t);
          next.push_back(std::move(q));
        }
      expanded = std::move(next);
      at = end;
    }
    if (!expanded.front().transitions.empty()) paths.insert(paths.end(), expanded.begin(), expanded.end());
  }
  if (paths.empty())
    throw ParseError("the path file names no path", SourceLocation{file.string(), 1, 1},
                     "write one path per line: the names of its transitions from the initial state");
  return paths;
}

}  // namespace symseq
