#!/usr/bin/python3
"""A mock system under test for CFG tests of `symseq exec`: the program of
configs/models/fig4.cfg, one loop iteration per `step` input, answering observe with the output
`state` carrying the variables named on the command line (the order of `symseq exec --observe`).
With `--bug` the loop body adds 4 to y instead of 3 (fail at the step that runs it)."""
import json
import sys

args = [a for a in sys.argv[1:] if a != "--bug"]
BUG = "--bug" in sys.argv
OBSERVED = args[0].split(",") if args else []


def say(obj):
    print(json.dumps(obj), flush=True)


state = {}
for line in sys.stdin:
    req = json.loads(line)
    op = req["op"]
    if op == "hello":
        say({"ok": True, "name": "fig4-py"})
    elif op == "reset":
        state = {"started": False, "x": 0, "y": 0}
        say({"ok": True})
    elif op == "input":
        (a,) = req["values"]
        s = state
        test = True
        if not s["started"]:
            if a > 0:
                s["x"], s["y"], s["started"] = a, 2 * a, True
            else:
                test = False
        if test and s["y"] > s["x"]:
            s["x"], s["y"] = 2 * s["x"], s["y"] + (4 if BUG else 3)
        say({"ok": True})
    elif op == "observe":
        say({"output": "state", "values": [state[v] for v in OBSERVED]})
    elif op == "quit":
        say({"ok": True})
        break
