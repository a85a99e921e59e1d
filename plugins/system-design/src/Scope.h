#pragma once
// The names one design's terms may use (its ports, `D.time`, its private variables, the ports
// and time of the instances it reuses, `touch` of its own ports) and the typing of its terms into
// kernel expressions over placeholders `<design>::<name as written>` (Design.h). Internal to the
// library.
#include <string>
#include <vector>

#include "Syntax.h"
#include "symseq/expr/ExprContext.h"

namespace symseq::design {

struct NamedSort {
  std::string name;
  Sort sort;
};

struct InstanceScope {
  std::string instance;
  std::string design;
  std::vector<NamedSort> ports;
};

class Scope {
 public:
  Scope(ExprContext& ctx, std::string design, Sort time, std::vector<NamedSort> ports,
        std::vector<NamedSort> privates, std::vector<InstanceScope> instances,
        std::vector<std::string> otherDesigns);

  // A term of any sort; errors name what is unknown or ill-sorted.
  [[nodiscard]] Expr term(const syntax::Term& t);
  // A term of sort `want` (an integer literal is read as a Real where a Real is wanted).
  [[nodiscard]] Expr typed(const syntax::Term& t, Sort want, const std::string& what);
  [[nodiscard]] Expr formula(const syntax::Term& t, const std::string& what) {
    return typed(t, Sort::boolean(), what);
  }

  // `D.p` naming an own port (not `time`), for `in`, `touch` and assignment; `role` says what
  // the port is for in errors ("consumed", "written").
  [[nodiscard]] Expr ownPort(const syntax::Term& q, const std::string& role);
  // `D.p` or `a.p`: an own port or a reused instance's port (not time), its placeholder.
  [[nodiscard]] Expr anyPort(const syntax::Term& q);
  // A private variable's placeholder.
  [[nodiscard]] Expr privateVar(const syntax::Term& name);

  [[nodiscard]] const InstanceScope* instance(std::string_view name) const;
  [[nodiscard]] const std::string& design() const { return design_; }
  [[nodiscard]] bool isPort(std::string_view name) const;
  [[nodiscard]] bool isOtherDesign(std::string_view name) const;
  // Some instance of this design is of design `name`.
  [[nodiscard]] bool usesDesign(std::string_view name) const;
  [[nodiscard]] std::vector<Reference> references() const { return references_; }

 private:
  Expr placeholder(RefKind kind, const std::string& instance, const std::string& name, const std::string& written,
                   Sort sort);
  Expr qualified(const syntax::Term& q);
  [[nodiscard]] Sort ownPortSort(const syntax::Term& q, const std::string& role) const;
  Expr arithmetic(const syntax::Term& t);
  [[noreturn]] void unknownQualifier(const syntax::Term& q) const;

  ExprContext& ctx_;
  std::string design_;
  Sort time_;
  std::vector<NamedSort> ports_;
  std::vector<NamedSort> privates_;
  std::vector<InstanceScope> instances_;
  std::vector<std::string> otherDesigns_;
  std::vector<Reference> references_;
};

// The sort a declaration names: `int`, `bool`, `real`, or `time` (the design's carrier).
[[nodiscard]] Sort declaredSort(const syntax::SortName& s, TimeKind carrier);

}  // namespace symseq::design
