#include "symseq/expr/ExprContext.h"

#include <algorithm>
#include <cstring>

#include "Syntax.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace {

// splitmix64 finaliser: cheap and well mixed; deterministic across runs and machines.
constexpr std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
constexpr std::uint64_t combine(std::uint64_t seed, std::uint64_t v) { return mix(seed ^ (v + 0x632be59bd9b4e019ULL)); }

std::uint64_t hashString(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a, then mixed
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
  return mix(h);
}

std::uint64_t hashBigInt(const BigInt& i) {
  if (i >= std::numeric_limits<std::int64_t>::min() && i <= std::numeric_limits<std::int64_t>::max())
    return mix(static_cast<std::uint64_t>(static_cast<std::int64_t>(i)));
  return hashString(i.str());
}

std::uint64_t hashValue(const Value& v) {
  switch (v.sort().kind()) {
    case SortKind::Bool: return mix(v.asBool() ? 1 : 2);
    case SortKind::Int: return hashBigInt(v.asInt());
    case SortKind::Real:
      return combine(hashBigInt(boost::multiprecision::numerator(v.asReal())),
                     hashBigInt(boost::multiprecision::denominator(v.asReal())));
    case SortKind::BitVec: return hashBigInt(v.bits());
  }
  return 0;
}

std::uint64_t hashSort(Sort s) { return (static_cast<std::uint64_t>(s.kind()) << 32) | s.width(); }

// How the user writes the operator, for sort errors: the parser's own spelling.
std::string_view symbol(Op op) {
  if (const auto infix = syntax::infixOf(op)) return infix->text;
  if (const auto builtin = syntax::builtinName(op); !builtin.empty()) return builtin;
  switch (op) {
    case Op::Not: return "!";
    case Op::Ite: return "?:";
    case Op::Neg: return "unary -";
    case Op::BvNot: return "~";
    default: return opName(op);
  }
}

std::string sortList(std::span<const Expr> args) {
  std::string s;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (i) s += i + 1 == args.size() ? " and " : ", ";
    s += args[i].sort().toString();
  }
  return s;
}

[[noreturn]] void sortError(Op op, std::string expectation, std::span<const Expr> args) {
  throw SortError("operator '" + std::string(symbol(op)) + "' " + expectation + ", got " +
                  (args.empty() ? std::string("no operands") : sortList(args)));
}

}  // namespace

bool ExprContext::NodeEq::operator()(const ExprNode* a, const ExprNode* b) const noexcept {
  if (a->hash != b->hash || a->op != b->op || a->sort != b->sort) return false;
  switch (a->op) {
    case Op::Const: return *a->value == *b->value;
    case Op::Var: return a->name == b->name;
    case Op::Apply:
      if (a->function != b->function) return false;
      break;
    default: break;
  }
  return std::equal(a->children.begin(), a->children.end(), b->children.begin(), b->children.end());
}

ExprContext::ExprContext() = default;
ExprContext::~ExprContext() = default;

void ExprContext::growSlots() {
  slots_.assign(std::max<std::size_t>(1024, 2 * slots_.size()), Slot{});
  const std::size_t mask = slots_.size() - 1;
  // In creation order: the nodes sit in the arena in that order, so this reads memory
  // sequentially instead of chasing one node per old slot.
  for (std::size_t id = 0; id < nodes_.size(); ++id) {
    const std::uint64_t hash = nodes_[id]->hash;
    std::size_t i = hash & mask;
    while (slots_[i].ref != 0) i = (i + 1) & mask;
    slots_[i] = {static_cast<std::uint32_t>(hash >> 32), static_cast<std::uint32_t>(id + 1)};
  }
}

void ExprContext::setDeadline(std::optional<std::chrono::steady_clock::time_point> deadline) {
  deadline_ = PacedDeadline<4096>(deadline);
}

void ExprContext::pace() { deadline_.tick("the time budget ran out while expressions were being built"); }

Expr ExprContext::intern(const ExprNode& candidate) {
  pace();
  if (2 * (nodes_.size() + 1) > slots_.size()) growSlots();
  // The hash is fully mixed, so its low bits pick the slot and its high bits tag it.
  const std::size_t mask = slots_.size() - 1;
  const auto tag = static_cast<std::uint32_t>(candidate.hash >> 32);
  std::size_t i = candidate.hash & mask;
  for (; slots_[i].ref != 0; i = (i + 1) & mask) {
    if (slots_[i].tag != tag) continue;
    const ExprNode* existing = nodes_[slots_[i].ref - 1];
    if (NodeEq{}(existing, &candidate)) return Expr(existing);
  }
  std::pmr::polymorphic_allocator<std::byte> alloc(&arena_);
  Expr* kids = nullptr;
  if (!candidate.children.empty()) {
    kids = alloc.allocate_object<Expr>(candidate.children.size());
    std::uninitialized_copy(candidate.children.begin(), candidate.children.end(), kids);
  }
  auto* node = alloc.new_object<ExprNode>(candidate);
  node->id = static_cast<std::uint32_t>(nodes_.size());
  node->owner = this;
  node->children = std::span<const Expr>(kids, candidate.children.size());
  if (candidate.op == Op::Const) node->value = &values_.emplace_back(*candidate.value);
  nodes_.push_back(node);
  slots_[i] = {tag, static_cast<std::uint32_t>(nodes_.size())};
  return Expr(node);
}

Expr ExprContext::constant(const Value& v) {
  ExprNode n{Op::Const, v.sort(), 0, combine(mix(static_cast<std::uint64_t>(Op::Const)) ^ hashSort(v.sort()), hashValue(v)),
             this, {}, &v, {}, nullptr};
  return intern(n);
}

Expr ExprContext::boolVal(bool b) { return constant(Value::boolean(b)); }
Expr ExprContext::intVal(const BigInt& i) { return constant(Value::integer(i)); }
Expr ExprContext::realVal(const Rational& r) { return constant(Value::real(r)); }
Expr ExprContext::bvVal(std::uint32_t width, const BigInt& bits) { return constant(Value::bitVec(width, bits)); }

Expr ExprContext::var(std::string_view name, Sort sort) {
  if (auto it = varsByName_.find(name); it != varsByName_.end()) {
    if (it->second.sort() != sort)
      throw SortError("variable '" + std::string(name) + "' already has sort " + it->second.sort().toString() +
                      ", cannot also have sort " + sort.toString());
    return it->second;
  }
  if (name.empty()) throw SortError("a variable needs a name");
  const std::string& stored = names_.emplace_back(name);
  ExprNode n{Op::Var, sort, 0, combine(mix(static_cast<std::uint64_t>(Op::Var)) ^ hashSort(sort), hashString(stored)),
             this, {}, nullptr, stored, nullptr};
  Expr e = intern(n);
  varsByName_.emplace(stored, e);
  return e;
}

std::optional<Expr> ExprContext::findVar(std::string_view name) const {
  if (auto it = varsByName_.find(name); it != varsByName_.end()) return it->second;
  return std::nullopt;
}

std::vector<Expr> ExprContext::variables() const {
  std::vector<Expr> vars;
  vars.reserve(varsByName_.size());
  for (const auto& [name, e] : varsByName_) vars.push_back(e);
  std::sort(vars.begin(), vars.end(), ExprIdLess{});
  return vars;
}

const FunctionDecl& ExprContext::declareFunction(std::string_view name, std::vector<Sort> params, Sort result,
                                                 FunctionKind kind) {
  if (auto it = functionsByName_.find(name); it != functionsByName_.end()) {
    const FunctionDecl& f = *it->second;
    if (f.params() != params || f.result() != result || f.kind() != kind) {
      FunctionDecl wanted(std::string(name), params, result, kind, 0);
      throw SortError("function '" + std::string(name) + "' is already declared as " + f.signature() +
                      ", cannot redeclare it as " + wanted.signature());
    }
    return f;
  }
  if (name.empty()) throw SortError("a function needs a name");
  const auto id = static_cast<std::uint32_t>(functions_.size());
  const FunctionDecl& f = functions_.emplace_back(std::string(name), std::move(params), result, kind, id);
  functionsByName_.emplace(f.name(), &f);
  return f;
}

const FunctionDecl* ExprContext::findFunction(std::string_view name) const {
  if (auto it = functionsByName_.find(name); it != functionsByName_.end()) return it->second;
  return nullptr;
}

std::vector<const FunctionDecl*> ExprContext::functions() const {
  std::vector<const FunctionDecl*> out;
  for (const auto& f : functions_) out.push_back(&f);
  return out;
}

Sort ExprContext::checkSorts(Op op, std::span<const Expr> args) const {
  for (Expr a : args) {
    if (a.isNull()) throw SortError("operator '" + std::string(symbol(op)) + "' got a null operand");
    if (&a.context() != this)
      throw SortError("operator '" + std::string(symbol(op)) + "' got an operand from another ExprContext");
  }
  auto arity = [&](std::size_t lo, std::size_t hi, const char* what) {
    if (args.size() < lo || args.size() > hi) sortError(op, what, args);
  };
  auto allSame = [&](const char* what) {
    for (Expr a : args)
      if (a.sort() != args[0].sort()) sortError(op, what, args);
  };
  auto allBool = [&](const char* what) {
    for (Expr a : args)
      if (!a.sort().isBool()) sortError(op, what, args);
  };
  switch (op) {
    case Op::Const:
    case Op::Var:
    case Op::Apply: throw SortError("operator '" + std::string(opName(op)) + "' cannot be built with make()");
    case Op::Not: arity(1, 1, "expects one bool operand"); allBool("expects one bool operand"); return Sort::boolean();
    case Op::And:
    case Op::Or:
      arity(2, SIZE_MAX, "expects two or more bool operands");
      allBool("expects bool operands");
      return Sort::boolean();
    case Op::Implies:
    case Op::Xor: arity(2, 2, "expects two bool operands"); allBool("expects two bool operands"); return Sort::boolean();
    case Op::Ite:
      arity(3, 3, "expects a bool condition and two branches");
      if (!args[0].sort().isBool()) sortError(op, "expects a bool condition", args);
      if (args[1].sort() != args[2].sort()) sortError(op, "expects two branches of one sort", args.subspan(1));
      return args[1].sort();
    case Op::Eq: arity(2, 2, "expects two operands"); allSame("expects two operands of one sort"); return Sort::boolean();
    case Op::Neg:
      arity(1, 1, "expects one numeric operand");
      if (args[0].sort().isBool()) sortError(op, "expects an int, real or bit-vector operand", args);
      return args[0].sort();
    case Op::Add:
    case Op::Mul:
    case Op::Sub:
    case Op::Div:
    case Op::Mod: {
      if (op == Op::Add || op == Op::Mul)
        arity(2, SIZE_MAX, "expects two or more operands");
      else
        arity(2, 2, "expects two operands");
      allSame("expects operands of one sort (convert with to_real)");
      const Sort s = args[0].sort();
      if (s.isBool()) sortError(op, "expects int, real or bit-vector operands", args);
      if (op == Op::Mod && s.isReal()) sortError(op, "expects int or bit-vector operands", args);
      return s;
    }
    case Op::Lt:
    case Op::Le:
    case Op::Gt:
    case Op::Ge:
      arity(2, 2, "expects two operands");
      allSame("expects operands of one sort (convert with to_real)");
      if (args[0].sort().isBool()) sortError(op, "expects int, real or bit-vector operands", args);
      return Sort::boolean();
    case Op::ToReal:
      arity(1, 1, "expects one int operand");
      if (!args[0].sort().isInt()) sortError(op, "expects one int operand", args);
      return Sort::real();
    case Op::BvNot:
      arity(1, 1, "expects one bit-vector operand");
      if (!args[0].sort().isBitVec()) sortError(op, "expects one bit-vector operand", args);
      return args[0].sort();
    case Op::BvAnd:
    case Op::BvOr:
    case Op::BvXor:
    case Op::BvShl:
    case Op::BvLshr:
    case Op::BvSdiv:
    case Op::BvSrem:
    case Op::BvSlt:
    case Op::BvSle:
    case Op::BvSgt:
    case Op::BvSge: {
      arity(2, 2, "expects two bit-vector operands of one width");
      allSame("expects two bit-vector operands of one width");
      if (!args[0].sort().isBitVec()) sortError(op, "expects two bit-vector operands of one width", args);
      const bool predicate = op == Op::BvSlt || op == Op::BvSle || op == Op::BvSgt || op == Op::BvSge;
      return predicate ? Sort::boolean() : args[0].sort();
    }
  }
  throw SortError("unknown operator");
}

Expr ExprContext::make(Op op, std::span<const Expr> args) {
  const Sort sort = checkSorts(op, args);
  std::uint64_t h = mix(static_cast<std::uint64_t>(op) + 0x100) ^ hashSort(sort);
  for (Expr a : args) h = combine(h, a.hash());
  ExprNode n{op, sort, 0, h, this, args, nullptr, {}, nullptr};
  return intern(n);
}

Expr ExprContext::apply(const FunctionDecl& f, std::span<const Expr> args) {
  if (findFunction(f.name()) != &f)
    throw SortError("function '" + f.name() + "' is not declared in this context");
  if (args.size() != f.params().size())
    throw SortError("function '" + f.name() + "' takes " + std::to_string(f.params().size()) + " argument(s), got " +
                    std::to_string(args.size()), std::nullopt, "its signature is " + f.signature());
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].isNull() || &args[i].context() != this)
      throw SortError("function '" + f.name() + "' got an argument from another ExprContext");
    if (args[i].sort() != f.params()[i])
      throw SortError("argument " + std::to_string(i + 1) + " of '" + f.name() + "' has sort " +
                      args[i].sort().toString() + ", expected " + f.params()[i].toString(), std::nullopt,
                      "its signature is " + f.signature());
  }
  std::uint64_t h = combine(mix(static_cast<std::uint64_t>(Op::Apply)) ^ hashSort(f.result()), hashString(f.name()));
  for (Expr a : args) h = combine(h, a.hash());
  ExprNode n{Op::Apply, f.result(), 0, h, this, args, nullptr, {}, &f};
  return intern(n);
}

Expr ExprContext::mkAnd(std::span<const Expr> args) {
  if (args.empty()) return boolVal(true);
  if (args.size() == 1) return args[0];
  return make(Op::And, args);
}

Expr ExprContext::mkOr(std::span<const Expr> args) {
  if (args.empty()) return boolVal(false);
  if (args.size() == 1) return args[0];
  return make(Op::Or, args);
}

const Value& Expr::value() const {
  if (op() != Op::Const) throw Error("value() asked of a non-constant expression");
  return *node_->value;
}

std::string_view Expr::name() const {
  if (op() != Op::Var) throw Error("name() asked of a non-variable expression");
  return node_->name;
}

const FunctionDecl& Expr::function() const {
  if (op() != Op::Apply) throw Error("function() asked of a non-application expression");
  return *node_->function;
}

std::string FunctionDecl::signature() const {
  std::string s = name_ + "(";
  for (std::size_t i = 0; i < params_.size(); ++i) s += (i ? ", " : "") + params_[i].toString();
  return s + ") -> " + result_.toString();
}

}  // namespace symseq
