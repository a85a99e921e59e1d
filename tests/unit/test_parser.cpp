#include <doctest/doctest.h>

#include "ExprCheck.h"

#include "symseq/expr/Parser.h"
#include "symseq/expr/Printer.h"

using namespace symseq;

namespace {

struct Fixture {
  ExprContext ctx;
  Expr x = ctx.var("x", Sort::integer());
  Expr y = ctx.var("y", Sort::integer());
  Expr r = ctx.var("r", Sort::real());
  Expr a = ctx.var("a", Sort::boolean());
  Expr b = ctx.var("b", Sort::boolean());
  Expr c = ctx.var("c", Sort::boolean());
  Expr u = ctx.var("u", Sort::bitVec(8));
  Expr v = ctx.var("v", Sort::bitVec(8));
  const FunctionDecl& fn = ctx.declareFunction("f", {Sort::integer(), Sort::integer()}, Sort::boolean());

  Expr parse(std::string_view text) { return parseExpr(ctx, text); }
  Expr mk(Op op, std::initializer_list<Expr> args) { return ctx.make(op, args); }
  Expr i(long n) { return ctx.intVal(n); }
};

// "line:col message" of the ParseError (or SortError) that parsing `text` throws.
template <typename E = ParseError>
std::string errorOf(ExprContext& ctx, std::string_view text, const ParseOptions& options = {}) {
  try {
    (void)parseExpr(ctx, text, options);
  } catch (const E& e) {
    REQUIRE(e.location().has_value());
    return std::to_string(e.location()->line) + ":" + std::to_string(e.location()->column) + " " + e.message();
  }
  FAIL("no error for: " << text);
  return {};
}

}  // namespace

TEST_CASE_FIXTURE(Fixture, "parser: precedence") {
  CHECK_SAME(parse("x + 1 > y && !b"), mk(Op::And, {mk(Op::Gt, {mk(Op::Add, {x, i(1)}), y}), mk(Op::Not, {b})}));
  CHECK_SAME(parse("x + y * 2"), mk(Op::Add, {x, mk(Op::Mul, {y, i(2)})}));
  CHECK_SAME(parse("(x + y) * 2"), mk(Op::Mul, {mk(Op::Add, {x, y}), i(2)}));
  CHECK_SAME(parse("a || b && c"), mk(Op::Or, {a, mk(Op::And, {b, c})}));
  CHECK_SAME(parse("a ^^ b && c"), mk(Op::Xor, {a, mk(Op::And, {b, c})}));
  CHECK_SAME(parse("a || b ^^ c"), mk(Op::Or, {a, mk(Op::Xor, {b, c})}));
  CHECK_SAME(parse("a => b || c"), mk(Op::Implies, {a, mk(Op::Or, {b, c})}));
  CHECK_SAME(parse("a ? x : y + 1"), mk(Op::Ite, {a, x, mk(Op::Add, {y, i(1)})}));
  CHECK_SAME(parse("x % 3 == 0"), mk(Op::Eq, {mk(Op::Mod, {x, i(3)}), i(0)}));
  CHECK_SAME(parse("x < y == a"), mk(Op::Eq, {mk(Op::Lt, {x, y}), a}));
  CHECK_SAME(parse("u | v ^ u & v"), mk(Op::BvOr, {u, mk(Op::BvXor, {v, mk(Op::BvAnd, {u, v})})}));
  CHECK_SAME(parse("u & v << u"), mk(Op::BvAnd, {u, mk(Op::BvShl, {v, u})}));
  CHECK_SAME(parse("u << v + u"), mk(Op::BvShl, {u, mk(Op::Add, {v, u})}));
  CHECK_SAME(parse("u < v | u"), mk(Op::Lt, {u, mk(Op::BvOr, {v, u})}));
  CHECK_SAME(parse("-x * y"), mk(Op::Mul, {mk(Op::Neg, {x}), y}));
  CHECK_SAME(parse("~u >> v"), mk(Op::BvLshr, {mk(Op::BvNot, {u}), v}));
  CHECK_SAME(parse("!a == b"), mk(Op::Eq, {mk(Op::Not, {a}), b}));
  CHECK_SAME(parse("x != y"), mk(Op::Not, {mk(Op::Eq, {x, y})}));
  CHECK_SAME(parse("f(x, y + 1) && a"), mk(Op::And, {ctx.apply(fn, {x, mk(Op::Add, {y, i(1)})}), a}));
}

TEST_CASE_FIXTURE(Fixture, "parser: associativity and n-ary chains") {
  CHECK_SAME(parse("a && b && c"), mk(Op::And, {a, b, c}));
  CHECK_SAME(parse("(a && b) && c"), mk(Op::And, {mk(Op::And, {a, b}), c}));
  CHECK_SAME(parse("a && (b && c)"), mk(Op::And, {a, mk(Op::And, {b, c})}));
  CHECK_SAME(parse("a || b || c || a"), mk(Op::Or, {a, b, c, a}));
  CHECK_SAME(parse("x + y + x"), mk(Op::Add, {x, y, x}));
  CHECK_SAME(parse("x * y * x"), mk(Op::Mul, {x, y, x}));
  CHECK_SAME(parse("x + y - x + y"), mk(Op::Add, {mk(Op::Sub, {mk(Op::Add, {x, y}), x}), y}));
  CHECK_SAME(parse("x - y - x"), mk(Op::Sub, {mk(Op::Sub, {x, y}), x}));
  CHECK_SAME(parse("x * y / 2 * x"), mk(Op::Mul, {mk(Op::Div, {mk(Op::Mul, {x, y}), i(2)}), x}));
  CHECK_SAME(parse("x / y % 2"), mk(Op::Mod, {mk(Op::Div, {x, y}), i(2)}));
  CHECK_SAME(parse("a ^^ b ^^ c"), mk(Op::Xor, {mk(Op::Xor, {a, b}), c}));
  CHECK_SAME(parse("a => b => c"), mk(Op::Implies, {a, mk(Op::Implies, {b, c})}));
  CHECK_SAME(parse("(a => b) => c"), mk(Op::Implies, {mk(Op::Implies, {a, b}), c}));
  CHECK_SAME(parse("a ? x : b ? y : 1"), mk(Op::Ite, {a, x, mk(Op::Ite, {b, y, i(1)})}));
  CHECK_SAME(parse("a ? b ? x : y : 1"), mk(Op::Ite, {a, mk(Op::Ite, {b, x, y}), i(1)}));
  CHECK_SAME(parse("u - v - u"), mk(Op::Sub, {mk(Op::Sub, {u, v}), u}));
  CHECK_SAME(parse("u << v >> u"), mk(Op::BvLshr, {mk(Op::BvShl, {u, v}), u}));
}

TEST_CASE_FIXTURE(Fixture, "parser: literals") {
  CHECK_SAME(parse("true"), ctx.boolVal(true));
  CHECK_SAME(parse("false"), ctx.boolVal(false));
  CHECK_SAME(parse("42"), i(42));
  CHECK_SAME(parse("123456789012345678901234567890"), ctx.intVal(BigInt("123456789012345678901234567890")));
  CHECK_SAME(parse("-7"), i(-7));
  CHECK_SAME(parse("- 7"), i(-7));
  CHECK_SAME(parse("x - 7"), mk(Op::Sub, {x, i(7)}));
  CHECK_SAME(parse("x - -7"), mk(Op::Sub, {x, i(-7)}));
  CHECK_SAME(parse("-(7)"), mk(Op::Neg, {i(7)}));
  CHECK_SAME(parse("--7"), mk(Op::Neg, {i(-7)}));
  CHECK_SAME(parse("-x"), mk(Op::Neg, {x}));
  CHECK_SAME(parse("2.5"), ctx.realVal(Rational(5, 2)));
  CHECK_SAME(parse("2.0"), ctx.realVal(2));
  CHECK_SAME(parse("-0.25"), ctx.realVal(Rational(-1, 4)));
  CHECK_SAME(parse("real(1, 3)"), ctx.realVal(Rational(1, 3)));
  CHECK_SAME(parse("real(-2, 6)"), ctx.realVal(Rational(-1, 3)));
  CHECK_SAME(parse("255bv8"), ctx.bvVal(8, 255));
  CHECK_SAME(parse("0xffbv8"), ctx.bvVal(8, 255));
  CHECK_SAME(parse("0XABbv8"), ctx.bvVal(8, 0xab));
  CHECK_SAME(parse("0x0bv1"), ctx.bvVal(1, 0));
  CHECK_SAME(parse("-5bv8"), mk(Op::Neg, {ctx.bvVal(8, 5)}));
  CHECK_SAME(parse("to_real(x)"), mk(Op::ToReal, {x}));
  CHECK_SAME(parse("slt(u, v)"), mk(Op::BvSlt, {u, v}));
  CHECK_SAME(parse("sle(u, v)"), mk(Op::BvSle, {u, v}));
  CHECK_SAME(parse("sgt(u, v)"), mk(Op::BvSgt, {u, v}));
  CHECK_SAME(parse("sge(u, v)"), mk(Op::BvSge, {u, v}));
  CHECK_SAME(parse("sdiv(u, v)"), mk(Op::BvSdiv, {u, v}));
  CHECK_SAME(parse("srem(u, v)"), mk(Op::BvSrem, {u, v}));
  CHECK_SAME(parse("  x\n"), x);
}

// Seed-requirements 2.9 item 10: the card world writes 0x10 and 10h; both are Int literals.
TEST_CASE_FIXTURE(Fixture, "parser: hexadecimal integer literals") {
  CHECK_SAME(parse("0x1F"), i(31));
  CHECK_SAME(parse("0X1f"), i(31));
  CHECK_SAME(parse("1Fh"), i(31));
  CHECK_SAME(parse("0FFH"), i(255));
  CHECK_SAME(parse("10h"), i(16));
  CHECK_SAME(parse("-0x10"), i(-16));
  CHECK_SAME(parse("x - 1Eh"), mk(Op::Sub, {x, i(30)}));
  CHECK_SAME(parse("0x10 < x && x < 1Eh"), mk(Op::And, {mk(Op::Lt, {i(16), x}), mk(Op::Lt, {x, i(30)})}));
  // Only digit-first words are numbers: names ending or starting in h stay names.
  ExprContext names;
  const Expr h1F = names.var("h1F", Sort::integer());
  const Expr Fh = names.var("Fh", Sort::integer());
  CHECK_SAME(parseExpr(names, "h1F + Fh"), names.make(Op::Add, {h1F, Fh}));
  // Bit-vector literals are unchanged.
  CHECK_SAME(parse("0x1Fbv8"), ctx.bvVal(8, 31));
}

TEST_CASE_FIXTURE(Fixture, "parser: reserved names") {
  for (const char* name : {"true", "false", "real", "to_real", "slt", "sle", "sgt", "sge", "sdiv", "srem"})
    CHECK(isReservedName(name));
  CHECK_FALSE(isReservedName("x"));
  CHECK_FALSE(isReservedName("int"));
}

TEST_CASE_FIXTURE(Fixture, "parser: syntax errors say where, what was expected and what was found") {
  CHECK(errorOf(ctx, "(x + 1") == "1:7 expected ')' to close '(' at 1:1, found end of input");
  CHECK(errorOf(ctx, "x + (y\n  * 2") == "2:6 expected ')' to close '(' at 1:5, found end of input");
  CHECK(errorOf(ctx, "x +") == "1:4 expected an expression, found end of input");
  CHECK(errorOf(ctx, "x + )") == "1:5 expected an expression, found ')'");
  CHECK(errorOf(ctx, "x y") == "1:3 expected an operator or end of input, found 'y'");
  CHECK(errorOf(ctx, "x)") == "1:2 unmatched ')'");
  CHECK(errorOf(ctx, "a ? x") == "1:6 expected ':' to match '?' at 1:3, found end of input");
  CHECK(errorOf(ctx, "f(x y)") == "1:5 expected ',' or ')' to close '(' at 1:2 in the call of 'f', found 'y'");
  CHECK(errorOf(ctx, "x = 1") == "1:3 unexpected character '='");
  CHECK(errorOf(ctx, "x @ 1") == "1:3 unexpected character '@'");
  CHECK(errorOf(ctx, "x < y < 1") ==
        "1:7 comparisons do not chain: '<' follows another comparison");
  CHECK(errorOf(ctx, "x == y != a") == "1:8 '!=' does not chain with another '==' or '!='");
}

TEST_CASE_FIXTURE(Fixture, "parser: name errors") {
  CHECK(errorOf(ctx, "x + yy") == "1:5 unknown variable 'yy'; did you mean 'y'?");
  CHECK(errorOf(ctx, "zzzz") == "1:1 unknown variable 'zzzz'");
  CHECK(errorOf(ctx, "g(x, y)") == "1:1 unknown function 'g'; did you mean 'f'?");
  CHECK(errorOf(ctx, "slx(u, v)") == "1:1 unknown function 'slx'; did you mean 'slt'?");
  CHECK(errorOf(ctx, "x(1)") == "1:1 'x' is a variable, not a function");
  CHECK(errorOf(ctx, "f + 1") == "1:1 'f' is a function; call it as f(...)");
  CHECK(errorOf(ctx, "f(x)") == "1:1 function 'f' takes 2 arguments, got 1");
  CHECK(errorOf(ctx, "slt(u)") == "1:1 'slt' takes 2 arguments, got 1");
  CHECK(errorOf(ctx, "to_real(x, y)") == "1:1 'to_real' takes 1 argument, got 2");
  CHECK(errorOf(ctx, "slt + 1") == "1:1 'slt' is a builtin; call it as slt(a, b)");
}

TEST_CASE_FIXTURE(Fixture, "parser: literal errors") {
  CHECK(errorOf(ctx, "256bv8") == "1:1 literal 256bv8 does not fit in 8 bits");
  CHECK(errorOf(ctx, "0x1ffbv8") == "1:1 literal 0x1ffbv8 does not fit in 8 bits");
  CHECK(errorOf(ctx, "1bv0") == "1:1 bit-vector width 0 is out of range");
  CHECK(errorOf(ctx, "1bv5000") == "1:1 bit-vector width 5000 is out of range");
  CHECK(errorOf(ctx, "0xfg") == "1:1 invalid hexadecimal literal '0xfg'");
  CHECK(errorOf(ctx, "0x") == "1:1 invalid hexadecimal literal '0x'");
  CHECK(errorOf(ctx, "x + 1Gh") == "1:5 invalid hexadecimal literal '1Gh'");
  CHECK(errorOf(ctx, "0x1Fh") == "1:1 invalid hexadecimal literal '0x1Fh'");
  CHECK(errorOf(ctx, "0xfgbv8") == "1:1 invalid bit-vector literal '0xfgbv8'");
  CHECK(errorOf(ctx, "x + 12abc") == "1:5 invalid number literal '12abc'");
  CHECK(errorOf(ctx, "1.2.3") == "1:1 invalid number literal '1.2.3'");
  CHECK(errorOf(ctx, "2.") == "1:1 invalid number literal '2.'");
  CHECK(errorOf(ctx, "real(1, 0)") == "1:9 the denominator of real(N, D) must not be zero");
  CHECK(errorOf(ctx, "real(x, 2)") == "1:6 expected an integer literal for the numerator of real(N, D), found 'x'");
  CHECK(errorOf(ctx, "real(1 2)") == "1:8 expected ',' after the numerator of real(N, D), found '2'");
  CHECK(errorOf(ctx, "real(1, 2") == "1:10 expected ')' to close '(' at 1:5, found end of input");
  CHECK(errorOf(ctx, "real") == "1:5 expected '(' after 'real', found end of input");
}

TEST_CASE_FIXTURE(Fixture, "parser: sort errors carry the operator's location") {
  CHECK(errorOf<SortError>(ctx, "x + r") == "1:3 operator '+' expects operands of one sort (convert with to_real), got int and real");
  CHECK(errorOf<SortError>(ctx, "x + y + a") ==
        "1:7 operator '+' expects operands of one sort (convert with to_real), got int, int and bool");
  CHECK(errorOf<SortError>(ctx, "a &&\n  !x") == "2:3 operator '!' expects one bool operand, got int");
  CHECK(errorOf<SortError>(ctx, "a ? x : r") == "1:3 operator '?:' expects two branches of one sort, got int and real");
  CHECK(errorOf<SortError>(ctx, "f(x, r)") == "1:1 argument 2 of 'f' has sort real, expected int");
  CHECK(errorOf<SortError>(ctx, "x != a") == "1:3 operator '==' expects two operands of one sort, got int and bool");
}

TEST_CASE_FIXTURE(Fixture, "parser: locations count from the given start") {
  ParseOptions options;
  options.start = {"model.txt", 10, 20};
  CHECK(errorOf(ctx, "x + qqq", options) == "10:24 unknown variable 'qqq'");
  CHECK(errorOf(ctx, "x +\n   qqq", options) == "11:4 unknown variable 'qqq'");
  try {
    (void)parseExpr(ctx, "(", options);
    FAIL("no error");
  } catch (const ParseError& e) {
    CHECK(e.location()->file == "model.txt");
    CHECK(std::string(e.what()) == "model.txt:10:21: error: expected an expression, found end of input");
  }
}

TEST_CASE_FIXTURE(Fixture, "parser: a custom scope") {
  struct Local final : Scope {
    Expr n;
    std::optional<Expr> lookupVariable(std::string_view name) const override {
      return name == "n" ? std::optional<Expr>(n) : std::nullopt;
    }
    const FunctionDecl* lookupFunction(std::string_view) const override { return nullptr; }
    std::vector<std::string> variableNames() const override { return {"n"}; }
  };
  Local scope;
  scope.n = ctx.var("scoped.n", Sort::integer());
  ParseOptions options;
  options.scope = &scope;
  CHECK_SAME(parseExpr(ctx, "n + 1", options), mk(Op::Add, {scope.n, i(1)}));
  CHECK(errorOf(ctx, "x + 1", options) == "1:1 unknown variable 'x'; did you mean 'n'?");
  CHECK(errorOf(ctx, "f(1, 2)", options) == "1:1 unknown function 'f'");
}

TEST_CASE_FIXTURE(Fixture, "parser: deep nesting is an error, not a crash") {
  const std::string open(60000, '(');
  const std::string close(60000, ')');
  const std::string message = errorOf(ctx, open + "x" + close);
  CHECK(message.find("expression nests too deeply") != std::string::npos);
  // Prefix operators and else-if chains do not nest the parser.
  CHECK_FALSE((parse(std::string(50000, '!') + "a") == Expr()));
  std::string chain;
  for (int k = 0; k < 20000; ++k) chain += "a ? " + std::to_string(k) + " : ";
  CHECK(parse(chain + "0").op() == Op::Ite);
  // Deep but sane nesting parses (on the heap: the parser does not recurse).
  CHECK_SAME(parse(std::string(10000, '(') + "x" + std::string(10000, ')')), x);
}

namespace {

// A scope with the context's x and f, the array A : int[3], the one-cell array B : int[1] and
// the enum-like literal `ok` (an Int constant, not a variable).
struct ArrayScope final : Scope {
  const ExprContext* ctx = nullptr;
  std::vector<Expr> a, b;
  Expr ok;
  std::optional<Expr> lookupVariable(std::string_view name) const override {
    if (name == "ok") return ok;
    return ctx->findVar(name);
  }
  const FunctionDecl* lookupFunction(std::string_view name) const override { return ctx->findFunction(name); }
  std::vector<std::string> variableNames() const override { return {"x", "A", "B", "ok"}; }
  const std::vector<Expr>* lookupArray(std::string_view name) const override {
    return name == "A" ? &a : (name == "B" ? &b : nullptr);
  }
};

struct ArrayFixture : Fixture {
  ArrayScope scope;
  ParseOptions options;
  const FunctionDecl& sum = ctx.declareFunction("sum3", {Sort::integer(), Sort::integer(), Sort::integer()},
                                                Sort::integer());
  const FunctionDecl& g = ctx.declareFunction("g", {Sort::integer(), Sort::integer(), Sort::integer(),
                                                    Sort::integer()}, Sort::integer());
  ArrayFixture() {
    scope.ctx = &ctx;
    for (int k = 0; k < 3; ++k) scope.a.push_back(ctx.var("A[" + std::to_string(k) + "]", Sort::integer()));
    scope.b.push_back(ctx.var("B[0]", Sort::integer()));
    scope.ok = ctx.intVal(0);
    options.scope = &scope;
  }
  Expr parseIn(std::string_view text) { return parseExpr(ctx, text, options); }
};

}  // namespace

TEST_CASE_FIXTURE(ArrayFixture, "parser: array cells, literal and computed indices") {
  CHECK_SAME(parseIn("A[1]"), scope.a[1]);
  CHECK_SAME(parseIn("A[2] + A[0]"), mk(Op::Add, {scope.a[2], scope.a[0]}));
  CHECK_SAME(parseIn("B[0]"), scope.b[0]);
  // A computed index reads an ite chain; past either end it reads the last cell.
  CHECK_SAME(parseIn("A[x + 1]"),
             ctx.mkIte(ctx.mkEq(mk(Op::Add, {x, i(1)}), i(0)), scope.a[0],
                       ctx.mkIte(ctx.mkEq(mk(Op::Add, {x, i(1)}), i(1)), scope.a[1], scope.a[2])));
  CHECK_SAME(parseIn("B[x]"), scope.b[0]);
  CHECK_SAME(parseIn("A[A[0]]"),
             ctx.mkIte(ctx.mkEq(scope.a[0], i(0)), scope.a[0],
                       ctx.mkIte(ctx.mkEq(scope.a[0], i(1)), scope.a[1], scope.a[2])));
  CHECK_SAME(parseIn("-A[(1)] * 2"), mk(Op::Mul, {mk(Op::Neg, {scope.a[1]}), i(2)}));
  CHECK_SAME(parseIn("A[ok]"), scope.a[0]);  // a scope's non-variable value is a literal index
}

TEST_CASE_FIXTURE(ArrayFixture, "parser: a whole array as a call argument passes its cells") {
  CHECK_SAME(parseIn("sum3(A)"), ctx.apply(sum, {scope.a[0], scope.a[1], scope.a[2]}));
  CHECK_SAME(parseIn("g(x, A)"), ctx.apply(g, {x, scope.a[0], scope.a[1], scope.a[2]}));
  CHECK_SAME(parseIn("g(A, B)"), ctx.apply(g, {scope.a[0], scope.a[1], scope.a[2], scope.b[0]}));
  CHECK_SAME(parseIn("g(B, A) > 0"), mk(Op::Gt, {ctx.apply(g, {scope.b[0], scope.a[0], scope.a[1], scope.a[2]}), i(0)}));
  CHECK_SAME(parseIn("to_real(B)"), mk(Op::ToReal, {scope.b[0]}));
  CHECK(errorOf(ctx, "sum3(A, x)", options) == "1:1 function 'sum3' takes 3 arguments, got 4");
}

TEST_CASE_FIXTURE(ArrayFixture, "parser: array errors") {
  CHECK(errorOf(ctx, "A[3]", options) == "1:3 index 3 is out of range for array 'A' of 3 cells");
  CHECK(errorOf(ctx, "x + A[-1]", options) == "1:7 index -1 is out of range for array 'A' of 3 cells");
  CHECK(errorOf(ctx, "A + 1", options) == "1:1 'A' is an array, not a value; index it, as in A[0]");
  CHECK(errorOf(ctx, "sum3(A + 1)", options) == "1:6 'A' is an array, not a value; index it, as in A[0]");
  CHECK(errorOf(ctx, "x[0]", options) == "1:1 'x' is not an array, so it cannot be indexed");
  CHECK(errorOf(ctx, "AA[0]", options) == "1:1 unknown variable 'AA'; did you mean 'A'?");
  CHECK(errorOf(ctx, "A[1", options) == "1:4 expected ']' to close '[' at 1:2, found end of input");
  CHECK(errorOf(ctx, "A[a]", options) == "1:3 the index of array 'A' has sort bool, expected int");
  CHECK(errorOf(ctx, "A[]", options) == "1:3 expected an expression, found ']'");
  try {
    (void)parseExpr(ctx, "A[7]", options);
    FAIL("no error for A[7]");
  } catch (const ParseError& e) {
    CHECK(e.hint() == "valid indices are 0 to 2");
  }
  // Without arrays in the scope, brackets are still no part of an expression.
  CHECK(errorOf(ctx, "x[0]") == "1:1 'x' is not an array, so it cannot be indexed");
  CHECK(errorOf(ctx, "x ]") == "1:3 expected an operator or end of input, found ']'");
}
