#pragma once
// Designs built by hand for unit tests of the lowering (no reader): the placeholders and references
// as docs/models/design.md says the reader makes them (`<design>::<name as written>`).
#include <map>
#include <string>
#include <utility>

#include "symseq/design/Design.h"
#include "symseq/expr/ExprContext.h"

namespace symseq::test {

class DesignBuilder {
 public:
  DesignBuilder(ExprContext& ctx, std::string name) : ctx_(ctx) {
    design_.name = std::move(name);
    design_.where = at(1);
  }

  DesignBuilder& port(const std::string& name, Sort sort, std::optional<Expr> initial = std::nullopt) {
    design_.ports.push_back({name, sort, initial, at(2)});
    return *this;
  }
  DesignBuilder& time(design::TimeKind kind) {
    design_.time = kind;
    design_.carrier = kind;
    return *this;
  }
  DesignBuilder& var(const std::string& name, Sort sort, std::optional<Expr> initial = std::nullopt) {
    design_.privates.push_back({name, sort, initial, at(4)});
    return *this;
  }
  DesignBuilder& use(const std::string& design, const std::string& instance = {}) {
    design_.uses.push_back({design, instance.empty() ? design : instance, at(5)});
    return *this;
  }

  // Placeholders, as the design's terms read them.
  Expr own(const std::string& p) { return ref(design::RefKind::OwnPort, "", p, design_.name + "." + p, sortOfPort(p)); }
  Expr touch(const std::string& p) {
    return ref(design::RefKind::Touch, "", p, "touch(" + design_.name + "." + p + ")", Sort::boolean());
  }
  Expr now(Sort timeSort = Sort::integer()) {
    return ref(design::RefKind::OwnTime, "", "", design_.name + ".time", timeSort);
  }
  Expr priv(const std::string& v) {
    for (const design::VarDecl& d : design_.privates)
      if (d.name == v) return ref(design::RefKind::Private, "", v, v, d.sort);
    throw Error("no private " + v);
  }
  Expr used(const std::string& instance, const std::string& p, Sort sort = Sort::integer()) {
    return ref(design::RefKind::UsedPort, instance, p, instance + "." + p, sort);
  }

  // Instructions.
  static design::Instruction consume(const std::string& port, Expr provided) {
    return {design::Consume{port, provided}, {}};
  }
  design::Instruction consume(const std::string& port) { return consume(port, ctx_.boolVal(true)); }
  design::Instruction route(const std::string& fromPort, const std::string& toInstance, const std::string& toPort) {
    return {design::Route{own(fromPort), "", fromPort, toInstance, toPort}, {}};
  }
  design::Instruction routeUsed(const std::string& fromInstance, const std::string& fromPort,
                                const std::string& toInstance, const std::string& toPort) {
    return {design::Route{used(fromInstance, fromPort), fromInstance, fromPort, toInstance, toPort}, {}};
  }
  static design::Instruction assign(Expr target, Expr value) { return {design::Assign{target, value}, {}}; }
  static design::Instruction when(Expr condition, design::Block then, design::Block otherwise = {}) {
    return {design::If{condition, std::move(then), std::move(otherwise)}, {}};
  }

  // Programs: a basic program is added to `basics` (named b1, b2, ... in call order).
  design::Program basic(Expr guard, design::Block body, std::optional<Expr> post = std::nullopt) {
    const auto k = static_cast<std::uint32_t>(design_.basics.size());
    design_.basics.push_back(
        {"b" + std::to_string(k + 1), guard, std::move(body), post ? *post : ctx_.boolVal(true), at(10 + k)});
    return {design::ProgramKind::Basic, k, {}, Expr{}, {}};
  }
  static design::Program binary(design::ProgramKind kind, design::Program a, design::Program b) {
    return {kind, 0, {std::move(a), std::move(b)}, Expr{}, {}};
  }
  static design::Program loop(Expr condition, design::Program body) {
    return {design::ProgramKind::While, 0, {std::move(body)}, condition, {}};
  }

  design::Design build(design::Program body) {
    design_.body = std::move(body);
    return design_;
  }

  // A location in a made-up file, line `line` (errors name it).
  [[nodiscard]] SourceLocation at(std::uint32_t line) const { return {design_.name + ".design", line, 1}; }

 private:
  Sort sortOfPort(const std::string& p) const {
    for (const design::PortDecl& d : design_.ports)
      if (d.name == p) return d.sort;
    throw Error("no port " + p);
  }
  Expr ref(design::RefKind kind, const std::string& instance, const std::string& name, const std::string& written,
           Sort sort) {
    const Expr symbol = ctx_.var(design_.name + "::" + written, sort);
    if (!refs_.contains(written)) {
      refs_.emplace(written, symbol);
      design_.references.push_back({kind, instance, name, symbol});
    }
    return symbol;
  }

  ExprContext& ctx_;
  design::Design design_;
  std::map<std::string, Expr> refs_;
};

}  // namespace symseq::test
