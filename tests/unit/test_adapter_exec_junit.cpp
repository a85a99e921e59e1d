// The JUnit XML report of `symseq exec` (docs/exec.md): one testsuite, one testcase per sequence,
// <failure> with the step and the values, <error> for adapter errors, <skipped> for inconclusive;
// it validates against tests/data/junit.xsd with xmllint, and the schema rejects a report that
// breaks the format (so the validation is not vacuous).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "exec/ExecReport.h"
#include "exec/JUnitReport.h"

using namespace symseq;

namespace {

const std::filesystem::path kSchema = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "tests/data/junit.xsd";

exec::ExecRun sampleRun() {
  exec::ExecRun run;
  run.model = "vending";
  run.result = "out/vending/result.json";
  run.adapter = "process 'python3 sut.py'";
  exec::TestOutcome pass;
  pass.reason = "PASS";
  pass.trace = {"coin?(0)", "choice?(coffee)", "screen!(Add)"};
  exec::TestOutcome fail;
  fail.verdict = exec::ExecVerdict::Fail;
  fail.reason = "unexpected output: the model cannot emit it here";
  fail.event = 3;
  fail.step = 2;
  fail.request = "observe";
  fail.expected = "deliver!(tea)";
  fail.observed = "deliver!(coffee)";
  fail.trace = {"coin?(150)", "choice?(tea)", "deliver!(coffee)"};
  exec::TestOutcome error;
  error.verdict = exec::ExecVerdict::Error;
  error.reason = "protocol: the answer is not a JSON object: '<&>'";
  error.event = 3;
  error.step = 2;
  exec::TestOutcome inconclusive;
  inconclusive.verdict = exec::ExecVerdict::Inconclusive;
  inconclusive.reason = "the system took a path the model allows but the test did not plan";
  run.tests = {pass, fail, error, inconclusive};
  return run;
}

// xmllint's exit status for `text` against the schema.
int validate(const std::string& text, const std::string& name) {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / ("symseq-junit-" + name + ".xml");
  std::ofstream(file) << text;
  const std::string command = "xmllint --noout --schema '" + kSchema.string() + "' '" + file.string() + "' 2>/dev/null";
  const int status = std::system(command.c_str());
  std::filesystem::remove(file);
  return status;
}

}  // namespace

TEST_CASE("exec junit - the report validates against the JUnit schema and says each outcome") {
  const std::string xml = exec::junitXml(sampleRun());
  CHECK(validate(xml, "sample") == 0);
  CHECK(xml.find("<testsuite name=\"symseq exec vending\" tests=\"4\" failures=\"1\" errors=\"1\" skipped=\"1\"") !=
        std::string::npos);
  CHECK(xml.find("<testcase name=\"sequence 2\" classname=\"vending\"") != std::string::npos);
  CHECK(xml.find("<failure message=\"step 2: unexpected output: the model cannot emit it here; expected deliver!(tea), "
                 "observed deliver!(coffee)\" type=\"deviation\">") != std::string::npos);
  // Markup in a reason is escaped.
  CHECK(xml.find("<error message=\"step 2: protocol: the answer is not a JSON object: '&lt;&amp;") != std::string::npos);
  CHECK(xml.find("type=\"protocol\">step 2, event 3") != std::string::npos);
  CHECK(xml.find("<skipped message=\"inconclusive: the system took a path the model allows but the test did not plan\"") !=
        std::string::npos);
}

TEST_CASE("exec junit - the schema rejects a report that breaks the format") {
  const std::string xml = exec::junitXml(sampleRun());
  std::string noClass = xml;
  const auto at = noClass.find(" classname=\"vending\"");
  REQUIRE(at != std::string::npos);
  noClass.erase(at, std::string(" classname=\"vending\"").size());
  CHECK(validate(noClass, "no-classname") != 0);
  std::string twoOutcomes = xml;
  const auto skipped = twoOutcomes.find("<skipped ");
  REQUIRE(skipped != std::string::npos);
  twoOutcomes.insert(skipped, "<failure message=\"x\"/>");
  CHECK(validate(twoOutcomes, "two-outcomes") != 0);
}
