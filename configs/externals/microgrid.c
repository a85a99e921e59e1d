/* Reference implementations of the Microgrid example's external functions INTGR and RISE
 * (configs/models/microgrid.iosts), in the C convention of core/include/symseq/external.h.
 *
 * The paper (iosts-function-summaries.md, section 2.2) gives no code, only rows of their tables
 * (Tables 1 and 3); these functions are our own, chosen to agree with every one of those rows,
 * so that tests built from the paper's tables replay with the real functions:
 *   INTGR([m1, m2]) = floor((43 * m1 + 40 * m2) / 40): the energy of two measurement periods,
 *                     the first meter read with a +7.5 % calibration, in whole units;
 *   RISE(I)         = 0.7 + u * (0.78 + u) with u = (I - 202) / 100, rounded to cents: the
 *                     price rate, growing with the consumption above the 202 of Table 1.
 * Neither is linear, and the solver never sees them: only their tables. A meter never reports a
 * negative energy, so negative measurements are an error (code 1), as is a negative consumption. */
#include <math.h>
#include <stdint.h>

#include "symseq/external.h"

static int64_t floorDiv(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

int INTGR(const symseq_value* args, uint32_t nargs, symseq_value* result) {
  if (nargs != 2 || args[0].i < 0 || args[1].i < 0) return 1;
  if (args[0].i > INT64_MAX / 64 || args[1].i > INT64_MAX / 64) return 2; /* would overflow */
  result->i = floorDiv(43 * args[0].i + 40 * args[1].i, 40);
  return 0;
}

int RISE(const symseq_value* args, uint32_t nargs, symseq_value* result) {
  if (nargs != 1 || args[0].i < 0) return 1;
  const double u = ((double)args[0].i - 202.0) / 100.0;
  result->r = round((0.7 + u * (0.78 + u)) * 100.0) / 100.0;
  return 0;
}
