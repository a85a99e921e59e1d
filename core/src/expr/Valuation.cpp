#include "symseq/expr/Valuation.h"

#include "symseq/support/Error.h"

namespace symseq {

void Valuation::set(Expr var, Value value) {
  if (!var.isVar()) throw SortError("a valuation assigns variables only");
  if (value.sort() != var.sort())
    throw SortError("variable '" + std::string(var.name()) + "' has sort " + var.sort().toString() +
                    ", cannot take the " + value.sort().toString() + " value " + value.toString());
  values_.insert_or_assign(var, std::move(value));
}

const Value* Valuation::find(Expr var) const {
  auto it = values_.find(var);
  return it == values_.end() ? nullptr : &it->second;
}

void FunctionInterpretations::set(const FunctionDecl& f, ExternalFunction impl) {
  byId_.insert_or_assign(f.id(), std::move(impl));
}

const ExternalFunction* FunctionInterpretations::find(const FunctionDecl& f) const {
  auto it = byId_.find(f.id());
  return it == byId_.end() ? nullptr : &it->second;
}

}  // namespace symseq
