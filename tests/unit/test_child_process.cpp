// The forked child that serves a library adapter (exec/ChildProcess): what it inherits.
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <chrono>

#include "doctest/doctest.h"
#include "exec/ChildProcess.h"

namespace symseq::exec {

TEST_CASE("child process: a descriptor symseq holds does not stay open in the child") {
  using namespace std::chrono_literals;
  // A pipe like an external host's lifeline, without close-on-exec: the child runs no exec, so
  // only an explicit close keeps it from holding the write end past symseq's own close.
  int lifeline[2];
  REQUIRE(::pipe(lifeline) == 0);
  ChildProcess child = ChildProcess::fork([](int in, int /*out*/) {
    char c = 0;
    while (::read(in, &c, 1) > 0) {
    }
    return 0;  // alive until its input closes
  });
  ::close(lifeline[1]);
  // The read end sees end-of-file only when no process holds the write end any more.
  pollfd p{lifeline[0], POLLIN, 0};
  REQUIRE(::poll(&p, 1, 10'000) == 1);  // a child holding it: no end, and a timeout here
  char c = 0;
  CHECK(::read(lifeline[0], &c, 1) == 0);
  child.closeInput();
  const std::optional<ChildExit> end = child.waitExit(Clock::now() + 10s);
  REQUIRE(end.has_value());
  CHECK(end->describe() == "exited with status 0");
  ::close(lifeline[0]);
}

}  // namespace symseq::exec
