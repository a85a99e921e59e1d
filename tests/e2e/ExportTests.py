"""The exported test scripts (docs/export.md) run without symseq and give the right verdicts.

configs/vending.toml's sequences exported by the `pytest` and `gtest` writers, then run against
the mock vending machines of tests/data/export: the Python process adapter through pytest
(/usr/bin/python3 -m pytest, Debian's python3-pytest) and the C shared-library adapter through
GoogleTest (the generated file built by a CMake project with find_package(GTest)). Each must
pass on the correct mock; on the mock with the price bug (VENDING_MOCK_BUG=1) sequence 2 must
fail naming step 2, the expected and the observed output, the others pass; on the one that delivers
the wrong drink (VENDING_MOCK_BUG=2), sequence 3 fails naming both drinks; on a process adapter
that never answers an observe, the tests that observe fail with a timeout instead of hanging.
Every shipped run file (configs/*.toml) is also exported by both writers, each Python file
byte-compiled, and a CFG model's C++ file (fig4) compiled; fig4's pytest file runs against a mock
of fig4 (tests/data/export/fig4_adapter.py) with SYMSEQ_OBSERVE=x,y, and fails naming step 2 on
its buggy variant.

Registered in tests/e2e/CMakeLists.txt as e2e.export:
  /usr/bin/python3 ExportTests.py --symseq BIN --source-dir SRC --work-dir DIR --cmake CMAKE --mock-lib LIB
"""
import argparse
import os
import pathlib
import py_compile
import shutil
import subprocess
import sys

FAILURE = "step 2: expected screen!(Add), observed deliver!(tea)"
WRONG_DRINK = "step 2: expected deliver!(tea), observed deliver!(coffee)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symseq", required=True)
    ap.add_argument("--source-dir", required=True, type=pathlib.Path)
    ap.add_argument("--work-dir", required=True, type=pathlib.Path)
    ap.add_argument("--cmake", required=True)
    ap.add_argument("--mock-lib", required=True)
    a = ap.parse_args()
    src, work = a.source_dir, a.work_dir
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    failures = []

    def run(cmd, env=None, cwd=None, timeout=600):
        full = dict(os.environ, **(env or {}))
        proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, env=full, cwd=cwd, timeout=timeout)
        return proc.returncode, proc.stdout + proc.stderr

    def expect(name, result, code, contains=(), absent=()):
        rc, out = result
        ok = (rc == code if code is not None else rc != 0)
        missing = [c for c in contains if c not in out]
        present = [c for c in absent if c in out]
        if not ok or missing or present:
            failures.append(f"{name}: exit {rc} (expected {'non-zero' if code is None else code}); "
                            f"missing {missing}; unexpected {present}\n{out[-3000:]}")
        else:
            print(f"ok: {name}")

    # Every shipped run file exports, and each Python file compiles.
    for run_file in sorted((src / "configs").glob("*.toml")):
        out = work / "all" / run_file.stem
        rc, text = run([a.symseq, "run", run_file, "--set", f'output.dir="{out}"',
                        "--set", 'output.formats=["pytest", "gtest"]', "--set", "budgets.time_s=20"])
        scripts = sorted(out.glob("test_*.py"))
        if rc not in (0, 1) or len(scripts) != 1 or len(list(out.glob("*_test.cpp"))) != 1:
            failures.append(f"{run_file.name}: exit {rc}, exported {[p.name for p in out.iterdir()] if out.exists() else []}\n{text[-2000:]}")
            continue
        try:
            py_compile.compile(str(scripts[0]), doraise=True)
        except py_compile.PyCompileError as e:
            failures.append(f"{scripts[0]}: does not compile: {e}")

    gen = work / "all" / "vending"
    script, source = gen / "test_vending.py", gen / "vending_test.cpp"
    if not script.exists() or not source.exists():
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)

    # pytest against the process adapter: pass, the price bug named at its step, a hang bounded.
    adapter = f"/usr/bin/python3 {src / 'tests' / 'data' / 'export' / 'vending_adapter.py'}"
    pytest = ["/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", script]
    expect("pytest, correct machine", run(pytest, {"SYMSEQ_ADAPTER": adapter}, work), 0, ["3 passed"])
    expect("pytest, price bug", run(pytest, {"SYMSEQ_ADAPTER": adapter, "VENDING_MOCK_BUG": "1"}, work), 1,
           ["test_vending.py::test_sequence_2", FAILURE, "1 failed, 2 passed"])
    expect("pytest, wrong drink", run(pytest, {"SYMSEQ_ADAPTER": adapter, "VENDING_MOCK_BUG": "2"}, work), 1,
           ["test_vending.py::test_sequence_3", WRONG_DRINK, "1 failed, 2 passed"])
    expect("pytest, adapter that hangs",
           run(pytest, {"SYMSEQ_ADAPTER": adapter, "VENDING_MOCK_BUG": "hang", "SYMSEQ_OBSERVE_TIMEOUT_MS": "100",
                        "SYMSEQ_ADAPTER_TIMEOUT_MS": "300"}, work, timeout=120), 1,
           ["step 2: timeout: no answer to observe within 400 ms", "3 failed"])
    expect("pytest, no adapter named", run(pytest, {"SYMSEQ_ADAPTER": ""}, work), 1,
           ["set SYMSEQ_ADAPTER to the adapter's command line"])

    # A CFG model (fig4): each step's state, compared on the variables SYMSEQ_OBSERVE names.
    fig4_script = work / "all" / "fig4" / "test_fig4.py"
    fig4_adapter = f"/usr/bin/python3 {src / 'tests' / 'data' / 'export' / 'fig4_adapter.py'}"
    cfg = ["/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", fig4_script]
    expect("pytest, CFG model", run(cfg, {"SYMSEQ_ADAPTER": fig4_adapter, "SYMSEQ_OBSERVE": "x,y"}, work), 0, ["1 passed"])
    expect("pytest, CFG model with a bug", run(cfg, {"SYMSEQ_ADAPTER": fig4_adapter, "SYMSEQ_OBSERVE": "x,y",
                                                      "VENDING_MOCK_BUG": "1"}, work), 1,
           ["step 2: expected state!(6, 9), observed state!(6, 8)"])

    # GoogleTest: the generated file built as a user would, then run on the shared-library adapter.
    project = work / "gtest"
    project.mkdir()
    fig4 = work / "all" / "fig4" / "fig4_test.cpp"
    (project / "CMakeLists.txt").write_text(f"""cmake_minimum_required(VERSION 3.16)
project(exported CXX)
find_package(GTest REQUIRED)
foreach(name vending fig4)
  add_executable(${{name}}_test ${{SOURCE_${{name}}}})
  target_compile_features(${{name}}_test PRIVATE cxx_std_17)
  target_compile_options(${{name}}_test PRIVATE -Wall -Wextra -Werror)
  target_link_libraries(${{name}}_test PRIVATE GTest::gtest_main ${{CMAKE_DL_LIBS}})
endforeach()
""")
    build = project / "build"
    for step in ([a.cmake, "-S", project, "-B", build, f"-DSOURCE_vending={source}", f"-DSOURCE_fig4={fig4}"],
                 [a.cmake, "--build", build, "-j", "2"]):
        rc, text = run(step)
        if rc != 0:
            failures.append(f"building the exported GoogleTest files: {' '.join(map(str, step))}: exit {rc}\n{text[-4000:]}")
            print("\n".join(failures), file=sys.stderr)
            sys.exit(1)
    test = [build / "vending_test"]
    expect("gtest, correct machine", run(test, {"SYMSEQ_ADAPTER_LIB": a.mock_lib}), 0, ["[  PASSED  ] 3 tests"])
    expect("gtest, price bug", run(test, {"SYMSEQ_ADAPTER_LIB": a.mock_lib, "VENDING_MOCK_BUG": "1"}), None,
           ["[  FAILED  ] vending.sequence_2", FAILURE, "[  PASSED  ] 2 tests"],
           ["[  FAILED  ] vending.sequence_1", "[  FAILED  ] vending.sequence_3"])
    expect("gtest, wrong drink", run(test, {"SYMSEQ_ADAPTER_LIB": a.mock_lib, "VENDING_MOCK_BUG": "2"}), None,
           ["[  FAILED  ] vending.sequence_3", WRONG_DRINK, "[  PASSED  ] 2 tests"])
    expect("gtest, no such library", run(test, {"SYMSEQ_ADAPTER_LIB": str(work / "missing.so")}), None,
           ["cannot load the adapter library"])

    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
