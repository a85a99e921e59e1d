#pragma once
// Function tables as CSV files: one row per line, the arguments then the result, separated by
// commas; `#` starts a comment line; blank lines are skipped. Values use the expression syntax
// (42, -3, 2.5, real(1, 3), true). See docs/models/iosts.md.
#include <filesystem>
#include <functional>
#include <string>

#include "symseq/summary/FunctionTable.h"
#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

// Checks one row where it was read (e.g. against the real function); throws to refuse it.
using TableRowCheck = std::function<void(const TableRow& row, const SourceLocation& where)>;

// Reads rows into `table`; throws ParseError at file:line:col for a row of the wrong arity or a
// value of the wrong sort. A row whose inputs repeat an earlier row's with another result is an
// error too (a function has one result per input). `check`, when given, sees every row.
void readTableCsv(const std::filesystem::path& file, FunctionTable& table, const TableRowCheck& check = {});

// The table as CSV text, with a comment header naming the function and its signature.
[[nodiscard]] std::string tableCsv(const FunctionTable& table);

}  // namespace symseq

#pragma GCC visibility pop
