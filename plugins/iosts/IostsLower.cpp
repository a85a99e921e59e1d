#include "IostsLower.h"

#include <map>
#include <set>

#include "IostsContracts.h"
#include "IostsDecls.h"
#include "IostsScanner.h"
#include "symseq/exec/Substitute.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::iosts {

namespace {

// One cell written by a reception or an assignment: `cell := value`, or for a non-literal index
// `cell := ite(when, value, cell)`. `when` and `value` read the store before the write's group.
struct Write {
  Expr cell;
  std::optional<Expr> when;
  Expr value;
  // A Local made for this group (a program call's result, docs/models/iosts.md): the later
  // writes read its new value, so it is not saved like the variables the group changes.
  bool fresh = false;
};

std::string sortMismatchHint(Sort from, Sort to) {
  return from.isInt() && to.isReal() ? "convert it with to_real(...)" : "write a term of sort " + to.toString();
}

class TransitionLowering {
 public:
  TransitionLowering(const Model& m, TransitionSystem& system, Declarations& d)
      : m_(m), system_(system), ctx_(system.context()), d_(d) {}

  void run() {
    for (const TransitionDecl& t : m_.transitions) system_.transitions.push_back(lower(t));
    for (const Name& target : m_.targets) system_.declaredTargets.push_back(*system_.findTransition(target.text));
  }

 private:
  Expr parse(const ExprText& e, CallPlace place) {
    const Expr value = parseTerm(ctx_, e, d_.scope);
    checkProgramCalls(value, e, d_.scope, place);
    return value;
  }

  Transition lower(const TransitionDecl& t) {
    Transition tr{t.name.text, static_cast<LocationId>(t.source), static_cast<LocationId>(t.target),
                  ctx_.boolVal(true), {}, {}, t.name.where};
    if (t.guard) {
      tr.guard = parse(*t.guard, CallPlace::Guard);
      if (!tr.guard.sort().isBool())
        throw SortError("the guard of transition '" + t.name.text + "' has sort " + tr.guard.sort().toString() +
                            ", expected bool",
                        t.guard->where, "compare it with something, e.g. [" + t.guard->text + " > 0]");
    }
    const ActionText& a = t.action;
    std::vector<Write> reception;
    if (a.type == ActionType::Receive) {
      tr.action = {ActionKind::Input, static_cast<std::uint32_t>(a.channelIndex), d_.channelInputs[a.channelIndex]};
      reception = receive(t, tr);
    } else if (a.type == ActionType::Emit) {
      tr.action = {ActionKind::Output, static_cast<std::uint32_t>(a.channelIndex), emit(a)};
    }
    emitGroup(reception, tr);
    emitGroup(assignments(t), tr);
    return tr;
  }

  // The received values go into their attributes; enum-sorted ones are constrained to the enum.
  std::vector<Write> receive(const TransitionDecl& t, Transition& tr) {
    const ActionText& a = t.action;
    const ChannelDecl& c = m_.channels[a.channelIndex];
    std::vector<Expr> guard;  // the declared guard, unless it is the default true
    if (!(tr.guard == ctx_.boolVal(true))) guard.push_back(tr.guard);
    std::vector<Write> writes;
    WrittenCells written;
    for (std::size_t i = 0; i < a.receivers.size(); ++i) {
      const Expr input = d_.channelInputs[a.channelIndex][i];
      const ResolvedSort& param = d_.channelParams[a.channelIndex][i];
      const LValue& into = a.receivers[i];
      const ResolvedSort& attr = attribute(into);
      if (attr.sort != param.sort || attr.enumSize != param.enumSize)
        throw SortError("channel '" + c.name.text + "' parameter '" + c.params[i].name.text + "' has sort " +
                            param.text + ", '" + into.name.text + "' has sort " + attr.text,
                        into.name.where, "receive into an attribute of the parameter's sort");
      cellWrites(into, input, written, "received into", writes);
      if (param.enumSize) {
        guard.push_back(ctx_.make(Op::Le, {ctx_.intVal(0), input}));
        guard.push_back(ctx_.make(Op::Lt, {input, ctx_.intVal(static_cast<long>(*param.enumSize))}));
      }
    }
    tr.guard = ctx_.mkAnd(guard);
    return writes;
  }

  std::vector<Expr> emit(const ActionText& a) {
    const ChannelDecl& c = m_.channels[a.channelIndex];
    std::vector<Expr> terms;
    for (std::size_t i = 0; i < a.emitted.size(); ++i) {
      const Expr term = parse(a.emitted[i], CallPlace::Emitted);
      const Sort want = d_.channelParams[a.channelIndex][i].sort;
      if (term.sort() != want)
        throw SortError("channel '" + c.name.text + "' parameter '" + c.params[i].name.text + "' has sort " +
                            d_.channelParams[a.channelIndex][i].text + ", the emitted term has sort " +
                            term.sort().toString(),
                        a.emitted[i].where, sortMismatchHint(term.sort(), want));
      terms.push_back(term);
    }
    return terms;
  }

  // The assignments' writes. A program call assigned to a cell with a non-literal index becomes
  // the value of a Local `TRANSITION.call.K` (K: the assignment's number, from 1), written just
  // before the cells, so that the call stays the whole value of an update and the calls keep
  // their written order (docs/models/iosts.md).
  std::vector<Write> assignments(const TransitionDecl& t) {
    std::vector<Write> writes;
    WrittenCells written;
    for (std::size_t k = 0; k < t.assignments.size(); ++k) {
      const Assignment& as = t.assignments[k];
      const ResolvedSort& attr = attribute(as.target);
      Expr value = parse(as.value, CallPlace::AssignedValue);
      if (value.sort() != attr.sort)
        throw SortError("cannot assign a value of sort " + value.sort().toString() + " to '" + as.target.name.text +
                            "' of sort " + attr.text,
                        as.value.where, sortMismatchHint(value.sort(), attr.sort));
      if (as.target.index && value.op() == Op::Apply && value.function().kind() == FunctionKind::Program &&
          !parse(*as.target.index, CallPlace::Index).isConst()) {
        const Expr result = ctx_.var(t.name.text + ".call." + std::to_string(k + 1), value.sort());
        system_.variables.push_back({result, VariableRole::Local, std::nullopt, as.where});
        writes.push_back({result, std::nullopt, value, true});
        value = result;
      }
      cellWrites(as.target, value, written, "assigned", writes);
    }
    return writes;
  }

  // The declared attribute an lvalue names, checked against its use with or without an index.
  const ResolvedSort& attribute(const LValue& l) {
    const auto it = d_.attributes.find(l.name.text);
    if (it == d_.attributes.end()) {
      const std::string& n = l.name.text;
      if (d_.scope.isFrozen(n))
        Scanner::failAt(l.name.where, "frozen variable '" + n + "' cannot be written",
                        "a frozen variable keeps one value on every path; constrain it with axioms");
      if (d_.scope.isLiteral(n))
        Scanner::failAt(l.name.where, "'" + n + "' is an enum literal, not an attribute",
                        "only attributes (var) can be assigned or received into");
      Scanner::failAt(l.name.where, "unknown attribute '" + n + "'" + didYouMean(n, d_.scope.attributeNames()),
                      "declare it with 'var " + n + " : int' (or another sort)");
    }
    if (it->second.cells && !l.index)
      Scanner::failAt(l.name.where, "'" + l.name.text + "' is an array; write one cell at a time",
                      "index it, as in " + l.name.text + "[0]");
    if (!it->second.cells && l.index)
      Scanner::failAt(l.name.where, "'" + l.name.text + "' is not an array, so it cannot be indexed");
    return it->second;
  }

  // Literal cells written so far in one group, for "written twice".
  using WrittenCells = std::map<std::uint32_t, SourceLocation>;

  void cellWrites(const LValue& l, Expr value, WrittenCells& written, const std::string& verb,
                  std::vector<Write>& out) {
    if (!l.index) {
      const Expr var = *d_.scope.lookupVariable(l.name.text);
      claim(written, var, l.name.where, l.name.text, verb);
      out.push_back({var, std::nullopt, value});
      return;
    }
    const std::vector<Expr>& cells = *d_.scope.lookupArray(l.name.text);
    const Expr index = parse(*l.index, CallPlace::Index);
    if (!index.sort().isInt())
      throw SortError("the index of array '" + l.name.text + "' has sort " + index.sort().toString() +
                          ", expected int",
                      l.index->where);
    if (index.isConst()) {
      const BigInt& k = index.value().asInt();
      if (k < 0 || k >= cells.size())
        Scanner::failAt(l.index->where,
                        "index " + k.str() + " is out of range for array '" + l.name.text + "' of " +
                            std::to_string(cells.size()) + " cells",
                        "valid indices are 0 to " + std::to_string(cells.size() - 1));
      const Expr cell = cells[static_cast<std::size_t>(k)];
      claim(written, cell, l.name.where, std::string(cell.name()), verb);
      out.push_back({cell, std::nullopt, value});
      return;
    }
    // An index outside the array writes no cell.
    for (std::size_t k = 0; k < cells.size(); ++k)
      out.push_back({cells[k], ctx_.mkEq(index, ctx_.intVal(static_cast<long>(k))), value});
  }

  static void claim(WrittenCells& written, Expr cell, const SourceLocation& where, const std::string& name,
                    const std::string& verb) {
    const auto [first, fresh] = written.emplace(cell.id(), where);
    if (!fresh)
      Scanner::failAt(where, "'" + name + "' is " + verb + " twice (first at " + first->second.toString() + ")",
                      "the writes of one transition happen at once; keep one");
  }

  // Emits one group of simultaneous writes as sequential updates: every write's `when` and
  // `value` must see the store before the group, so a variable that an earlier write changes and
  // a later one reads is saved in a Local first (x := y; y := x saves x).
  void emitGroup(const std::vector<Write>& group, Transition& tr) {
    std::set<std::uint32_t> written;
    std::set<Expr, ExprIdLess> toSave;
    for (const Write& w : group) {
      std::set<Expr, ExprIdLess> reads = variablesOf(w.value);
      if (w.when) reads.merge(variablesOf(*w.when));
      for (Expr v : reads)
        if (written.count(v.id()) != 0) toSave.insert(v);
      if (!w.fresh) written.insert(w.cell.id());
    }
    Substitution saved;
    for (Expr v : toSave) {
      const Expr old = ctx_.var(tr.name + ".pre." + std::string(v.name()), v.sort());
      system_.variables.push_back({old, VariableRole::Local, std::nullopt, tr.where});
      tr.updates.push_back({old, v});
      saved.emplace(v, old);
    }
    for (const Write& w : group) {
      const Expr value = saved.empty() ? w.value : substitute(ctx_, w.value, saved);
      if (!w.when) {
        tr.updates.push_back({w.cell, value});
        continue;
      }
      const Expr when = saved.empty() ? *w.when : substitute(ctx_, *w.when, saved);
      tr.updates.push_back({w.cell, ctx_.mkIte(when, value, w.cell)});
    }
  }

  const Model& m_;
  TransitionSystem& system_;
  ExprContext& ctx_;
  Declarations& d_;
};

}  // namespace

TransitionSystem lowerModel(const Model& model, ExprContext& ctx, const std::string& defaultName) {
  TransitionSystem system(ctx);
  system.name = model.name ? model.name->text : defaultName;
  Declarations d = lowerDeclarations(model, system);
  lowerContracts(model, system, d);
  TransitionLowering(model, system, d).run();
  system.validate();  // a safety net: the rules above should leave nothing for it to find
  return system;
}

}  // namespace symseq::iosts
