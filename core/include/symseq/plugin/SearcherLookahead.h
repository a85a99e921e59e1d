#pragma once
// An optional promise a searcher (plugin/Searcher.h) may make: it knows the states its next
// select() calls return. A tree strategy on several threads uses it to check the guards of
// several frontier states in one hand-over (docs/parallel.md) while keeping the order, hence the
// results, of one thread. A searcher offers it by also deriving from this class; the strategy
// finds it with dynamic_cast.
#include <cstddef>
#include <vector>

#include "symseq/plugin/Searcher.h"

#pragma GCC visibility push(default)

namespace symseq {

class SearcherLookahead {
 public:
  virtual ~SearcherLookahead() = default;
  // The states the next `count` select() calls will return, in that order (fewer when fewer are
  // held), whatever update() adds in between and whatever the progress: only an order that never
  // puts a new state before one already held (breadth first) can promise this.
  [[nodiscard]] virtual std::vector<FrontierState> upcoming(std::size_t count) const = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
