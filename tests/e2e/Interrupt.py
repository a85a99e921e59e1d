"""`symseq run` stopped by Ctrl-C (SIGINT) or SIGTERM: the search stops and what was found is still
written, replayed. Usage: Interrupt.py SYMSEQ MODEL WORK_DIR.

The run is the elevator (symtest) with an hour's budget: its search goes on long after its first
covered target. The SIGINT is sent when the progress line (--progress: one line a
second on a pipe) first reports a covered target: an event, not a time. Checked: exit 130, the
message, result.json with the covered targets' sequences (replayed: the kernel writes only those)
and every uncovered target `interrupted`, effective-run.toml; the same for SIGTERM with exit 143.
Then a last run gets two SIGINTs at once: exit 130 (the second ends it at once, or the first had
it written already)."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys

symseq, model, work = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
# Far more than the run needs: only the SIGINT ends it early.
LONG = ["--set", "budgets.time_s=3600", "--progress"]


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def start(out):
    return subprocess.Popen([symseq, "run", model, "--set", 'output.dir="%s"' % out] + LONG, cwd=work,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_coverage(proc):
    """Reads the progress lines until one reports a covered target; returns what was read."""
    seen = []
    for line in proc.stderr:
        seen.append(line)
        m = re.search(r"covered (\d+) of (\d+) targets", line)
        if m and int(m.group(1)) >= 1:
            return seen
    fail("the run ended before its progress line reported a covered target:\n" + "".join(seen))


def check_stopped(sig, code, message, out):
    """Sends `sig` once the first target is covered; checks the exit code, the message and that
    what was found is written, replayed, with the rest `interrupted`."""
    proc = start(out)
    seen = wait_for_coverage(proc)
    proc.send_signal(sig)
    stdout, rest = proc.communicate(timeout=300)
    stderr = "".join(seen) + rest
    name = signal.Signals(sig).name
    if proc.returncode != code:
        fail("exit %d after %s, expected %d\n%s\n%s" % (proc.returncode, name, code, stdout, stderr))
    if message not in stderr:
        fail("no message on %s:\n%s" % (name, stderr))
    with open(os.path.join(out, "result.json")) as f:
        result = json.load(f)
    covered = [t for t in result["targets"] if t["covered"]]
    uncovered = [t for t in result["targets"] if not t["covered"]]
    if not covered or not result["sequences"]:
        fail("nothing covered or no sequence written after the progress line reported a covered target")
    if not uncovered:
        fail("every target covered: the search was not stopped early")
    bad = [t for t in uncovered if t.get("reason") != "interrupted"]
    if bad:
        fail("uncovered targets not 'interrupted': %s" % bad)
    if not os.path.exists(os.path.join(out, "effective-run.toml")):
        fail("no effective-run.toml")
    # Written into a staging folder renamed into place: none is left beside the results.
    left = [n for n in os.listdir(os.path.dirname(out)) if n.startswith("." + os.path.basename(out) + ".")]
    if left:
        fail("staging folders left behind: %s" % left)
    print("%s: exit %d, %d of %d targets covered and written, %d interrupted"
          % (name, code, len(covered), len(result["targets"]), len(uncovered)))


check_stopped(signal.SIGINT, 130, "interrupted: stopping the search and writing what was found",
              os.path.join(work, "out"))
# SIGTERM (a CI job's timeout, kill, a container stopping) does the same, with 128 + 15.
check_stopped(signal.SIGTERM, 143, "terminated (SIGTERM): stopping the search and writing what was found",
              os.path.join(work, "out-term"))

proc = start(os.path.join(work, "out2"))
wait_for_coverage(proc)
proc.send_signal(signal.SIGINT)
proc.send_signal(signal.SIGINT)
proc.communicate(timeout=300)
if proc.returncode != 130:
    fail("exit %d after two Ctrl-Cs, expected 130" % proc.returncode)
print("two Ctrl-Cs: exit 130")
