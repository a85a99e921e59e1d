/* The shared-library adapter of the vending machine (docs/adapters.md, C ABI version 1): the
 * machine's logic (machine.c) linked in, driven through symseq_adapter_v1's table. Built twice,
 * as libvending-adapter.so and, with -DPLANTED_BUG, libvending-adapter-buggy.so.
 *
 * The machine answers every input at once, so its outputs wait in a queue and `observe` answers
 * quiescence as soon as the queue is empty, without waiting out the timeout. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"
#include "symseq_adapter.h"

#define MODEL_NAME "vending_machine"
#define QUEUE_SIZE 16

typedef struct session {
  vending_machine vm;
  vm_output queue[QUEUE_SIZE]; /* outputs not yet observed, oldest first */
  size_t queued;
  symseq_adapter_value values[2]; /* the last observed output's values (valid until the next call) */
} session;

static int fail(char* error, size_t error_size, const char* message) {
  if (error != NULL && error_size > 0) snprintf(error, error_size, "%s", message);
  return -1;
}

static void* vending_open(const char* model, char* error, size_t error_size) {
  if (model == NULL || strcmp(model, MODEL_NAME) != 0) {
    char message[256];
    snprintf(message, sizeof message, "this adapter drives the model '%s', not '%s'", MODEL_NAME,
             model == NULL ? "(none)" : model);
    fail(error, error_size, message);
    return NULL;
  }
  session* s = calloc(1, sizeof *s);
  if (s == NULL) {
    fail(error, error_size, "out of memory");
    return NULL;
  }
  vm_reset(&s->vm);
  return s;
}

static int vending_reset(void* self, char* error, size_t error_size) {
  (void)error;
  (void)error_size;
  session* s = self;
  vm_reset(&s->vm);
  s->queued = 0;
  return 0;
}

static int vending_input(void* self, const char* channel, const symseq_adapter_value* values, size_t count, char* error,
                         size_t error_size) {
  session* s = self;
  char message[256];
  if (s->queued == QUEUE_SIZE) return fail(error, error_size, "more than 16 outputs not observed");
  vm_output out;
  int produced = 0;
  if (strcmp(channel, "coin") == 0) {
    if (count != 1 || values[0].kind != SYMSEQ_INTEGER)
      return fail(error, error_size, "coin takes one integer within 64 bits");
    produced = vm_coin(&s->vm, values[0].integer, &out);
  } else if (strcmp(channel, "choice") == 0) {
    if (count != 1 || values[0].kind != SYMSEQ_TEXT || values[0].text == NULL)
      return fail(error, error_size, "choice takes one drink (an enumeration literal)");
    const int drink = vm_drink_parse(values[0].text);
    if (drink < 0) {
      snprintf(message, sizeof message, "no drink named '%s' (tea, coffee, chocolate)", values[0].text);
      return fail(error, error_size, message);
    }
    produced = vm_choice(&s->vm, (vm_drink)drink, &out);
  } else {
    snprintf(message, sizeof message, "no input channel '%s' (coin, choice)", channel);
    return fail(error, error_size, message);
  }
  if (produced > 0) s->queue[s->queued++] = out;
  return 0;
}

static int vending_observe(void* self, int32_t timeout_ms, const char** channel, const symseq_adapter_value** values,
                           size_t* count, char* error, size_t error_size) {
  (void)timeout_ms; /* nothing arrives later: an empty queue is quiescence at once */
  (void)error;
  (void)error_size;
  session* s = self;
  if (s->queued == 0) return 0;
  const vm_output out = s->queue[0];
  memmove(&s->queue[0], &s->queue[1], (s->queued - 1) * sizeof s->queue[0]);
  --s->queued;
  s->values[0].kind = SYMSEQ_TEXT;
  s->values[0].integer = 0;
  s->values[1].kind = SYMSEQ_INTEGER;
  s->values[1].text = NULL;
  s->values[1].integer = out.amount;
  if (out.kind == VM_SCREEN) {
    *channel = "screen";
    s->values[0].text = vm_message_name((int)out.message);
  } else {
    *channel = "deliver";
    s->values[0].text = vm_drink_name((int)out.drink);
  }
  *values = s->values;
  *count = 2;
  return 1;
}

static void vending_close(void* self) { free(self); }

static const symseq_adapter_v1_table table = {
    .abi = SYMSEQ_ADAPTER_ABI_VERSION,
    .open = vending_open,
    .reset = vending_reset,
    .input = vending_input,
    .observe = vending_observe,
    .close = vending_close,
};

/* The library's one exported symbol (the others are hidden: C_VISIBILITY_PRESET). */
__attribute__((visibility("default"))) const symseq_adapter_v1_table* symseq_adapter_v1(void) { return &table; }
