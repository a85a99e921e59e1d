#pragma once
// A `.design` file as written, before names are resolved and terms typed (Resolve.h does that,
// once the time carriers are known: a `time` sort means Int or Real depending on the users of
// a design). Internal to the library.
#include <optional>
#include <string>
#include <vector>

#include "symseq/design/Design.h"
#include "symseq/support/Error.h"

namespace symseq::design::syntax {

enum class TermKind : std::uint8_t { Int, Decimal, Bool, Name, Qualified, Touch, Unary, Binary };

struct Term {
  TermKind kind = TermKind::Int;
  std::string first;   // Int/Decimal: the digits; Bool: true/false; Name; Qualified/Touch: the design or instance
  std::string second;  // Qualified/Touch: the port (or `time`)
  std::string op;      // Unary: `-` or `not`; Binary: `+ - * = <> < <= > >= and or`
  std::vector<Term> args;
  SourceLocation where;
};

enum class InstrKind : std::uint8_t { Consume, Route, Assign, If };

struct Instr {
  InstrKind kind = InstrKind::Assign;
  Term first;                    // Consume: the port; Route: the source; Assign: the target; If: the condition
  std::optional<Term> second;    // Consume: `provided`; Route: the destination; Assign: the value
  std::vector<Instr> then;       // If
  std::vector<Instr> otherwise;  // If
  SourceLocation where;
};

struct Program {
  ProgramKind kind = ProgramKind::Basic;
  Term condition;             // Basic: φ; While: the loop condition
  std::vector<Instr> body;    // Basic
  std::optional<Term> post;   // Basic: ψ
  std::vector<Program> parts;
  SourceLocation where;
};

struct SortName {
  std::string name;  // int, bool, real or time
  SourceLocation where;
};

struct Decl {  // a port or a private variable
  std::string name;
  SortName sort;
  std::optional<Term> initial;
  SourceLocation where;
};

struct UseDecl {
  std::string design;
  std::string instance;  // the design's name without `as`
  bool named = false;    // `as` given
  SourceLocation where;
};

struct DesignText {
  std::string name;
  std::vector<Decl> ports;
  std::optional<TimeKind> time;
  SourceLocation timeWhere;
  std::vector<Decl> privates;
  std::vector<UseDecl> uses;
  Program body;
  SourceLocation where;
};

}  // namespace symseq::design::syntax
