/* A scripted session (docs/adapters.md) with a shared-library adapter of the vending machine,
 * through its C ABI as symseq exec will hold it, checking every answer.
 *
 *   vending-lib-session LIBRARY correct|buggy
 *
 * `correct` and `buggy` differ at one step only: choosing chocolate, where the correct machine
 * shows the missing amount and the buggy one stays silent. Exits 0 when every answer is the
 * expected one; otherwise prints the first difference and exits 1. */
#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symseq_adapter.h"

static const symseq_adapter_v1_table* table;
static void* self;
static char error[256];
static int failures;

static void expect(int ok, const char* what) {
  if (!ok) {
    fprintf(stderr, "FAILED: %s (error: '%s')\n", what, error);
    ++failures;
  }
}

static int send(const char* channel, symseq_adapter_value value) {
  error[0] = '\0';
  return table->input(self, channel, &value, 1, error, sizeof error);
}

static symseq_adapter_value integer(int64_t i) { return (symseq_adapter_value){SYMSEQ_INTEGER, i, NULL}; }
static symseq_adapter_value text(const char* t) { return (symseq_adapter_value){SYMSEQ_TEXT, 0, t}; }

/* The next output is `channel(first, amount)`, or quiescence when channel is NULL. */
static void observe(const char* channel, const char* first, int64_t amount, const char* what) {
  const char* got = NULL;
  const symseq_adapter_value* values = NULL;
  size_t count = 0;
  error[0] = '\0';
  const int r = table->observe(self, 100, &got, &values, &count, error, sizeof error);
  if (channel == NULL) {
    expect(r == 0, what);
    return;
  }
  expect(r == 1 && strcmp(got, channel) == 0 && count == 2 && values[0].kind == SYMSEQ_TEXT &&
             strcmp(values[0].text, first) == 0 && values[1].kind == SYMSEQ_INTEGER && values[1].integer == amount,
         what);
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s LIBRARY correct|buggy\n", argv[0]);
    return 2;
  }
  const int buggy = strcmp(argv[2], "buggy") == 0;
  void* lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    fprintf(stderr, "cannot load %s: %s\n", argv[1], dlerror());
    return 1;
  }
  typedef const symseq_adapter_v1_table* (*entry_fn)(void);
  entry_fn entry;
  *(void**)&entry = dlsym(lib, "symseq_adapter_v1"); /* POSIX's way to get a function pointer */
  if (entry == NULL || (table = entry()) == NULL || table->abi != SYMSEQ_ADAPTER_ABI_VERSION) {
    fprintf(stderr, "%s: no symseq_adapter_v1 of ABI version %u\n", argv[1], SYMSEQ_ADAPTER_ABI_VERSION);
    return 1;
  }
  expect(table->open("vending", error, sizeof error) == NULL && strstr(error, "not 'vending'") != NULL,
         "open refuses another model");
  self = table->open("vending_machine", error, sizeof error);
  if (self == NULL) {
    fprintf(stderr, "open: %s\n", error);
    return 1;
  }
  /* Refusals: each an error, and the session goes on. */
  expect(send("soup", integer(1)) == -1 && strcmp(error, "no input channel 'soup' (coin, choice)") == 0,
         "an unknown channel is refused");
  expect(send("choice", text("soup")) == -1 && strstr(error, "no drink named 'soup'") != NULL,
         "an unknown drink is refused");
  expect(send("coin", text("18446744073709551616")) == -1, "a coin beyond 64 bits is refused");
  /* A test: two coins, a refused one, coffee with change. */
  expect(table->reset(self, error, sizeof error) == 0, "reset");
  observe(NULL, NULL, 0, "quiescent after reset");
  expect(send("coin", integer(100)) == 0, "coin 100");
  observe("screen", "Credit", 100, "screen(Credit, 100)");
  observe(NULL, NULL, 0, "quiescent after the screen");
  expect(send("coin", integer(500)) == 0, "coin 500");
  observe("screen", "Refused", 500, "screen(Refused, 500)");
  expect(send("coin", integer(80)) == 0, "coin 80");
  observe("screen", "Credit", 180, "screen(Credit, 180)");
  expect(send("choice", text("coffee")) == 0, "choice coffee");
  observe("deliver", "coffee", 30, "deliver(coffee, 30)");
  /* The next test: reset clears the credit; tea is missing 100. */
  expect(table->reset(self, error, sizeof error) == 0, "reset");
  expect(send("choice", text("tea")) == 0, "choice tea");
  observe("screen", "Missing", 100, "screen(Missing, 100)");
  /* Chocolate: where the planted bug shows. */
  expect(send("choice", text("chocolate")) == 0, "choice chocolate");
  if (buggy)
    observe(NULL, NULL, 0, "the buggy machine is silent on chocolate");
  else
    observe("screen", "Missing", 180, "screen(Missing, 180)");
  table->close(self);
  dlclose(lib);
  if (failures > 0) return 1;
  printf("%s library: every answer as expected\n", argv[2]);
  return 0;
}
