#pragma once
// Function tables (iosts-function-summaries.md, Notation 31): concrete input/output rows of an
// external function, the only knowledge the solver gets of it. Rows keep their insertion order
// (the order they were read, then the order SolveTab added them), so outputs are deterministic.
#include <map>
#include <span>
#include <string>
#include <vector>

#include "symseq/expr/FunctionDecl.h"
#include "symseq/expr/Value.h"

#pragma GCC visibility push(default)

namespace symseq {

struct TableRow {
  std::vector<Value> args;
  Value result;
};

class FunctionTable {
 public:
  explicit FunctionTable(const FunctionDecl& function) : function_(&function) {}

  [[nodiscard]] const FunctionDecl& function() const { return *function_; }
  [[nodiscard]] const std::vector<TableRow>& rows() const { return rows_; }
  [[nodiscard]] std::size_t size() const { return rows_.size(); }

  // The result recorded for `args`, or null.
  [[nodiscard]] const Value* lookup(std::span<const Value> args) const;
  // Adds a row; false (and no change) when a row with the same inputs exists. Throws SortError
  // when the arity or a sort does not match the function's signature.
  bool add(TableRow row);

 private:
  const FunctionDecl* function_;
  std::vector<TableRow> rows_;
  std::map<std::vector<Value>, std::size_t> byArgs_;
};

// "F(1, 2.5)": a call with concrete arguments, for messages.
[[nodiscard]] std::string callText(const std::string& function, std::span<const Value> args);

// The tables of a model's external functions, by declaration id (deterministic order).
class FunctionTables {
 public:
  FunctionTable& table(const FunctionDecl& f);  // created empty on first use
  [[nodiscard]] const FunctionTable* find(const FunctionDecl& f) const;
  [[nodiscard]] const std::map<std::uint32_t, FunctionTable>& all() const { return tables_; }
  [[nodiscard]] std::size_t totalRows() const;

 private:
  std::map<std::uint32_t, FunctionTable> tables_;
};

}  // namespace symseq

#pragma GCC visibility pop
