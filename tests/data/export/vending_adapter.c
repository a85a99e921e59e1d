/* A mock vending machine behind a shared-library adapter (adapters/include/symseq_adapter.h), for
 * the export test (tests/e2e/ExportTests.py): prices tea 150, coffee 200, as configs/vending.toml's
 * tests assume. With VENDING_MOCK_BUG=1 tea costs 100, so 149 buys a tea: a wrong output the
 * exported tests must name. With VENDING_MOCK_BUG=2 it delivers coffee whatever was chosen: a wrong
 * value on the right channel. */
#include <stdlib.h>
#include <string.h>

#include "symseq_adapter.h"

typedef struct machine {
  long amount;
  int pending; /* 0: none, 1: screen!(Add), 2: deliver!(drink) */
  const char* drink;
  symseq_adapter_value out;
} machine;

static int price(const char* drink) {
  const char* bug = getenv("VENDING_MOCK_BUG");
  if (strcmp(drink, "tea") == 0) return bug && strcmp(bug, "1") == 0 ? 100 : 150;
  return 200;
}

static void* open_machine(const char* model, char* error, size_t error_size) {
  (void)model;
  machine* m = calloc(1, sizeof(machine));
  if (!m) strncpy(error, "out of memory", error_size);
  return m;
}

static int reset(void* self, char* error, size_t error_size) {
  (void)error;
  (void)error_size;
  machine* m = self;
  m->amount = 0;
  m->pending = 0;
  return 0;
}

static int input(void* self, const char* channel, const symseq_adapter_value* values, size_t count, char* error,
                 size_t error_size) {
  machine* m = self;
  if (count != 1) {
    strncpy(error, "one value expected", error_size);
    return -1;
  }
  if (strcmp(channel, "coin") == 0 && values[0].kind == SYMSEQ_INTEGER) {
    m->amount += values[0].integer;
    return 0;
  }
  if (strcmp(channel, "choice") == 0 && values[0].kind == SYMSEQ_TEXT) {
    m->drink = strcmp(values[0].text, "tea") == 0 ? "tea" : "coffee";
    if (m->amount < price(m->drink)) {
      m->pending = 1;
    } else {
      m->pending = 2;
      m->amount = 0;
    }
    return 0;
  }
  strncpy(error, "unknown input", error_size);
  return -1;
}

static int observe(void* self, int32_t timeout_ms, const char** channel, const symseq_adapter_value** values, size_t* count,
                   char* error, size_t error_size) {
  (void)timeout_ms;
  (void)error;
  (void)error_size;
  machine* m = self;
  if (m->pending == 0) return 0;
  m->out.kind = SYMSEQ_TEXT;
  m->out.integer = 0;
  const char* bug = getenv("VENDING_MOCK_BUG");
  m->out.text = m->pending == 1 ? "Add" : bug && strcmp(bug, "2") == 0 ? "coffee" : m->drink;
  *channel = m->pending == 1 ? "screen" : "deliver";
  *values = &m->out;
  *count = 1;
  m->pending = 0;
  return 1;
}

static void close_machine(void* self) { free(self); }

static const symseq_adapter_v1_table table = {SYMSEQ_ADAPTER_ABI_VERSION, open_machine, reset, input, observe,
                                              close_machine};

__attribute__((visibility("default"))) const symseq_adapter_v1_table* symseq_adapter_v1(void) { return &table; }
