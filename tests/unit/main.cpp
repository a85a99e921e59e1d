// The doctest runner, with one rule added: a run whose filters select no test case fails.
// ctest runs each case as `symseq-tests --test-case=<name>`; a name ctest mangles (a `;` splits
// it in two) would otherwise select nothing and pass (tests/README.md, "Every case runs").
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <iostream>

#include "symseq/support/SanitizerDefaults.h"

namespace {

// Test cases the last run executed; stays unset for queries (--count, --list-test-cases).
struct CasesRun {
  static inline bool ran = false;
  static inline unsigned count = 0;
};

class CountCasesRun final : public doctest::IReporter {
 public:
  explicit CountCasesRun(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats& stats) override {
    CasesRun::ran = true;
    CasesRun::count = stats.numTestCasesPassingFilters;
  }
  void test_case_start(const doctest::TestCaseData&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};

}  // namespace


REGISTER_LISTENER("count-cases-run", 1, CountCasesRun);

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int status = context.run();
  if (context.shouldExit() || status != 0) return status;
  if (CasesRun::ran && CasesRun::count == 0) {
    std::cerr << "error: the filters select no test case, so nothing was tested; check the --test-case "
                 "argument (a test case name must not contain ';', which ctest splits at)\n";
    return 1;
  }
  return 0;
}
