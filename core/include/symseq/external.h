/* The C calling convention of external functions (docs/models/iosts.md, "External functions").
 *
 * A model's external function `F(int, real, bool) : real` is implemented in a shared library as
 *
 *   int F(const symseq_value* args, uint32_t nargs, symseq_value* result);
 *
 * exported with C linkage under the function's name (or the symbol the run file gives). Each
 * argument and the result use the member of their sort: Int -> `i` (int64_t), Real -> `r`
 * (double), Bool -> `b` (0 or 1). Array parameters arrive flattened, one value per cell.
 * Return 0 on success; any other value is an error code: the call is reported with the
 * function's name and inputs, and no table row is added.
 * Real results are read as the shortest decimal that rounds to the double (0.97, not
 * 0.9699999999999999734); return values rounded to the precision the model means. */
#ifndef SYMSEQ_EXTERNAL_H
#define SYMSEQ_EXTERNAL_H

#include <stdint.h>

#pragma GCC visibility push(default)

#ifdef __cplusplus
extern "C" {
#endif

typedef union symseq_value {
  int64_t i;
  double r;
  int32_t b;
} symseq_value;

typedef int (*symseq_external_fn)(const symseq_value* args, uint32_t nargs, symseq_value* result);

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif
