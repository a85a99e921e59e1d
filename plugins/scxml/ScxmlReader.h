#pragma once
// Reads a W3C SCXML document (the subset of docs/models/scxml.md) into the statechart library's
// Chart, with SCXML's priorities (Priority::InnerFirst; transitions of one state in document
// order). Throws ParseError at the file's line:col for malformed XML, an element or attribute
// outside the subset (named, with a hint), an unknown or non-sibling target, or a bad expression.
#include <string>
#include <string_view>

#include "symseq/expr/ExprContext.h"
#include "symseq/statechart/Chart.h"

namespace symseq::scxml {

// `file` names the document in locations; `fallbackName` names the chart when <scxml> has no
// `name` attribute (the file's stem).
[[nodiscard]] statechart::Chart readChart(std::string_view text, const std::string& file,
                                          const std::string& fallbackName, ExprContext& ctx);

// The same, as the plugin exports it for the reader's unit tests (alias `symseq_scxml_read_chart`):
// the tests see the Chart before flattening without linking pugixml.
using ReadChartFunction = statechart::Chart(std::string_view, const std::string&, const std::string&, ExprContext&);

}  // namespace symseq::scxml
