#include "exec/JUnitReport.h"

#include <pugixml.hpp>
#include <sstream>

namespace symseq::exec {

namespace {

std::string seconds(double s) {
  std::ostringstream out;
  out.precision(3);
  out << std::fixed << s;
  return out.str();
}

std::string detail(const TestOutcome& t) {
  std::ostringstream out;
  if (t.event) out << "step " << *t.step << ", event " << *t.event << "\n";
  if (!t.request.empty()) out << "request: " << t.request << "\n";
  if (!t.expected.empty()) out << "expected: " << t.expected << "\n";
  if (!t.observed.empty()) out << "observed: " << t.observed << "\n";
  out << "trace:\n";
  for (std::size_t e = 0; e < t.trace.size(); ++e) out << "  " << (e + 1) << "  " << t.trace[e] << "\n";
  return out.str();
}

}  // namespace

std::string junitXml(const ExecRun& run) {
  pugi::xml_document doc;
  auto decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  decl.append_attribute("encoding") = "UTF-8";
  double total = 0;
  for (const TestOutcome& t : run.tests) total += t.seconds;
  const auto counts = [&](pugi::xml_node n) {
    n.append_attribute("tests") = std::to_string(run.tests.size()).c_str();
    n.append_attribute("failures") = std::to_string(run.count(ExecVerdict::Fail)).c_str();
    n.append_attribute("errors") = std::to_string(run.count(ExecVerdict::Error)).c_str();
    n.append_attribute("skipped") = std::to_string(run.count(ExecVerdict::Inconclusive)).c_str();
    n.append_attribute("time") = seconds(total).c_str();
  };
  pugi::xml_node suites = doc.append_child("testsuites");
  suites.append_attribute("name") = ("symseq exec " + run.model).c_str();
  counts(suites);
  pugi::xml_node suite = suites.append_child("testsuite");
  suite.append_attribute("name") = ("symseq exec " + run.model).c_str();
  counts(suite);
  pugi::xml_node properties = suite.append_child("properties");
  const auto property = [&](const std::string& name, const std::string& value) {
    pugi::xml_node p = properties.append_child("property");
    p.append_attribute("name") = name.c_str();
    p.append_attribute("value") = value.c_str();
  };
  property("result", run.result);
  property("adapter", run.adapter);
  for (std::size_t k = 0; k < run.tests.size(); ++k) {
    const TestOutcome& t = run.tests[k];
    pugi::xml_node c = suite.append_child("testcase");
    c.append_attribute("name") = ("sequence " + std::to_string(k + 1)).c_str();
    c.append_attribute("classname") = run.model.c_str();
    c.append_attribute("time") = seconds(t.seconds).c_str();
    std::string message = t.reason;
    if (t.event && *t.event > 0) message = "step " + std::to_string(*t.step) + ": " + message;
    if (!t.expected.empty()) message += "; expected " + t.expected;
    if (!t.observed.empty() && t.observed != t.reason) message += ", observed " + t.observed;
    switch (t.verdict) {
      case ExecVerdict::Pass: break;
      case ExecVerdict::Fail: {
        pugi::xml_node f = c.append_child("failure");
        f.append_attribute("message") = message.c_str();
        f.append_attribute("type") = t.reason.starts_with("timeout") ? "timeout"
                                     : t.reason.starts_with("exited") || t.reason.starts_with("killed") ? "crash"
                                                                                                        : "deviation";
        f.text().set(detail(t).c_str());
        break;
      }
      case ExecVerdict::Error: {
        pugi::xml_node e = c.append_child("error");
        e.append_attribute("message") = message.c_str();
        e.append_attribute("type") = t.reason.starts_with("protocol") ? "protocol" : "adapter";
        e.text().set(detail(t).c_str());
        break;
      }
      case ExecVerdict::Inconclusive:
        c.append_child("skipped").append_attribute("message") = ("inconclusive: " + t.reason).c_str();
        break;
    }
    pugi::xml_node out = c.append_child("system-out");
    std::string trace;
    for (std::size_t e = 0; e < t.trace.size(); ++e) trace += std::to_string(e + 1) + "  " + t.trace[e] + "\n";
    out.text().set(trace.c_str());
  }
  std::ostringstream text;
  doc.save(text, "  ", pugi::format_default, pugi::encoding_utf8);
  return text.str();
}

}  // namespace symseq::exec
