// The `gtest` writer: <model>_test.cpp, the result's sequences as a GoogleTest suite that loads a
// shared-library adapter through the C ABI (docs/adapters.md) without symseq (docs/export.md).
#include <boost/dll/alias.hpp>
#include <sstream>

#include "ExportPlan.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

using namespace symseq;
using namespace symseq::exporting;

std::string cValue(const PlannedValue& v) {
  const char* kind = v.kind == ValueKind::Bool ? "Kind::Bool" : v.kind == ValueKind::Int ? "Kind::Int"
                     : v.kind == ValueKind::Real ? "Kind::Real" : "Kind::Text";
  return std::string("{") + kind + ", " + quoted(v.text) + "}";
}

// The runtime every generated file carries: the ABI's declarations (as adapters/include/symseq_adapter.h
// has them, so the file needs no symseq header), loading the library, and the checks.
constexpr const char* kRuntime = R"CPP(
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifndef SYMSEQ_ADAPTER_H
#define SYMSEQ_ADAPTER_H
#include <stddef.h>
#include <stdint.h>
extern "C" {
#define SYMSEQ_ADAPTER_ABI_VERSION 1u
typedef enum symseq_adapter_value_kind { SYMSEQ_BOOL = 0, SYMSEQ_INTEGER = 1, SYMSEQ_TEXT = 2 } symseq_adapter_value_kind;
typedef struct symseq_adapter_value {
  symseq_adapter_value_kind kind;
  int64_t integer;
  const char* text;
} symseq_adapter_value;
typedef struct symseq_adapter_v1_table {
  uint32_t abi;
  void* (*open)(const char* model, char* error, size_t error_size);
  int (*reset)(void* self, char* error, size_t error_size);
  int (*input)(void* self, const char* channel, const symseq_adapter_value* values, size_t count, char* error,
               size_t error_size);
  int (*observe)(void* self, int32_t timeout_ms, const char** channel, const symseq_adapter_value** values,
                 size_t* count, char* error, size_t error_size);
  void (*close)(void* self);
} symseq_adapter_v1_table;
}
#endif

namespace symseq_export {

enum class Kind { Bool, Int, Real, Text };
struct Value {
  Kind kind;
  const char* text;  // canonical: true/false, decimal, n or n/d reduced, a literal
};
enum class Op { Input, Output, State };
struct Event {
  Op op;
  std::size_t step;  // 1-based; 0 before the first input
  const char* channel;
  std::vector<Value> values;
  bool valuesKnown;
  std::vector<const char*> names;  // Op::State: the state variables of `values`
};

inline std::string where(std::size_t step) {
  return step > 0 ? "step " + std::to_string(step) : std::string("before the first input");
}

// A decimal or a fraction ("-1.25", "7/3", "4") as a reduced n/d; the text itself when it does not fit.
inline std::string rationalText(const std::string& text) {
  __int128 num = 0, den = 1;
  bool negative = false, fraction = false, point = false;
  __int128 denominator = 0;
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && !point && !fraction) {
      point = true;
    } else if (c == '/' && !point && !fraction) {
      fraction = true;
    } else if (c >= '0' && c <= '9') {
      if (fraction) {
        denominator = denominator * 10 + (c - '0');
      } else {
        num = num * 10 + (c - '0');
        if (point) den *= 10;
      }
      if (num > (__int128)1 << 100 || den > (__int128)1 << 100 || denominator > (__int128)1 << 100) return text;
    } else {
      return text;
    }
  }
  if (fraction) {
    if (denominator == 0) return text;
    den *= denominator;
  }
  __int128 a = num, b = den;
  while (b != 0) {
    const __int128 r = a % b;
    a = b;
    b = r;
  }
  if (a > 1) {
    num /= a;
    den /= a;
  }
  auto decimal = [](__int128 v) {
    std::string s;
    do {
      s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
      v /= 10;
    } while (v > 0);
    return s;
  };
  return (negative && num != 0 ? "-" : "") + decimal(num) + (den == 1 ? "" : "/" + decimal(den));
}

inline std::string shown(const symseq_adapter_value& v) {
  if (v.kind == SYMSEQ_BOOL) return v.integer ? "true" : "false";
  if (v.kind == SYMSEQ_INTEGER) return std::to_string(v.integer);
  return v.text ? v.text : "(null)";
}

// Exact comparison by the expected value's sort: no integer for a bool, reals as reduced fractions.
inline bool same(const Value& expected, const symseq_adapter_value& observed) {
  switch (expected.kind) {
    case Kind::Bool: return observed.kind == SYMSEQ_BOOL && (observed.integer != 0) == (std::strcmp(expected.text, "true") == 0);
    case Kind::Int:
      return (observed.kind == SYMSEQ_INTEGER && std::to_string(observed.integer) == expected.text) ||
             (observed.kind == SYMSEQ_TEXT && observed.text && std::string(observed.text) == expected.text);
    case Kind::Real:
      return (observed.kind == SYMSEQ_INTEGER && std::to_string(observed.integer) == expected.text) ||
             (observed.kind == SYMSEQ_TEXT && observed.text && rationalText(observed.text) == expected.text);
    case Kind::Text: return observed.kind == SYMSEQ_TEXT && observed.text && std::string(observed.text) == expected.text;
  }
  return false;
}

inline std::string action(const char* channel, const std::vector<Value>& values) {
  std::string text = std::string(channel) + "!(";
  for (std::size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + std::string(values[i].text);
  return text + ")";
}

// The library named by SYMSEQ_ADAPTER_LIB, loaded once; its table checked for the ABI version.
inline const symseq_adapter_v1_table* table(std::string& failure) {
  static std::string loadFailure;
  static const symseq_adapter_v1_table* loaded = [] () -> const symseq_adapter_v1_table* {
    const char* path = std::getenv("SYMSEQ_ADAPTER_LIB");
    if (!path || !*path) {
      loadFailure = "set SYMSEQ_ADAPTER_LIB to the adapter library (docs/adapters.md)";
      return nullptr;
    }
    void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      loadFailure = std::string("cannot load the adapter library ") + path + ": " + dlerror();
      return nullptr;
    }
    using Entry = const symseq_adapter_v1_table* (*)();
    const auto entry = reinterpret_cast<Entry>(dlsym(library, "symseq_adapter_v1"));
    if (!entry) {
      loadFailure = std::string("the adapter library ") + path + " has no symseq_adapter_v1";
      return nullptr;
    }
    const symseq_adapter_v1_table* t = entry();
    if (!t || t->abi != SYMSEQ_ADAPTER_ABI_VERSION) {
      loadFailure = std::string("the adapter library ") + path + " has ABI version " +
                    (t ? std::to_string(t->abi) : std::string("none")) + ", not " +
                    std::to_string(SYMSEQ_ADAPTER_ABI_VERSION);
      return nullptr;
    }
    return t;
  }();
  failure = loadFailure;
  return loaded;
}

inline std::vector<std::string> observedVariables() {
  std::vector<std::string> names;
  const char* list = std::getenv("SYMSEQ_OBSERVE");
  std::string text = list ? list : "";
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    const std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!name.empty()) names.push_back(name);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return names;
}

inline int observeTimeoutMs() {
  const char* text = std::getenv("SYMSEQ_OBSERVE_TIMEOUT_MS");
  return text && *text ? std::atoi(text) : 500;
}

// Reset, then each event; the failure ("step 2: expected screen!(Add), observed deliver!(tea)"), or "".
inline std::string run(const char* model, const std::vector<Event>& events) {
  std::string failure;
  const symseq_adapter_v1_table* t = table(failure);
  if (!t) return failure;
  char error[1024] = "";
  void* self = t->open(model, error, sizeof error);
  if (!self) return std::string("open: the adapter answered an error: ") + error;
  struct Closer {
    const symseq_adapter_v1_table* t;
    void* self;
    ~Closer() { t->close(self); }
  } closer{t, self};
  if (t->reset(self, error, sizeof error) != 0) return std::string("reset: the adapter answered an error: ") + error;
  const std::vector<std::string> observe = observedVariables();
  for (const Event& e : events) {
    if (e.op == Op::Input) {
      std::vector<symseq_adapter_value> values;
      std::vector<std::string> texts;
      texts.reserve(e.values.size());  // the values point into it
      for (const Value& v : e.values) {
        symseq_adapter_value out{SYMSEQ_INTEGER, 0, nullptr};
        if (v.kind == Kind::Bool) {
          out = {SYMSEQ_BOOL, std::strcmp(v.text, "true") == 0 ? 1 : 0, nullptr};
        } else if (v.kind == Kind::Text || std::strchr(v.text, '/') || std::strlen(v.text) > 18) {
          texts.emplace_back(v.text);
          out = {SYMSEQ_TEXT, 0, texts.back().c_str()};
        } else {
          out = {SYMSEQ_INTEGER, std::strtoll(v.text, nullptr, 10), nullptr};
        }
        values.push_back(out);
      }
      if (t->input(self, e.channel, values.data(), values.size(), error, sizeof error) != 0)
        return where(e.step) + ": the adapter answered an error to input: " + error;
      continue;
    }
    std::vector<Value> expected = e.values;
    if (e.op == Op::State) {
      if (observe.empty()) continue;
      expected.clear();
      for (const std::string& name : observe) {
        std::size_t k = 0;
        while (k < e.names.size() && name != e.names[k]) ++k;
        if (k == e.names.size()) return "SYMSEQ_OBSERVE names " + name + ": not a state variable of the model";
        expected.push_back(e.values[k]);
      }
    }
    const char* channel = nullptr;
    const symseq_adapter_value* values = nullptr;
    std::size_t count = 0;
    const int got = t->observe(self, observeTimeoutMs(), &channel, &values, &count, error, sizeof error);
    if (got < 0) return where(e.step) + ": the adapter answered an error to observe: " + error;
    const std::string want = e.valuesKnown ? action(e.channel, expected) : std::string(e.channel) + "!(...)";
    if (got == 0) return where(e.step) + ": expected " + want + ", observed quiescence";
    std::string seen = std::string(channel ? channel : "(null)") + "!(";
    for (std::size_t i = 0; i < count; ++i) seen += (i ? ", " : "") + shown(values[i]);
    seen += ")";
    bool match = channel && std::strcmp(channel, e.channel) == 0;
    if (match && e.valuesKnown) {
      match = count == expected.size();
      for (std::size_t i = 0; match && i < count; ++i) match = same(expected[i], values[i]);
    }
    if (!match) return where(e.step) + ": expected " + want + ", observed " + seen;
  }
  return "";
}

}  // namespace symseq_export
)CPP";

std::string gtestFile(const PlannedSuite& suite, const WriterInput& run) {
  std::ostringstream out;
  out << "// Tests of the model " << suite.model << " exported by symseq (gtest writer; docs/export.md).\n//\n"
      << "// Model file " << run.header.model << ", strategy " << run.header.strategy << ", seed " << run.header.seed
      << ". Each test is one sequence of the\n"
      << "// result: reset, then its events in order: an input is sent, an expected output is observed and\n"
      << "// compared exactly. A failure names the step (1-based, as result.txt numbers the steps), the expected\n"
      << "// and the observed values. Loads a shared-library adapter through the C ABI (docs/adapters.md):\n//\n"
      << "//   SYMSEQ_ADAPTER_LIB=/path/libadapter.so ./" << suite.identifier << "_test\n//\n"
      << "// Build with GoogleTest and libdl (find_package(GTest); target_link_libraries(t GTest::gtest_main\n"
      << "// ${CMAKE_DL_LIBS})). SYMSEQ_OBSERVE_TIMEOUT_MS (500): how long an observe waits for an output."
      << (suite.cfg ? "\n// SYMSEQ_OBSERVE: the state variables the adapter reports after each step, comma-separated, in its\n"
                      "// order (none: the state is not observed)."
                    : "")
      << "\n// Generated by symseq: regenerate rather than edit.\n";
  out << kRuntime;
  for (std::size_t i = 0; i < suite.tests.size(); ++i) {
    const PlannedTest& test = suite.tests[i];
    out << "\n// Sequence " << i + 1 << " of " << suite.tests.size() << ".\n";
    out << "TEST(" << suite.identifier << ", sequence_" << i + 1 << ") {\n";
    out << "  using namespace symseq_export;\n";
    out << "  const std::string failure = run(" << quoted(suite.model) << ", {\n";
    for (const PlannedEvent& e : test.events) {
      std::string values;
      for (std::size_t k = 0; k < e.values.size(); ++k) values += (k ? ", " : "") + cValue(e.values[k]);
      std::string names;
      for (std::size_t k = 0; k < e.names.size(); ++k) names += (k ? ", " : "") + quoted(e.names[k]);
      const char* op = !e.names.empty() ? "Op::State" : e.input ? "Op::Input" : "Op::Output";
      out << "    {" << op << ", " << e.step << ", " << quoted(e.channel) << ", {" << values << "}, "
          << (e.valuesKnown ? "true" : "false") << ", {" << names << "}},\n";
    }
    out << "  });\n";
    out << "  if (!failure.empty()) FAIL() << failure;\n";
    out << "}\n";
  }
  return out.str();
}

class GtestWriter final : public Writer {
 public:
  std::vector<OutputFile> write(const WriterInput& run) const override {
    const PlannedSuite suite = plan(run);
    return {{suite.identifier + "_test.cpp", gtestFile(suite, run)}};
  }
};

PluginPtr<Writer> make(const Options&) { return makePluginPtr<GtestWriter>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Writer,
    .name = "gtest",
    .version = "1.0.0",
    .summary = "<model>_test.cpp: the sequences as a GoogleTest suite against a shared-library adapter (docs/export.md)",
    .makeWriter = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
