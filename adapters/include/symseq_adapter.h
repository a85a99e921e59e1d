/* symseq adapter C ABI, version 1 (docs/adapters.md).
 *
 * A shared-library adapter exports one function, symseq_adapter_v1, returning a table of functions.
 * symseq loads the library in a child process of its own and calls the table from one thread.
 * Every function returns 0 on success; on failure it returns -1 and writes a NUL-terminated
 * message of at most `error_size` bytes (including the NUL) into `error`.
 * Pointers handed to symseq (observe's channel and values) stay valid until the next call on the
 * same adapter. */
#ifndef SYMSEQ_ADAPTER_H
#define SYMSEQ_ADAPTER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SYMSEQ_ADAPTER_ABI_VERSION 1u

typedef enum symseq_adapter_value_kind {
  SYMSEQ_BOOL = 0,    /* `integer` is 0 or 1 */
  SYMSEQ_INTEGER = 1, /* `integer` holds it (int and bit-vector sorts within 64 bits) */
  SYMSEQ_TEXT = 2     /* `text`: an enumeration literal's name, a decimal ("1.25", "7/3") or an
                         integer beyond 64 bits, in decimal */
} symseq_adapter_value_kind;

typedef struct symseq_adapter_value {
  symseq_adapter_value_kind kind;
  int64_t integer;
  const char* text; /* NULL unless kind == SYMSEQ_TEXT */
} symseq_adapter_value;

typedef struct symseq_adapter_v1_table {
  uint32_t abi; /* SYMSEQ_ADAPTER_ABI_VERSION */
  /* A session for the named model; NULL on failure (message in `error`). */
  void* (*open)(const char* model, char* error, size_t error_size);
  /* Bring the system under test to its initial state. */
  int (*reset)(void* self, char* error, size_t error_size);
  /* Send one input: `count` values in the channel's parameter order. */
  int (*input)(void* self, const char* channel, const symseq_adapter_value* values, size_t count, char* error,
               size_t error_size);
  /* The next output within `timeout_ms`: returns 1 and sets *channel, *values, *count; returns 0 for
   * quiescence (nothing within the timeout); -1 on failure. */
  int (*observe)(void* self, int32_t timeout_ms, const char** channel, const symseq_adapter_value** values,
                 size_t* count, char* error, size_t error_size);
  void (*close)(void* self);
} symseq_adapter_v1_table;

/* The one symbol symseq looks up. */
const symseq_adapter_v1_table* symseq_adapter_v1(void);

#ifdef __cplusplus
}
#endif

#endif /* SYMSEQ_ADAPTER_H */
