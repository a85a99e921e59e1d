#pragma once
// Seeded random acyclic-core models (the `cfg` format) with cross-iteration dependencies, for
// tests that compare the path search with the bounded model check on many small models.
//
// A model is a chain of decisions in one loop body. A decision tests inputs or a state variable;
// its true edge runs a block that writes state variables from inputs or from themselves; its
// false edge goes to the next decision (or, now and then, skips one). The first decision always
// tests a variable that a later block writes, so its outcome depends on an earlier iteration
// (written in one iteration, tested in a later one). The same seed gives the same text on every
// platform: the generator draws from std::mt19937_64 by modulo, never through the standard
// distributions, whose results the standard leaves to the implementation.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace symseq::test {

class RandomAcyclicModel {
 public:
  explicit RandomAcyclicModel(std::uint64_t seed) : random_(seed) {}

  // The model's text: `decisions` decisions over `variables` int state variables (initially 0)
  // and the int inputs a and b.
  std::string text(std::uint32_t decisions, std::uint32_t variables) {
    std::string out = "model random\ninput a : int\ninput b : int\n";
    for (std::uint32_t v = 0; v < variables; ++v) out += "var v" + std::to_string(v) + " : int = 0\n";
    out += "edge read : loop -> d0\n";
    // Which variable each block writes first, chosen up front so that the first decision can
    // test one that a later block writes.
    std::vector<std::uint32_t> written(decisions);
    for (auto& w : written) w = pick(variables);
    for (std::uint32_t d = 0; d < decisions; ++d) {
      const std::string name = std::to_string(d);
      const std::string next = d + 1 < decisions ? "d" + std::to_string(d + 1) : "loop";
      const std::string skip = d + 2 < decisions && pick(4) == 0 ? "d" + std::to_string(d + 2) : next;
      const bool onState = d == 0 || pick(2) == 0;
      out += "node d" + name + " if " + (onState ? stateTest(d == 0 ? written[decisions - 1] : pick(variables)) : inputTest()) + "\n";
      out += "edge t" + name + " : d" + name + " -> u" + name + " when true\n";
      out += "edge f" + name + " : d" + name + " -> " + skip + " when false\n";
      out += "node u" + name + " { " + assignment(written[d]);
      if (pick(3) == 0) out += " " + assignment(pick(variables));
      out += " }\n";
      out += "edge s" + name + " : u" + name + " -> " + next + "\n";
    }
    return out;
  }

 private:
  std::uint32_t pick(std::uint32_t n) { return static_cast<std::uint32_t>(random_() % n); }
  std::string constant(std::int32_t low, std::int32_t high) {
    const std::int32_t k = low + static_cast<std::int32_t>(pick(static_cast<std::uint32_t>(high - low + 1)));
    return k < 0 ? "(0 - " + std::to_string(-k) + ")" : std::to_string(k);
  }
  std::string inputTest() {
    switch (pick(4)) {
      case 0: return "a > " + constant(-2, 3);
      case 1: return "b < " + constant(-2, 3);
      case 2: return "a == b";
      default: return "a + b > " + constant(0, 4);
    }
  }
  std::string stateTest(std::uint32_t v) {
    const std::string x = "v" + std::to_string(v);
    switch (pick(4)) {
      case 0: return x + " == " + constant(1, 2);
      case 1: return x + " > " + constant(0, 1);
      case 2: return x + " < a";
      default: return x + " > 0 && a > " + x;
    }
  }
  std::string assignment(std::uint32_t v) {
    const std::string x = "v" + std::to_string(v);
    switch (pick(4)) {
      case 0: return x + " = " + x + " + 1;";
      case 1: return x + " = a;";
      case 2: return x + " = b - 1;";
      default: return x + " = " + x + " + a;";
    }
  }

  std::mt19937_64 random_;
};

}  // namespace symseq::test
