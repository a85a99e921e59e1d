"""Budgets hold on long blocks (issue 16): a `cfg` model whose loop body is one block of N chained
assignments (scripts/generate-chain-model N), run with `[budgets] time_s = 1` under every strategy
that accepts it and, for a strategy that takes a searcher, under every searcher. Each run must end
by itself and report `stats.total_time_s` (its own clock, from the start of `symseq run` to the
end of replay) within the budget plus a second. Usage:

  LongChain.py SYMSEQ GENERATOR WORK_DIR N [N ...]

The strategies and searchers come from `symseq plugins --json`, so a new one is tested too; one
that refuses a `cfg` model (exit 2, e.g. autseg wants commands) is skipped and named, but
symtest, bounded-exhaustive, random and tree must all accept it. A strategy runs under each
searcher, or once without one when it takes none (it refuses a [searcher] section). A hung run is ended after
HANG_S and fails the test. On the unfixed code (779f19b, Release) the 10,000-assignment chain took
about 7 s under tree and the 100,000 chain 125-183 s under symtest, bounded-exhaustive and random."""
import json
import os
import shutil
import subprocess
import sys

BUDGET_S = 1.0
BOUND_S = BUDGET_S + 1.0  # the bound: the budget plus a second
HANG_S = 300              # far beyond any bound: only a run that ignores its budget gets here
MUST_ACCEPT = {"symtest", "bounded-exhaustive", "random", "tree"}

symseq, generator, work = sys.argv[1:4]
sizes = [int(n) for n in sys.argv[4:]]
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

failures = []
for n in sizes:
    model = os.path.join(work, "chain%d.cfg" % n)
    with open(model, "w") as f:
        f.write(subprocess.run([sys.executable, generator, str(n)], check=True, capture_output=True,
                               text=True).stdout)
    for strategy in strategies:
        # A strategy that takes no searcher refuses a [searcher] section: then it runs once without.
        pending = list(searchers)
        while pending:
            searcher = pending.pop(0)
            label = "%d assignments, %s%s" % (n, strategy, "/" + searcher if searcher else "")
            out = os.path.join(work, "out-%d-%s-%s" % (n, strategy, searcher or "none"))
            run = os.path.join(out + ".toml")
            with open(run, "w") as f:
                f.write('seed = 0\n[model]\nfile = "%s"\nfrontend = "cfg"\n[solver]\nname = "z3"\n'
                        '[strategy]\nname = "%s"\n%s[budgets]\ntime_s = %s\ndepth = 8\n[output]\ndir = "%s"\n'
                        'formats = ["json"]\n'
                        % (model, strategy, '[searcher]\nname = "%s"\n' % searcher if searcher else "", BUDGET_S, out))
            try:
                proc = subprocess.run([symseq, "run", run], capture_output=True, text=True, timeout=HANG_S)
            except subprocess.TimeoutExpired:
                failures.append("%s: still running after %d s" % (label, HANG_S))
                continue
            if proc.returncode == 2 and searcher and "takes no searcher" in proc.stderr:
                pending = [None]
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
            reasons = sorted({t.get("reason") or "covered" for t in result["targets"]})
            print("%s: %.2f s, %d queries, targets %s" % (label, took, result["stats"]["solver_queries"], reasons))
            sys.stdout.flush()
            if took > BOUND_S:
                failures.append("%s: took %.2f s with a %.0f s budget (bound %.0f s)" % (label, took, BUDGET_S, BOUND_S))
            shutil.rmtree(out)
if failures:
    fail("\n".join(failures))
print("every run ended within %.0f s" % BOUND_S)
