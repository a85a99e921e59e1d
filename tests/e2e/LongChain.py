"""Budgets hold on long blocks (issue 16): a `cfg` model whose loop body is one block of N chained
assignments (scripts/generate-chain-model N), run with `[budgets] time_s = 1` under every strategy
that accepts it and, for a strategy that takes a searcher, under every searcher. Each run must end
by itself and report `stats.total_time_s` (its own clock, from the start of `symseq run` to the
end of replay) within the budget plus a second. Usage:

  LongChain.py [--sanitized] SYMSEQ GENERATOR WORK_DIR N [N ...]

The strategies and searchers come from `symseq plugins --json`, so a new one is tested too; one
that refuses a `cfg` model (exit 2, e.g. autseg wants commands) is skipped and named, but
symtest, bounded-exhaustive, random and tree must all accept it. A strategy runs under each
searcher, or once without one when it takes none (it refuses a [searcher] section). A hung run
is ended after HANG_S and fails the test.

The bound is on wall-clock time, which a loaded 2-core machine stretches (seen: 0.6 s of CPU
taking 2.4 s of wall time at load 14). So a run over the bound still passes when the CPU time it
used (its rusage, user + sys) is within CPU_BOUND_S: it did not compute past its budget, it
waited for a core. --sanitized (the Debug ASan + UBSan build, about SANITIZER_SLOWDOWN times
slower) scales CPU_BOUND_S: there every 100,000 run uses ~9.5 s of CPU whatever the strategy
(reading and lowering the 4 MB model at -O0), the 10,000 runs ~1 s. The unfixed code (779f19b, Release) fails either way: the 10,000-assignment
chain took 7-12 s under tree, the 100,000 chain 125-183 s under symtest, bounded-exhaustive and
random, nearly all of it CPU."""
import json
import os
import resource
import shutil
import subprocess
import sys
import time

BUDGET_S = 1.0
BOUND_S = BUDGET_S + 1.0  # the bound: the budget plus a second
HANG_S = 300              # far beyond any bound: only a run that ignores its budget gets here
CPU_BOUND_S = 1.5         # work a run may do: the budget and half a second
SANITIZER_SLOWDOWN = 10  # Debug (-O0) + ASan: reading a 100,000-line model alone takes ~9.5 s of CPU
MUST_ACCEPT = {"symtest", "bounded-exhaustive", "random", "tree"}
NOT_LOADED = "was not loaded within the time budget"  # the run's refusal when reading the model takes the budget

args = sys.argv[1:]
sanitized = "--sanitized" in args
args = [a for a in args if a != "--sanitized"]
cpu_bound = CPU_BOUND_S * (SANITIZER_SLOWDOWN if sanitized else 1)
symseq, generator, work = args[:3]
sizes = [int(n) for n in args[3:]]


def children_cpu():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


listed = json.loads(subprocess.run([symseq, "plugins", "--json"], check=True, capture_output=True, text=True).stdout)
plugins = listed["plugins"] if isinstance(listed, dict) else listed
strategies = sorted(p["name"] for p in plugins if p["kind"] == "strategy")
searchers = sorted(p["name"] for p in plugins if p["kind"] == "searcher")
if not MUST_ACCEPT <= set(strategies) or not searchers:
    fail("symseq plugins --json lists strategies %s and searchers %s" % (strategies, searchers))

def write_run(run, model, strategy, searcher, time_s, out):
    """A run file whose line 3 is the model's `file` (the line a refusal to load names)."""
    with open(run, "w") as f:
        f.write('seed = 0\n[model]\nfile = "%s"\nfrontend = "cfg"\n[solver]\nname = "z3"\n'
                '[strategy]\nname = "%s"\n%s[budgets]\ntime_s = %s\ndepth = 8\n[output]\ndir = "%s"\n'
                'formats = ["json"]\n'
                % (model, strategy, '[searcher]\nname = "%s"\n' % searcher if searcher else "", time_s, out))


failures = []
for n in sizes:
    model = os.path.join(work, "chain%d.cfg" % n)
    with open(model, "w") as f:
        f.write(subprocess.run([sys.executable, generator, str(n)], check=True, capture_output=True,
                               text=True).stdout)
    searched = refused = 0
    for strategy in strategies:
        # A strategy that takes no searcher refuses a [searcher] section: then it runs once without.
        pending = list(searchers)
        while pending:
            searcher = pending.pop(0)
            label = "%d assignments, %s%s" % (n, strategy, "/" + searcher if searcher else "")
            out = os.path.join(work, "out-%d-%s-%s" % (n, strategy, searcher or "none"))
            run = os.path.join(out + ".toml")
            write_run(run, model, strategy, searcher, BUDGET_S, out)
            before = children_cpu()
            started = time.monotonic()
            try:
                proc = subprocess.run([symseq, "run", run], capture_output=True, text=True, timeout=HANG_S)
            except subprocess.TimeoutExpired:
                failures.append("%s: still running after %d s" % (label, HANG_S))
                continue
            if proc.returncode == 2 and searcher and "takes no searcher" in proc.stderr:
                pending = [None]
                continue
            if proc.returncode == 2 and NOT_LOADED in proc.stderr:
                # On a loaded machine reading the model alone can take the budget: the run then
                # stops there, as it should, and is judged like any other by the time it took.
                took = time.monotonic() - started
                cpu = children_cpu() - before
                print("%s: not loaded within the budget, exit 2 after %.2f s (CPU %.2f s)" % (label, took, cpu))
                if took > BOUND_S and cpu > cpu_bound:
                    failures.append("%s: the refusal took %.2f s (CPU %.2f s)" % (label, took, cpu))
                refused += 1
                continue
            if proc.returncode == 2 and strategy not in MUST_ACCEPT:
                print("skipped %s: the strategy refuses the model: %s" % (label, proc.stderr.strip().splitlines()[0]))
                break
            if proc.returncode != 0:
                failures.append("%s: exit %d\n%s" % (label, proc.returncode, proc.stderr))
                continue
            with open(os.path.join(out, "result.json")) as f:
                result = json.load(f)
            took = result["stats"]["total_time_s"]
            cpu = children_cpu() - before
            reasons = sorted({t.get("reason") or "covered" for t in result["targets"]})
            print("%s: %.2f s (CPU %.2f s), %d queries, targets %s"
                  % (label, took, cpu, result["stats"]["solver_queries"], reasons))
            sys.stdout.flush()
            if took > BOUND_S and cpu > cpu_bound:
                failures.append("%s: took %.2f s (CPU %.2f s) with a %.0f s budget (bounds: %.0f s, or CPU %.1f s)"
                                % (label, took, cpu, BUDGET_S, BOUND_S, cpu_bound))
            elif took > BOUND_S:
                print("  over %.0f s of wall time but within CPU %.1f s: the machine is loaded" % (BOUND_S, cpu_bound))
            searched += 1
            shutil.rmtree(out)
    if searched == 0:
        failures.append("%d assignments: every run (%d) stopped while reading the model: nothing was tested" % (n, refused))
# A budget shorter than reading the model: the frontend's reading and lowering stop at the
# deadline (ExprContext::setDeadline), with a located error at the run file's model line, exit 2,
# and no output folder.
n = sizes[0]
out = os.path.join(work, "out-%d-too-short" % n)
run = out + ".toml"
write_run(run, os.path.join(work, "chain%d.cfg" % n), "bounded-exhaustive", None, 0.001, out)
proc = subprocess.run([symseq, "run", run], capture_output=True, text=True, timeout=HANG_S)
expected = "%s:3:8: error: model '%s' %s" % (run, os.path.join(work, "chain%d.cfg" % n), NOT_LOADED)
if proc.returncode != 2 or expected not in proc.stderr or os.path.exists(out):
    failures.append("%d assignments, time_s = 0.001: expected exit 2 with '%s' and no %s; got exit %d, %s"
                    % (n, expected, out, proc.returncode, proc.stderr.strip()))
else:
    print("%d assignments, time_s = 0.001: %s" % (n, proc.stderr.strip().splitlines()[0]))
if failures:
    fail("\n".join(failures))
print("every run ended within %.0f s (or used at most %.1f s of CPU)" % (BOUND_S, cpu_bound))
