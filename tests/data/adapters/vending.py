#!/usr/bin/python3
"""A mock system under test with its process adapter, for `symseq exec` tests: the drink vending
machine of configs/models/vending.iosts (tea 150, coffee 200) speaking the adapter protocol of
docs/adapters.md on stdin/stdout. The first argument picks a behaviour:

  correct    as the model with C_r allows: screen(Add) below the price, deliver(d) at or above it
  wrong      delivers coffee whatever was chosen (an output the model never allows: fail)
  unplanned  tea costs 160 (allowed by C_r): 150 coins give screen(Add) where the test planned
             deliver(tea) (inconclusive)
  crash      kills itself with SIGSEGV on the choice (fail, killed by signal 11)
  exit       exits with status 3 on the choice (fail, exited with status 3)
  hang       sleeps forever on the choice (fail, timeout)
  garbage    answers observe with a line that is not JSON (error, protocol)
  refuse     answers every input with {"error": ...} (error, the adapter's text)
  badkey     answers observe with a misspelt key (error, protocol, did-you-mean)
"""
import json
import os
import signal
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "correct"
PRICES = {"tea": 160 if MODE == "unplanned" else 150, "coffee": 200}


def say(obj):
    print(json.dumps(obj), flush=True)


def main():
    money = 0
    pending = []
    for line in sys.stdin:
        req = json.loads(line)
        op = req["op"]
        if op == "hello":
            say({"ok": True, "name": "vending-py-" + MODE})
        elif op == "reset":
            money, pending = 0, []
            say({"ok": True})
        elif op == "input":
            if MODE == "refuse":
                say({"error": "coin slot jammed"})
                continue
            if req["channel"] == "coin":
                money += req["values"][0]
            else:
                drink = req["values"][0]
                if MODE == "crash":
                    os.kill(os.getpid(), signal.SIGSEGV)
                if MODE == "exit":
                    sys.exit(3)
                if MODE == "hang":
                    time.sleep(3600)
                if money < PRICES[drink]:
                    pending.append({"output": "screen", "values": ["Add"]})
                else:
                    pending.append({"output": "deliver", "values": ["coffee" if MODE == "wrong" else drink]})
                    money = 0
            say({"ok": True})
        elif op == "observe":
            if MODE == "garbage":
                print("this is not JSON", flush=True)
            elif MODE == "badkey":
                say({"outptu": "screen", "values": ["Add"]})
            elif pending:
                say(pending.pop(0))
            else:
                say({"quiescence": True})
        elif op == "quit":
            say({"ok": True})
            return
        else:
            say({"error": "unknown op " + op})


main()
