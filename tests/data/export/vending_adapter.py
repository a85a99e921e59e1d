"""A mock vending machine behind a process adapter (docs/adapters.md), for the export test
(tests/e2e/ExportTests.py): prices tea 150, coffee 200, as configs/vending.toml's tests assume.
With VENDING_MOCK_BUG=1 tea costs 100, so 149 buys a tea: a wrong output the exported tests must name.
With VENDING_MOCK_BUG=2 it delivers coffee whatever was chosen: a wrong value on the right channel.
With VENDING_MOCK_BUG=hang it never answers an observe (the tests' timeout must end it)."""
import json
import os
import sys
import time

BUG = os.environ.get("VENDING_MOCK_BUG", "")
PRICES = {"tea": 100 if BUG == "1" else 150, "coffee": 200}


def main():
    amount, pending = 0, []
    for line in sys.stdin:
        request = json.loads(line)
        op = request["op"]
        answer = {"ok": True}
        if op == "hello":
            answer = {"ok": True, "name": "mock-vending-py"}
        elif op == "reset":
            amount, pending = 0, []
        elif op == "input" and request["channel"] == "coin":
            amount += request["values"][0]
        elif op == "input" and request["channel"] == "choice":
            drink = request["values"][0]
            if amount < PRICES[drink]:
                pending.append({"output": "screen", "values": ["Add"]})
            else:
                pending.append({"output": "deliver", "values": ["coffee" if BUG == "2" else drink]})
                amount = 0
        elif op == "observe":
            if BUG == "hang":
                time.sleep(3600)
            answer = pending.pop(0) if pending else {"quiescence": True}
        elif op == "quit":
            print(json.dumps(answer), flush=True)
            return
        else:
            answer = {"error": f"unknown request {line.strip()}"}
        print(json.dumps(answer), flush=True)


main()
