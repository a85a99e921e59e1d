#pragma once
// System designs as a `.design` file describes them (symbolic-execution-of-system-designs.md §2,
// seed-requirements 3.1): components with ports, private variables, reused designs and a body of
// basic programs. What the reader (Reader.h) produces and the lowering (Lower.h) consumes.
//
// Terms are kernel expressions over placeholder variables, one per name a design's terms may read
// (`env.intensity`, `t`, `calc.speed`, `env.time`, `touch(env.intensity)`), named
// `<design>::<name as written>` so they never clash with the IR's variables. A design used by two
// instances is written once; lowering substitutes each instance's variables for the placeholders.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "symseq/expr/Expr.h"
#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq::design {

enum class TimeKind : std::uint8_t { Discrete, Dense };  // Time_di over N (Int), Time_de over Q+ (Real)

struct PortDecl {
  std::string name;
  Sort sort = Sort::integer();
  std::optional<Expr> initial;  // a closed term; none: any value (Def 2's fresh initial value)
  SourceLocation where;
};

struct VarDecl {
  std::string name;
  Sort sort = Sort::integer();  // `time` resolved to the design's time carrier
  std::optional<Expr> initial;
  SourceLocation where;
};

// `use calc` (instance `calc`) or `use sensor as left` (instance `left`).
struct Use {
  std::string design;
  std::string instance;
  SourceLocation where;
};

// What a placeholder symbol stands for.
enum class RefKind : std::uint8_t {
  OwnPort,   // `env.intensity` in design env: the port's current value
  OwnTime,   // `env.time`
  Private,   // `t`
  UsedPort,  // `calc.speed` in design env: the current value of a reused instance's port
  UsedTime,  // `calc.time`
  Touch,     // `touch(env.intensity)`: a value is available on an own port (Bool)
};

struct Reference {
  RefKind kind = RefKind::OwnPort;
  std::string instance;  // UsedPort, UsedTime: the reused instance; empty otherwise
  std::string name;      // the port or private variable; empty for time
  Expr symbol;           // the placeholder variable
};

struct Instruction;
using Block = std::vector<Instruction>;

// `in(X.p) provided(φ)`: consume the value available on own port p; φ reads p as the consumed
// value (the placeholder of the own port stands for it).
struct Consume {
  std::string port;
  Expr condition;  // `true` when there is no `provided`
};

// `d.p -> d'.p'`: make the value of `value` (an own port's or a reused instance's port's
// placeholder) available on port `toPort` of reused instance `toInstance`.
struct Route {
  Expr value;
  std::string fromInstance;  // empty: the design itself
  std::string fromPort;
  std::string toInstance;
  std::string toPort;
};

// `x := t`, x an own port or a private variable (its placeholder).
struct Assign {
  Expr target;
  Expr value;
};

// `if (φ) then { ... } [else { ... }]`; an absent else is an empty block (skip).
struct If {
  Expr condition;
  Block then;
  Block otherwise;
};

struct Instruction {
  std::variant<Consume, Route, Assign, If> node;
  SourceLocation where;
};

// `when (φ) { ins } (ψ)`.
struct BasicProgram {
  std::string name;  // `b1`, `b2`, ... in text order within the design
  Expr guard;        // φ
  Block body;
  Expr post;         // ψ over the values after the body; `true` when absent
  SourceLocation where;
};

enum class ProgramKind : std::uint8_t {
  Basic,       // `basic` names it
  Sequence,    // parts[0] ; parts[1]   (`;` or `||`)
  Choice,      // parts[0] | parts[1]   (`|` or `,`)
  Interleave,  // parts[0] |i| parts[1]: both orders
  While,       // while (condition) { parts[0] }
};

struct Program {
  ProgramKind kind = ProgramKind::Basic;
  std::uint32_t basic = 0;       // Basic: index into Design::basics
  std::vector<Program> parts;    // two for the binary operators, one for While
  Expr condition;                // While
  SourceLocation where;
};

struct Design {
  std::string name;
  std::vector<PortDecl> ports;
  std::optional<TimeKind> time;  // as declared; none: the carrier of the designs that reuse it
  TimeKind carrier = TimeKind::Discrete;  // resolved (seed-requirements 3.4 item 4)
  std::vector<VarDecl> privates;
  std::vector<Use> uses;
  std::vector<BasicProgram> basics;  // in text order
  Program body;
  std::vector<Reference> references;  // every placeholder its terms use
  SourceLocation where;
};

struct DesignFile {
  std::string file;
  std::vector<Design> designs;  // in file order
};

}  // namespace symseq::design

#pragma GCC visibility pop
