#pragma once
// Reads a .sync file (docs/models/sync.md) into a statechart::Chart, then validates it. The
// reader checks syntax, names (declarations, states, automata, transitions; did-you-mean),
// initial states, inter-level transitions, effects (no emitted input, no assigned parameter) and
// sorts; SyncValidate the rest: transition kinds against macro-states, joins, commands and the
// causality order of the observers (which it sorts). Every error is a ParseError at
// file:line:col with a hint. Internal to the plugin (the unit tests reach it through the
// plugin's `symseq_sync_read_chart` alias).
#include <string>
#include <string_view>

#include "symseq/expr/ExprContext.h"
#include "symseq/statechart/Chart.h"

namespace symseq::sync {

// `file` names the file in error locations. Variables of the declarations are made in `ctx`.
[[nodiscard]] statechart::Chart readChart(std::string_view text, const std::string& file, ExprContext& ctx);

// Checks what needs the whole chart, and puts the observers in causality order.
void validateChart(statechart::Chart& chart);

}  // namespace symseq::sync
