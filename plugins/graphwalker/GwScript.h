#pragma once
// Guards and actions of a GraphWalker model in the JavaScript subset GraphWalker models use for
// integers and booleans (docs/models/graphwalker.md): declarations and assignments (`var x = 0;`,
// `x = x + 1;`, `x++`, `x += 2`, `ok = !ok;`), and expressions with + - *, comparisons,
// == === != !==, && || !, ?:, parentheses, decimal integer literals, true and false. Anything
// else is a ParseError or SortError naming the construct, at the file's line:col of the character
// as written inside the JSON string, with the script and the character's place in it.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "GwJson.h"
#include "symseq/exec/Substitute.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::graphwalker {

// One script: a JSON string holding a guard or actions, and what it is for messages.
struct Script {
  const JsonValue* string = nullptr;  // Kind::String, with `from`
  std::string what{};                 // "the guard of edge 'e_Login'"
};

// The model's variables, declared by its actions (the initial value gives the sort).
class Variables {
 public:
  struct Entry {
    std::string name{};
    Expr var{};
    bool constant{false};  // declared with `const`: never assigned again
    SourceLocation where{};
  };
  [[nodiscard]] const Entry* find(std::string_view name) const;
  void declare(Entry entry);
  [[nodiscard]] const std::vector<Entry>& entries() const { return entries_; }
  [[nodiscard]] std::vector<std::string> names() const;

 private:
  std::vector<Entry> entries_;
};

// A guard: a boolean expression over declared variables (an optional `;` may end it). An empty
// or blank guard is `true`.
[[nodiscard]] Expr parseGuard(ExprContext& ctx, const SourceText& source, const Script& script,
                              const Variables& vars);

// Actions of an edge or a vertex: statements over declared variables, as IR updates in order
// (the IR's updates are sequential, as JavaScript's statements).
[[nodiscard]] std::vector<Update> parseActions(ExprContext& ctx, const SourceText& source, const Script& script,
                                               const Variables& vars);

// The model's actions: run once before the first step. A statement assigning a name not yet
// declared (with or without var/let/const) declares it; every value is evaluated on the initial
// values so far and must be an integer or boolean constant. `initial` maps each variable to its
// value.
void runModelActions(ExprContext& ctx, const SourceText& source, const Script& script, Variables& vars,
                     Substitution& initial);

}  // namespace symseq::graphwalker
