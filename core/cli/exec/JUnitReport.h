#pragma once
// The JUnit XML report of an exec run (Jenkins/Ant format, tests/data/junit.xsd): one testsuite,
// one testcase per sequence (name `sequence N`, classname the model), <failure> for fail with the
// step, expected and observed values, <error> for adapter errors, <skipped> for inconclusive with
// its reason. Written with pugixml.
#include <string>

#include "exec/ExecReport.h"

namespace symseq::exec {

[[nodiscard]] std::string junitXml(const ExecRun& run);

}  // namespace symseq::exec
