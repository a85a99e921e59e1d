#include "symseq/summary/FunctionTable.h"

#include "symseq/support/Error.h"

namespace symseq {

const Value* FunctionTable::lookup(std::span<const Value> args) const {
  const auto it = byArgs_.find(std::vector<Value>(args.begin(), args.end()));
  return it == byArgs_.end() ? nullptr : &rows_[it->second].result;
}

bool FunctionTable::add(TableRow row) {
  const auto& params = function_->params();
  if (row.args.size() != params.size())
    throw SortError(function_->name() + " takes " + std::to_string(params.size()) + " arguments, the row has " +
                    std::to_string(row.args.size()));
  for (std::size_t i = 0; i < params.size(); ++i)
    if (row.args[i].sort() != params[i])
      throw SortError("argument " + std::to_string(i + 1) + " of " + function_->name() + " is " +
                      params[i].toString() + ", the row has " + row.args[i].sort().toString());
  if (row.result.sort() != function_->result())
    throw SortError(function_->name() + " returns " + function_->result().toString() + ", the row has " +
                    row.result.sort().toString());
  if (byArgs_.contains(row.args)) return false;
  byArgs_.emplace(row.args, rows_.size());
  rows_.push_back(std::move(row));
  return true;
}

std::string callText(const std::string& function, std::span<const Value> args) {
  std::string text = function + "(";
  for (std::size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i].toString();
  return text + ")";
}

FunctionTable& FunctionTables::table(const FunctionDecl& f) {
  return tables_.try_emplace(f.id(), f).first->second;
}

const FunctionTable* FunctionTables::find(const FunctionDecl& f) const {
  const auto it = tables_.find(f.id());
  return it == tables_.end() ? nullptr : &it->second;
}

std::size_t FunctionTables::totalRows() const {
  std::size_t n = 0;
  for (const auto& [id, t] : tables_) n += t.size();
  return n;
}

}  // namespace symseq
