/* A mock shared-library adapter for `symseq exec` tests: the vending machine of
 * configs/models/vending.iosts (tea 150, coffee 200) behind the C ABI of
 * adapters/include/symseq_adapter.h. Compiled in variants (tests/CMakeLists.txt):
 *   VENDING_OK       as the model allows
 *   VENDING_CRASH    raises SIGSEGV on the choice (fail, killed by signal 11)
 *   VENDING_NOENTRY  exports symseq_adapter_v2, not symseq_adapter_v1 (refused, exit 2)
 *   VENDING_BADABI   reports ABI version 99 (refused, exit 2) */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symseq_adapter.h"

typedef struct vending {
  long long money;
  int pending; /* 0 none, 1 screen(Add), 2 deliver(tea), 3 deliver(coffee) */
  symseq_adapter_value out;
} vending;

static void* vending_open(const char* model, char* error, size_t error_size) {
  if (strcmp(model, "vending") != 0) {
    snprintf(error, error_size, "this adapter drives the model vending, not %s", model);
    return NULL;
  }
  return calloc(1, sizeof(vending));
}

static int vending_reset(void* self, char* error, size_t error_size) {
  (void)error;
  (void)error_size;
  vending* v = self;
  v->money = 0;
  v->pending = 0;
  return 0;
}

static int vending_input(void* self, const char* channel, const symseq_adapter_value* values, size_t count, char* error,
                         size_t error_size) {
  vending* v = self;
  if (count != 1) {
    snprintf(error, error_size, "%s takes one value", channel);
    return -1;
  }
  if (strcmp(channel, "coin") == 0 && values[0].kind == SYMSEQ_INTEGER) {
    v->money += values[0].integer;
    return 0;
  }
  if (strcmp(channel, "choice") == 0 && values[0].kind == SYMSEQ_TEXT) {
    const int coffee = strcmp(values[0].text, "coffee") == 0;
#ifdef VENDING_CRASH
    raise(SIGSEGV);
#endif
    const long long price = coffee ? 200 : 150;
    if (v->money < price) {
      v->pending = 1;
    } else {
      v->pending = coffee ? 3 : 2;
      v->money = 0;
    }
    return 0;
  }
  snprintf(error, error_size, "unknown input %s", channel);
  return -1;
}

static int vending_observe(void* self, int32_t timeout_ms, const char** channel, const symseq_adapter_value** values,
                           size_t* count, char* error, size_t error_size) {
  (void)timeout_ms;
  (void)error;
  (void)error_size;
  vending* v = self;
  if (v->pending == 0) return 0;
  v->out.kind = SYMSEQ_TEXT;
  v->out.integer = 0;
  v->out.text = v->pending == 1 ? "Add" : v->pending == 2 ? "tea" : "coffee";
  *channel = v->pending == 1 ? "screen" : "deliver";
  *values = &v->out;
  *count = 1;
  v->pending = 0;
  return 1;
}

static void vending_close(void* self) { free(self); }

#ifdef VENDING_NOENTRY
/* The entry point misnamed: symseq must refuse the library. */
const symseq_adapter_v1_table* symseq_adapter_v2(void);
const symseq_adapter_v1_table* symseq_adapter_v2(void) {
#else
const symseq_adapter_v1_table* symseq_adapter_v1(void) {
#endif
  static const symseq_adapter_v1_table table = {
#ifdef VENDING_BADABI
      99u,
#else
      SYMSEQ_ADAPTER_ABI_VERSION,
#endif
      vending_open, vending_reset, vending_input, vending_observe, vending_close};
  return &table;
}
