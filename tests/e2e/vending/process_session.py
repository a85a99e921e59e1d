"""A scripted protocol session (docs/adapters.md) with the vending machine's process adapter
(adapters/examples/vending/adapter.py), as symseq exec will hold it, checking every answer.

    /usr/bin/python3 process_session.py ADAPTER.py MACHINE correct|buggy
    /usr/bin/python3 process_session.py ADAPTER.py MACHINE dies

`correct` and `buggy` differ at one step only: choosing chocolate, where the correct machine shows
the missing amount and the buggy one stays silent. `dies` runs a machine program that exits at
once: the adapter must exit with status 3 and say why on stderr, not hang or answer garbage.
Exits 0 when every answer is the expected one; otherwise prints the first difference and exits 1."""
import json
import subprocess
import sys


def main():
    adapter, machine, variant = sys.argv[1:4]
    proc = subprocess.Popen([sys.executable, adapter, "--machine", machine], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE if variant == "dies" else None, text=True)

    def ask(request, expected):
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        got = json.loads(line) if line else None
        if got != expected:
            sys.exit("request %s: expected %s, got %s" % (json.dumps(request), json.dumps(expected),
                                                          line.strip() or "end of output"))

    if variant == "dies":
        ask({"op": "hello", "protocol": 1, "model": "vending_machine"},
            {"ok": True, "name": "vending-machine (process, %s)" % machine.rsplit("/", 1)[-1]})
        ask({"op": "reset"}, None)
        status = proc.wait(timeout=10)
        err = proc.stderr.read()
        if status != 3 or "exited with status" not in err:
            sys.exit("a dying machine: expected exit 3 and a message, got exit %d, stderr %r" % (status, err))
        print("the adapter reports the machine's death: %s" % err.strip())
        return

    silent = {"quiescence": True}
    # Refusals first: each an error answer, and the session goes on.
    ask({"op": "reset"}, {"error": "the first request must be hello"})
    ask({"op": "hello", "protocol": 2, "model": "vending_machine"}, {"error": "this adapter speaks protocol 1, not 2"})
    ask({"op": "hello", "protocol": 1, "model": "vending"},
        {"error": "this adapter drives the model 'vending_machine', not \"vending\""})
    ask({"op": "hello", "protocol": 1, "model": "vending_machine"},
        {"ok": True, "name": "vending-machine (process, %s)" % machine.rsplit("/", 1)[-1]})
    ask({"op": "input", "channel": "soup", "values": [1]}, {"error": "no input channel 'soup' (coin, choice)"})
    ask({"op": "input", "channel": "choice", "values": ["soup"]},
        {"error": "no drink \"soup\" (tea, coffee, chocolate)"})
    ask({"op": "input", "channel": "coin", "values": [2**64]},
        {"error": "coin takes one integer within 64 bits, got 18446744073709551616"})
    ask({"op": "dance"}, {"error": "unknown op \"dance\" (hello, reset, input, observe, quit)"})
    # A test: two coins, a refused one, coffee with change.
    ask({"op": "reset"}, {"ok": True})
    ask({"op": "observe", "timeout_ms": 100}, silent)
    ask({"op": "input", "channel": "coin", "values": [100]}, {"ok": True})
    ask({"op": "observe", "timeout_ms": 100}, {"output": "screen", "values": ["Credit", 100]})
    ask({"op": "observe", "timeout_ms": 100}, silent)
    ask({"op": "input", "channel": "coin", "values": [500]}, {"ok": True})
    ask({"op": "observe", "timeout_ms": 100}, {"output": "screen", "values": ["Refused", 500]})
    ask({"op": "input", "channel": "coin", "values": [80]}, {"ok": True})
    ask({"op": "observe", "timeout_ms": 100}, {"output": "screen", "values": ["Credit", 180]})
    ask({"op": "input", "channel": "choice", "values": ["coffee"]}, {"ok": True})
    ask({"op": "observe", "timeout_ms": 100}, {"output": "deliver", "values": ["coffee", 30]})
    # The next test: reset clears the credit; tea is missing 100.
    ask({"op": "reset"}, {"ok": True})
    ask({"op": "input", "channel": "choice", "values": ["tea"]}, {"ok": True})
    ask({"op": "observe", "timeout_ms": 100}, {"output": "screen", "values": ["Missing", 100]})
    # Chocolate: where the planted bug shows.
    ask({"op": "input", "channel": "choice", "values": ["chocolate"]}, {"ok": True})
    ask({"op": "observe", "timeout_ms": 100},
        {"output": "screen", "values": ["Missing", 180]} if variant == "correct" else silent)
    ask({"op": "quit"}, {"ok": True})
    status = proc.wait(timeout=10)
    if status != 0:
        sys.exit("the adapter exited with %d after quit" % status)
    print("%s machine: every answer as expected" % variant)


if __name__ == "__main__":
    main()
