"""Every JSON output of symseq validates against its schema under schemas/ (schemas/README.md).

Runs every shipped run file (configs/*.toml) with every shipped JSON writer (json, tree, graphs),
`symseq feasibility` (with and without --infer), `symseq verdict` on the cases of
tests/e2e/verdict, `symseq exec` on the vending tests (mock adapters), and a tiny bench matrix; then validates each JSON file they wrote, each line
of the bench's results file and of the committed configs/bench/*.jsonl against its schema
(draft 2020-12, Debian's python3-jsonschema). Fails on a file that does not validate (naming the
file, the JSON path and what is wrong), on a JSON output no schema claims, and on a schema no
output exercised. It also checks each schema is strict: the first document of each kind, with a
required field renamed or removed, must be refused.

Registered in tests/e2e/CMakeLists.txt as e2e.schemas:
  /usr/bin/python3 ValidateSchemas.py --symseq BIN --source-dir SRC --work-dir DIR
"""
import argparse
import copy
import json
import pathlib
import shutil
import subprocess
import sys

import jsonschema

# Output file name to schema stem; a graph writer file is graph-<instance>.json.
KINDS = {"result.json": "result", "tree.json": "tree", "feasibility.json": "feasibility",
         "contracts.json": "contracts", "verdict.json": "verdict", "exec.json": "exec"}
ALL_JSON_WRITERS = '["json", "text", "dot", "tree", "graphs"]'


def kind_of(path: pathlib.Path):
    if path.suffix == ".jsonl":
        return "bench-record"
    if path.name.startswith("graph-") and path.suffix == ".json":
        return "graph"
    return KINDS.get(path.name)


def run(cmd, failures, expect=(0,)):
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600)
    if proc.returncode not in expect:
        failures.append(f"{' '.join(map(str, cmd))}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
    return proc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symseq", required=True)
    ap.add_argument("--source-dir", required=True, type=pathlib.Path)
    ap.add_argument("--work-dir", required=True, type=pathlib.Path)
    a = ap.parse_args()
    src, work = a.source_dir, a.work_dir
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    failures = []

    # Every shipped run file, with every writer that writes JSON, on a small time budget.
    for run_file in sorted((src / "configs").glob("*.toml")):
        out = work / "run" / run_file.stem
        run([a.symseq, "run", run_file, "--set", f'output.dir="{out}"', "--set", f"output.formats={ALL_JSON_WRITERS}",
             "--set", "budgets.time_s=20"], failures, expect=(0, 1))
    # symseq feasibility, as docs/contracts.md runs it (a feasible set, an infeasible one, --infer).
    for name, run_file, paths, extra in [
            ("vending", "vending", "vending-cycle", []), ("vending-cw", "vending-cw", "vending-cycle", []),
            ("vending-none", "vending-none", "vending-two-drinks", ["--infer"])]:
        run([a.symseq, "feasibility", src / "configs" / f"{run_file}.toml", "--paths",
             src / "configs" / "paths" / f"{paths}.paths", *extra, "--set", f'output.dir="{work / "feasibility" / name}"'],
            failures)
    # symseq verdict: PASS, INCONC, FAIL (exit 1) and WeakPASS.
    cases = src / "tests" / "e2e" / "verdict"
    for name, run_file, purpose, trace, code in [
            ("pass", src / "configs" / "vending.toml", "vending-purpose.txt", "vending-pass.json", 0),
            ("inconc", src / "configs" / "vending.toml", "vending-purpose.txt", "vending-inconc.json", 0),
            ("fail", src / "configs" / "vending.toml", "vending-purpose.txt", "vending-fail.json", 1),
            ("weakpass", cases / "answering.toml", "answering-purpose.txt", "answering-weakpass.json", 0)]:
        run([a.symseq, "verdict", run_file, "--purpose", cases / purpose, "--trace", cases / trace,
             "--set", f'output.dir="{work / "verdict" / name}"'], failures, expect=(code,))
    # symseq exec on the vending run's tests through the mock adapters: all pass, and a wrong output.
    mock = f"/usr/bin/python3 {src / 'tests' / 'data' / 'adapters' / 'vending.py'}"
    for name, mode, code in [("correct", "correct", 0), ("wrong", "wrong", 1)]:
        run([a.symseq, "exec", work / "run" / "vending", "--adapter", f"{mock} {mode}", "-o", work / "exec" / name],
            failures, expect=(code,))
    # A tiny bench matrix (three run files, two solvers).
    run([a.symseq, "bench", src / "tests" / "e2e" / "bench" / "resume.toml", "--out", work / "bench.jsonl"], failures)

    schemas = {}
    for path in sorted((src / "schemas").glob("*-1.schema.json")):
        schema = json.loads(path.read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        schemas[path.name[: -len("-1.schema.json")]] = jsonschema.Draft202012Validator(schema)

    documents = []  # (where, kind, document)
    for path in sorted(work.rglob("*.json")) + sorted(work.rglob("*.jsonl")) + sorted((src / "configs" / "bench").glob("*.jsonl")):
        kind = kind_of(path)
        if kind is None:
            failures.append(f"{path}: a JSON output that no schema under schemas/ describes")
            continue
        if path.suffix == ".jsonl":
            for n, line in enumerate(path.read_text().splitlines(), 1):
                documents.append((f"{path}:{n}", kind, json.loads(line)))
        else:
            documents.append((str(path), kind, json.loads(path.read_text())))

    used = {}
    for where, kind, doc in documents:
        error = jsonschema.exceptions.best_match(schemas[kind].iter_errors(doc))
        if error is not None:
            failures.append(f"{where}: not a valid {kind} (schemas/{kind}-1.schema.json): at {error.json_path}: {error.message[:300]}")
        used.setdefault(kind, doc)
    for kind in sorted(set(schemas) - set(used)):
        failures.append(f"schemas/{kind}-1.schema.json: no output of the runs exercised it")

    # Strictness: a misspelt or a missing required field is refused.
    for kind, doc in sorted(used.items()):
        field = next(k for k in doc if k not in ("format", "version", "type"))
        misspelt = copy.deepcopy(doc)
        misspelt[field + "s"] = misspelt.pop(field)
        missing = copy.deepcopy(doc)
        del missing[field]
        for what, bad in (("renamed", misspelt), ("removed", missing)):
            if schemas[kind].is_valid(bad):
                failures.append(f"schemas/{kind}-1.schema.json accepts a document with '{field}' {what}")

    print(f"{len(documents)} JSON documents checked against {len(schemas)} schemas: "
          + ", ".join(f"{k}" for k in sorted(used)))
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
