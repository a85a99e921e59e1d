#include "harness/Progress.h"

#include <fmt/format.h>

namespace symseq::bench {

namespace {

std::string duration(double seconds) {
  const auto s = static_cast<long>(seconds + 0.5);
  return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60) : fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace

Progress::Progress(std::ostream& out, bool interactive, std::size_t total, std::size_t alreadyDone)
    : out_(out), interactive_(interactive), total_(total), done_(alreadyDone) {
  if (alreadyDone > 0) out_ << alreadyDone << " of " << total << " cells already in the results file; running the rest\n";
}

void Progress::cellFinished(const Cell& cell, const CellOutcome& outcome) {
  ++done_;
  ++ranHere_;
  wallHere_ += outcome.wallSeconds;
  if (outcome.status != CellStatus::Ok) ++failed_;
  const double left = wallHere_ / static_cast<double>(ranHere_) * static_cast<double>(total_ - done_);
  if (interactive_) {
    constexpr std::size_t width = 30;
    const std::size_t filled = total_ ? done_ * width / total_ : width;
    out_ << fmt::format("\r[{}{}] {}/{} cells, {} failed, {} left ", std::string(filled, '#'),
                        std::string(width - filled, '.'), done_, total_, failed_, duration(left))
         << std::flush;
  } else {
    out_ << fmt::format("[{}/{}] {}: {} ({:.2f} s); {} failed, {} left\n", done_, total_, cell.id,
                        toString(outcome.status), outcome.wallSeconds, failed_, duration(left));
  }
}

void Progress::finish() {
  if (interactive_) out_ << "\n";
}

}  // namespace symseq::bench
