"""A mock of configs/models/fig4.cfg behind a process adapter (docs/adapters.md), for the export
test's CFG case (tests/e2e/ExportTests.py): each `step` input is one loop iteration, and each
observe answers `state` with x and y (the run's SYMSEQ_OBSERVE=x,y). With VENDING_MOCK_BUG=1 the
loop adds 2 to y instead of 3."""
import json
import os
import sys

STEP = 2 if os.environ.get("VENDING_MOCK_BUG") == "1" else 3


def main():
    started, x, y = False, 0, 0
    for line in sys.stdin:
        request = json.loads(line)
        op, answer = request["op"], {"ok": True}
        if op == "reset":
            started, x, y = False, 0, 0
        elif op == "input":
            a = request["values"][0]
            if not started and a > 0:
                started, x, y = True, a, 2 * a
            if started and y > x:
                x, y = 2 * x, y + STEP
        elif op == "observe":
            answer = {"output": "state", "values": [x, y]}
        print(json.dumps(answer), flush=True)
        if op == "quit":
            return


main()
