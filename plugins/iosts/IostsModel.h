#pragma once
// The parsed form of a .iosts file: names, sorts and actions with their source positions,
// expressions still as text. IostsReader fills it, IostsCheck resolves its names, IostsDecls
// and IostsLower turn it into the IR.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "symseq/support/Error.h"

namespace symseq::iosts {

// A name as written, with where it is written.
struct Name {
  std::string text;
  SourceLocation where;
};

// An expression exactly as written, with where it starts, so the kernel parser's errors point
// into the model file.
struct ExprText {
  std::string text;
  SourceLocation where;
};

// `int`, `Status`, `int[2]`: resolved against the enums once every declaration is read.
struct SortText {
  Name base;
  std::optional<std::uint32_t> size;  // an array of this many cells
};

struct EnumDecl {
  Name name;
  std::vector<Name> literals;  // value = index
};

struct AttributeDecl {
  Name name;
  SortText sort;
  std::optional<ExprText> initial;
};

struct ExternalDecl {
  Name name;
  std::vector<SortText> params;
  SortText result;
};

// `program NAME(SORT, ...) : SORT`: a function without code, known by its contract.
struct ProgramDecl {
  Name name;
  std::vector<SortText> params;
  SortText result;
};

// `behavior B: assumes E; ensures E;` (several assumes or ensures are conjoined; none: true).
struct BehaviorText {
  Name name;
  std::vector<ExprText> assumes, ensures;
};

// `contract NAME(P1, ..., Pn) { behaviours [disjoint behaviors;] [complete behaviors;] }`.
struct ContractDecl {
  Name program;
  std::vector<Name> params;
  std::vector<BehaviorText> behaviors;
  std::optional<SourceLocation> disjoint, complete;  // where each clause is written
};

// `frozen NAME : SORT`: a global constant of the contracts (the paper's W).
struct FrozenDecl {
  Name name;
  SortText sort;
};

struct ChannelParam {
  Name name;
  SortText sort;
};

struct ChannelDecl {
  Name name;
  bool input = true;
  std::vector<ChannelParam> params;
};

// An attribute or an array cell written to by a reception or an assignment: `x`, `A[e]`.
struct LValue {
  Name name;
  std::optional<ExprText> index;
};

enum class ActionType : std::uint8_t { Tau, Receive, Emit };

struct ActionText {
  ActionType type = ActionType::Tau;
  Name channel;                    // Receive and Emit
  SourceLocation mark;             // of `?` or `!`
  std::vector<LValue> receivers;   // Receive
  std::vector<ExprText> emitted;   // Emit
  std::size_t channelIndex = 0;    // into Model::channels, set by IostsCheck
};

struct Assignment {
  LValue target;
  SourceLocation where;  // of ':='
  ExprText value;
};

struct TransitionDecl {
  Name name;
  Name from, to;
  std::optional<ExprText> guard;  // default true
  ActionText action;
  std::vector<Assignment> assignments;
  std::size_t source = 0, target = 0;  // into Model::states, set by IostsCheck
};

struct Model {
  std::optional<Name> name;  // `model NAME`; default: the file's stem
  std::vector<EnumDecl> enums;
  std::vector<AttributeDecl> attributes;
  std::vector<ExternalDecl> functions;
  std::vector<ProgramDecl> programs;
  std::vector<ContractDecl> contracts;  // at most one per program, once contract files are applied
  std::vector<FrozenDecl> frozen;
  std::vector<ExprText> axioms;
  std::vector<ChannelDecl> channels;
  std::vector<Name> states;
  std::optional<Name> initial;
  std::vector<TransitionDecl> transitions;
  std::optional<SourceLocation> targetsWhere;  // of the `targets` keyword
  std::vector<Name> targets;
  std::size_t initialState = 0;  // into states, set by IostsCheck
  SourceLocation start;          // file:1:1, for errors about something missing
};

}  // namespace symseq::iosts
