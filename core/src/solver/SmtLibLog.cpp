#include "symseq/solver/SmtLibLog.h"

#include <sstream>

#include "symseq/expr/Printer.h"

namespace symseq {

SmtLibLog::SmtLibLog(PluginPtr<Solver> inner, std::ostream& out) : SolverLayer(std::move(inner)), out_(out) {
  out_ << "; symseq solver log: " << this->inner().name() << " " << this->inner().version() << "\n";
  // Global declarations, so a symbol declared inside a scope is still declared after its pop,
  // as it is for the kernel.
  out_ << "(set-option :global-declarations true)\n(set-option :produce-models true)\n"
          "(set-option :produce-unsat-assumptions true)\n(set-logic ALL)\n";
}

// toSmtLibScript declares exactly what its assertions use, with the printer's quoting; take
// its declaration lines and write the ones not written before.
void SmtLibLog::declare(std::span<const Expr> terms) {
  std::istringstream script(toSmtLibScript(terms));
  for (std::string line; std::getline(script, line);)
    if (line.rfind("(declare-", 0) == 0 && declared_.insert(line).second) out_ << line << "\n";
}

void SmtLibLog::push() {
  inner().push();
  out_ << "(push 1)\n";
}

void SmtLibLog::pop(unsigned levels) {
  inner().pop(levels);  // first: a refused pop is not logged
  out_ << "(pop " << levels << ")\n";
}

void SmtLibLog::add(Expr assertion) {
  inner().add(assertion);  // first: it checks ownership and sort before anything is printed
  declare(std::span(&assertion, 1));
  out_ << "(assert " << toSmtLib(assertion) << ")\n";
}

CheckResult SmtLibLog::check(std::span<const Expr> assumptions) {
  if (assumptions.empty()) {
    out_ << "(check-sat)\n";
  } else {
    declare(assumptions);
    out_ << "(check-sat-assuming (";
    for (std::size_t i = 0; i < assumptions.size(); ++i) out_ << (i ? " " : "") << toSmtLib(assumptions[i]);
    out_ << "))\n";
  }
  out_.flush();  // a crash or hang inside the solver still leaves the query in the log
  const CheckResult r = inner().check(assumptions);
  out_ << "; " << toString(r);
  if (r == CheckResult::Unknown) out_ << " (" << inner().reasonUnknown() << ")";
  out_ << "\n";
  return r;
}

}  // namespace symseq
