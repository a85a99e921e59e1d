/* An implementation of the vending machine's program Price (configs/models/vending.iosts), in the
 * C convention of core/include/symseq/external.h, with a planted bug: coffee costs 350, which the
 * contract C_r (behaviour coffee: 200 <= \result <= 300) does not allow. configs/vending-impl.toml
 * names it in [externals.symbols]; the run reports the violation as a finding about the
 * implementation, while the tests keep the results they assume (docs/contracts.md). */
#include <stdint.h>

#include "symseq/external.h"

int Price(const symseq_value* args, uint32_t nargs, symseq_value* result) {
  if (nargs != 1 || args[0].i < 0 || args[0].i > 1) return 1; /* a drink: 0 tea, 1 coffee */
  result->i = args[0].i == 0 ? 150 : 350;
  return 0;
}
