#!/usr/bin/env python3
"""The shipped system under test end to end (issue 15): generate -> exec -> JUnit -> exported suites.

configs/vending-machine.toml generates the vending machine's suite (data coverage on, so some test
chooses chocolate). `symseq exec` runs it on the real machine (adapters/examples/vending), correct
and with the planted bug, through the Python process adapter and the C shared-library adapter:
the correct machine passes every test, the buggy one fails exactly the chocolate test at its step,
and every JUnit report validates against tests/data/junit.xsd (xmllint). Without data coverage the
suite misses the bug. Then the same suite exported by the `pytest` and `gtest` writers runs without
symseq, the pytest file on the process adapter and the GoogleTest file (built as a user builds it,
with the adapter library compiled in that project) on the library adapter: each test's verdict is
exec's, on both machines.
"""
import argparse
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

failures = []


def run(cmd, env=None, cwd=None, timeout=600):
    full = dict(os.environ)
    full.update(env or {})
    p = subprocess.run([str(c) for c in cmd], env=full, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout + p.stderr


def check(what, ok, detail=""):
    if not ok:
        failures.append(f"{what}\n{detail[-3000:]}")


def main():
    p = argparse.ArgumentParser()
    for opt in ("symseq", "source-dir", "work-dir", "cmake", "machine", "machine-buggy", "adapter-lib",
                "adapter-lib-buggy"):
        p.add_argument("--" + opt, required=True)
    a = p.parse_args()
    src, work = Path(a.source_dir), Path(a.work_dir)
    subprocess.run(["rm", "-rf", str(work)], check=True)
    work.mkdir(parents=True)
    config = src / "configs" / "vending-machine.toml"
    formats = 'output.formats=["json", "text", "pytest", "gtest"]'

    def generate(name, *sets):
        out = work / name
        cmd = [a.symseq, "run", config, "--set", f'output.dir="{out}"', "--set", formats]
        for s in sets:
            cmd += ["--set", s]
        rc, text = run(cmd)
        if rc != 0:
            failures.append(f"symseq run {name}: exit {rc}\n{text}")
            finish()
        return out

    data = generate("data")
    transitions = generate("transitions", "targets.data=false")
    chosen = [i for i, s in enumerate(json.loads((data / "result.json").read_text())["sequences"])
              if "chocolate" in json.dumps(s.get("trace", []))]
    check("data coverage: some test chooses chocolate", len(chosen) >= 1)
    process = f"/usr/bin/python3 {src}/adapters/examples/vending/adapter.py --machine "

    def execute(result, name, adapter_args, code):
        out = work / ("exec-" + name)
        junit = work / (name + ".xml")
        rc, text = run([a.symseq, "exec", result, *adapter_args, "-o", out, "--junit", junit])
        check(f"exec {name}: exit {rc}, expected {code}", rc == code, text)
        doc = json.loads((out / "exec.json").read_text())
        xrc, xtext = run(["xmllint", "--noout", "--schema", src / "tests/data/junit.xsd", junit])
        check(f"exec {name}: the JUnit report validates", xrc == 0, xtext)
        return doc, junit

    verdicts = {}
    for variant, machine, lib in (("correct", a.machine, a.adapter_lib), ("buggy", a.machine_buggy, a.adapter_lib_buggy)):
        for transport, args in (("process", ["--adapter", process + machine]), ("library", ["--adapter-lib", lib])):
            name = f"{variant}-{transport}"
            doc, junit = execute(data, name, args, 0 if variant == "correct" else 1)
            got = [t["verdict"] for t in doc["tests"]]
            verdicts[name] = got
            if variant == "correct":
                check(f"{name}: every test passes", got and all(v == "pass" for v in got), json.dumps(doc, indent=1))
            else:
                failed = [i for i, v in enumerate(got) if v != "pass"]
                check(f"{name}: exactly the chocolate test fails", failed == chosen[:1] and got[failed[0]] == "fail",
                      json.dumps(doc, indent=1))
                for i in failed:
                    step = doc["tests"][i].get("failing_step", {})
                    check(f"{name}: the failing step is named", step.get("step") == 1 and "observed" in step,
                          json.dumps(doc["tests"][i], indent=1))
                    cases = ET.parse(junit).getroot().iter("testcase")
                    messages = [f.get("message", "") for c in cases for f in c.iter("failure")]
                    check(f"{name}: the JUnit failure names the step", any("step 1" in m for m in messages),
                          "\n".join(messages))
        check(f"{variant}: process and library adapters agree", verdicts[f"{variant}-process"] == verdicts[f"{variant}-library"],
              str(verdicts))
    doc, _ = execute(transitions, "transitions-buggy", ["--adapter", process + a.machine_buggy], 0)
    check("without data coverage the suite misses the bug", all(t["verdict"] == "pass" for t in doc["tests"]))

    def exported(kind, results):
        """Per test, pass or fail, as exec names them, from an exported suite's own JUnit/JSON report."""
        out = {}
        if kind == "pytest":
            for case in ET.parse(results).getroot().iter("testcase"):
                n = int(case.get("name").rsplit("_", 1)[1])
                out[n] = "fail" if case.find("failure") is not None or case.find("error") is not None else "pass"
        else:
            for suite in json.loads(Path(results).read_text())["testsuites"]:
                for case in suite["testsuite"]:
                    out[int(case["name"].rsplit("_", 1)[1])] = "fail" if case.get("failures") else "pass"
        return [out[k] for k in sorted(out)]

    # pytest on the process adapter.
    script = data / "test_vending_machine.py"
    for variant, machine in (("correct", a.machine), ("buggy", a.machine_buggy)):
        report = work / f"pytest-{variant}.xml"
        rc, text = run(["/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}", script],
                       {"SYMSEQ_ADAPTER": process + machine}, work)
        got = exported("pytest", report)
        check(f"pytest on the {variant} machine gives exec's verdicts", got == verdicts[f"{variant}-process"],
              f"pytest {got}, exec {verdicts[f'{variant}-process']}\n{text}")
        if variant == "buggy":
            check("pytest names the failing step", "step 1:" in text, text)

    # GoogleTest, built as a user would, with the adapter library compiled in the same project.
    project = work / "gtest"
    project.mkdir()
    vending = src / "adapters" / "examples" / "vending"
    (project / "CMakeLists.txt").write_text(f"""cmake_minimum_required(VERSION 3.16)
project(exported C CXX)
find_package(GTest REQUIRED)
add_executable(vending_machine_test {data}/vending_machine_test.cpp)
target_compile_features(vending_machine_test PRIVATE cxx_std_17)
target_link_libraries(vending_machine_test PRIVATE GTest::gtest_main ${{CMAKE_DL_LIBS}})
foreach(variant correct buggy)
  add_library(adapter_${{variant}} MODULE {vending}/adapter.c {vending}/machine.c)
  target_include_directories(adapter_${{variant}} PRIVATE {src}/adapters/include {vending})
endforeach()
target_compile_definitions(adapter_buggy PRIVATE PLANTED_BUG)
""")
    build = project / "build"
    for step in ([a.cmake, "-S", project, "-B", build], [a.cmake, "--build", build, "-j", "2"]):
        rc, text = run(step)
        if rc != 0:
            failures.append(f"building the exported GoogleTest file: exit {rc}\n{text[-4000:]}")
            finish()
    for variant in ("correct", "buggy"):
        report = work / f"gtest-{variant}.json"
        rc, text = run([build / "vending_machine_test", f"--gtest_output=json:{report}"],
                       {"SYMSEQ_ADAPTER_LIB": build / f"libadapter_{variant}.so"})
        got = exported("gtest", report)
        check(f"GoogleTest on the {variant} machine gives exec's verdicts", got == verdicts[f"{variant}-library"],
              f"gtest {got}, exec {verdicts[f'{variant}-library']}\n{text}")
        if variant == "buggy":
            check("GoogleTest names the failing step", "step 1:" in text, text)
    finish()


def finish():
    if failures:
        print("\n\n".join(failures), file=sys.stderr)
        sys.exit(1)
    sys.exit(0)


if __name__ == "__main__":
    main()
