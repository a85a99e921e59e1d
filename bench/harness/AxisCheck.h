#pragma once
// Axis values checked before any cell runs: each one, applied alone to each run file that loads
// by itself, must give a valid run (`symseq run RUN --set ... --check`, against the plugins the
// cells get). A misspelt key or value is then one error at its place in the matrix, not a
// results file full of `error` cells. A run file that does not load by itself is left to its
// cells, which record the error (a bench goes on past a broken run).
#include "harness/Matrix.h"
#include "harness/Symseq.h"

namespace symseq::bench {

// Throws ConfigError at the axis value's file:line:col with the run's message and hint.
void checkAxes(const Matrix& matrix, const SymseqCommand& symseq);

}  // namespace symseq::bench
