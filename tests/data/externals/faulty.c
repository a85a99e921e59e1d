/* tests/e2e/ExternalFaults.cmake and unit/test_external_isolation.cpp: an external-function library
 * (core/include/symseq/external.h) whose functions fail the ways a user's buggy code does. Built
 * without sanitizers, like a user's library: a crash must be the process's own signal. */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "symseq/external.h"

/* F(x) = 2 x: the well-behaved one. */
int symseq_test_good(const symseq_value* args, uint32_t nargs, symseq_value* result) {
  if (nargs != 1) return 1;
  result->i = 2 * args[0].i;
  return 0;
}

int symseq_test_segv(const symseq_value* args, uint32_t nargs, symseq_value* result) {
  (void)args;
  (void)nargs;
  volatile int64_t* nowhere = (volatile int64_t*)(uintptr_t)0; /* a null dereference, as bugs do */
  result->i = *nowhere;
  return 0;
}

int symseq_test_abort(const symseq_value* args, uint32_t nargs, symseq_value* result) {
  (void)args;
  (void)nargs;
  (void)result;
  abort();
}

int symseq_test_exit(const symseq_value* args, uint32_t nargs, symseq_value* result) {
  (void)args;
  (void)nargs;
  (void)result;
  exit(0);
}

int symseq_test_loop(const symseq_value* args, uint32_t nargs, symseq_value* result) {
  (void)args;
  (void)nargs;
  volatile int64_t spins = 0;
  for (;;) ++spins; /* never returns */
  result->i = spins;
  return 0;
}

int symseq_test_sleep(const symseq_value* args, uint32_t nargs, symseq_value* result) {
  (void)nargs;
  sleep(30);
  result->i = args[0].i;
  return 0;
}
