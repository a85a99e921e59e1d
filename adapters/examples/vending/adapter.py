#!/usr/bin/env python3
"""The process adapter of the vending machine (docs/adapters.md, protocol 1), standard library only.

symseq starts it and writes one JSON request per line on its stdin; it answers one JSON object per
line on its stdout. It runs the machine program (main.c, built as vending-machine or, with the
planted bug, vending-machine-buggy) as a child process and speaks the program's text protocol:
a command per line ("coin 100", "choice tea", "reset"), answered by the outputs, one per line
("screen Credit 100", "deliver tea 0"), and "." when the machine has nothing more to say.

    python3 adapter.py --machine build/bin/vending-machine          # the correct machine
    python3 adapter.py --machine build/bin/vending-machine-buggy    # the planted bug
    VENDING_MACHINE=build/bin/vending-machine python3 adapter.py    # the same, by environment
    python3 adapter.py          # build/bin/vending-machine of the repository's build/ folder

When the machine program dies, the adapter says so on stderr and exits with status 3: the system
under test crashed, which symseq reports as a failed test (docs/adapters.md, "Timing and failures").
"""
import argparse
import json
import os
import subprocess
import sys

MODEL = "vending_machine"
PROTOCOL = 1
INPUTS = {"coin": "int", "choice": "drink"}
DRINKS = ("tea", "coffee", "chocolate")
MESSAGES = ("Credit", "Missing", "Refused")


class MachineDied(Exception):
    pass


class Machine:
    """The machine program as a child process, one reaction at a time."""

    def __init__(self, path):
        self.path = path
        self.child = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def command(self, line):
        """Sends one command; returns its outputs as (channel, values) pairs, or raises ValueError
        with the machine's error text."""
        try:
            self.child.stdin.write(line + "\n")
            self.child.stdin.flush()
        except BrokenPipeError:
            raise MachineDied(self.died())
        outputs = []
        while True:
            answer = self.child.stdout.readline()
            if answer == "":
                raise MachineDied(self.died())
            answer = answer.rstrip("\n")
            if answer == ".":
                return outputs
            outputs.append(self.parse(answer))

    def parse(self, answer):
        words = answer.split(" ")
        if words[0] == "error":
            raise ValueError(answer[len("error "):])
        if len(words) == 3 and words[0] == "screen" and words[1] in MESSAGES:
            return ("screen", [words[1], int(words[2])])
        if len(words) == 3 and words[0] == "deliver" and words[1] in DRINKS:
            return ("deliver", [words[1], int(words[2])])
        raise MachineDied("the machine wrote '%s', which is no output of the model" % answer)

    def died(self):
        try:
            self.child.stdin.close()
        except BrokenPipeError:
            pass  # the machine is gone: what was not written is lost with it
        status = self.child.wait()
        how = "was killed by signal %d" % -status if status < 0 else "exited with status %d" % status
        return "the machine program %s %s" % (self.path, how)

    def close(self):
        if self.child.poll() is None:
            try:
                self.child.stdin.close()
            except BrokenPipeError:
                pass
            self.child.wait()


def check_input(channel, values):
    """The machine's command for an input request, or an error text."""
    if channel not in INPUTS:
        return None, "no input channel '%s' (coin, choice)" % channel
    if not isinstance(values, list) or len(values) != 1:
        return None, "%s takes one value" % channel
    value = values[0]
    if channel == "coin":
        if isinstance(value, bool) or not isinstance(value, int) or not -2**63 <= value < 2**63:
            return None, "coin takes one integer within 64 bits, got %s" % json.dumps(value)
        return "coin %d" % value, None
    if value not in DRINKS:
        return None, "no drink %s (tea, coffee, chocolate)" % json.dumps(value)
    return "choice %s" % value, None


def serve(machine, requests, answers):
    pending = []  # outputs not yet observed, oldest first
    greeted = False

    def answer(obj):
        answers.write(json.dumps(obj, separators=(",", ":")) + "\n")
        answers.flush()

    for line in requests:
        try:
            request = json.loads(line)
        except ValueError as e:
            answer({"error": "a request that is not JSON: %s" % e})
            continue
        op = request.get("op") if isinstance(request, dict) else None
        if op == "hello":
            if request.get("protocol") != PROTOCOL:
                answer({"error": "this adapter speaks protocol %d, not %s" % (PROTOCOL, json.dumps(request.get("protocol")))})
            elif request.get("model") != MODEL:
                answer({"error": "this adapter drives the model '%s', not %s" % (MODEL, json.dumps(request.get("model")))})
            else:
                greeted = True
                answer({"ok": True, "name": "vending-machine (process, %s)" % os.path.basename(machine.path)})
        elif op == "quit":
            answer({"ok": True})
            return
        elif not greeted:
            answer({"error": "the first request must be hello"})
        elif op == "reset":
            machine.command("reset")
            pending.clear()
            answer({"ok": True})
        elif op == "input":
            command, error = check_input(request.get("channel"), request.get("values"))
            if error is None:
                try:
                    pending.extend(machine.command(command))
                except ValueError as e:
                    error = str(e)
            answer({"error": error} if error is not None else {"ok": True})
        elif op == "observe":
            # The machine answers every command before its ".": what is not pending never comes.
            if pending:
                channel, values = pending.pop(0)
                answer({"output": channel, "values": values})
            else:
                answer({"quiescence": True})
        else:
            answer({"error": "unknown op %s (hello, reset, input, observe, quit)" % json.dumps(op)})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # Without --machine or VENDING_MACHINE: the correct machine of a build in <repository>/build.
    built = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "build", "bin", "vending-machine")
    parser.add_argument("--machine", default=os.environ.get("VENDING_MACHINE") or os.path.normpath(built),
                        help="the machine program (default: $VENDING_MACHINE, else build/bin/vending-machine)")
    args = parser.parse_args()
    if not os.access(args.machine, os.X_OK):
        parser.error("cannot run the machine program '%s'" % args.machine)
    machine = Machine(args.machine)
    try:
        serve(machine, sys.stdin, sys.stdout)
    except MachineDied as e:
        sys.stderr.write("vending adapter: %s\n" % e)
        return 3
    finally:
        machine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
