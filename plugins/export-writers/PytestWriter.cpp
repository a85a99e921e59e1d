// The `pytest` writer: test_<model>.py, the result's sequences as a pytest suite that runs against a
// process adapter (docs/adapters.md) without symseq (docs/export.md).
#include <boost/dll/alias.hpp>
#include <sstream>

#include "ExportPlan.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

using namespace symseq;
using namespace symseq::exporting;

std::string pyValue(const PlannedValue& v) {
  switch (v.kind) {
    case ValueKind::Bool: return v.text == "true" ? "True" : "False";
    case ValueKind::Int: return v.text;
    case ValueKind::Real: return "Fraction(" + quoted(v.text) + ")";
    case ValueKind::Text: return quoted(v.text);
  }
  return "None";
}

// The runtime every generated file carries: the adapter client and the checks. Standard library only.
constexpr const char* kRuntime = R"PY(
import json
import os
import select
import shlex
import signal
import subprocess
import time
from decimal import Decimal
from fractions import Fraction

ADAPTER_TIMEOUT_MS = int(os.environ.get("SYMSEQ_ADAPTER_TIMEOUT_MS", "2000"))
OBSERVE_TIMEOUT_MS = int(os.environ.get("SYMSEQ_OBSERVE_TIMEOUT_MS", "500"))
OBSERVE = [name for name in os.environ.get("SYMSEQ_OBSERVE", "").split(",") if name]


class SequenceFailure(AssertionError):
    pass


def _where(step):
    return f"step {step}" if step > 0 else "before the first input"


def _show(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _wire(value):
    """A value as the protocol sends it: a real as an integer or a string "7/3"."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    return value


def _action(channel, values, output):
    return f"{channel}{'!' if output else '?'}({', '.join(_show(v) for v in values)})"


class Adapter:
    """A process adapter: one JSON object per line each way; every answer within its request's time."""

    def __init__(self):
        command = os.environ.get("SYMSEQ_ADAPTER")
        if not command:
            raise SequenceFailure("set SYMSEQ_ADAPTER to the adapter's command line (docs/adapters.md)")
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.pending = b""

    def _ended(self):
        code = self.process.poll()
        if code is None:
            return "closed its output"
        if code < 0:
            return f"was killed by signal {-code} ({signal.Signals(-code).name})"
        return f"exited with status {code}"

    def request(self, where, message, extra_ms=0):
        __tracebackhide__ = True  # pytest shows the test, not this helper
        op = message["op"]
        try:
            self.process.stdin.write((json.dumps(message) + "\n").encode())
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            self.process.wait(timeout=ADAPTER_TIMEOUT_MS / 1000)
            raise SequenceFailure(f"{where}: the adapter {self._ended()} before the {op} request")
        budget_ms = extra_ms + ADAPTER_TIMEOUT_MS
        deadline = time.monotonic() + budget_ms / 1000
        while b"\n" not in self.pending:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise SequenceFailure(f"{where}: timeout: no answer to {op} within {budget_ms} ms")
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                try:
                    self.process.wait(timeout=ADAPTER_TIMEOUT_MS / 1000)
                except subprocess.TimeoutExpired:
                    pass
                raise SequenceFailure(f"{where}: the adapter {self._ended()} during {op}")
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        try:
            answer = json.loads(line, parse_float=Decimal)
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            raise SequenceFailure(f"{where}: protocol error: the answer to {op} is not a JSON object: {line[:200]!r}")
        if set(answer) == {"error"}:
            raise SequenceFailure(f"{where}: the adapter answered an error to {op}: {answer['error']}")
        return answer

    def expect_ok(self, where, message):
        __tracebackhide__ = True  # pytest shows the test, not this helper
        answer = self.request(where, message)
        allowed = {"ok", "name"} if message["op"] == "hello" else {"ok"}
        if answer.get("ok") is not True or not set(answer) <= allowed:
            raise SequenceFailure(f"{where}: protocol error: {message['op']} answered {json.dumps(answer, default=str)}")

    def observe(self, where):
        __tracebackhide__ = True  # pytest shows the test, not this helper
        answer = self.request(where, {"op": "observe", "timeout_ms": OBSERVE_TIMEOUT_MS}, OBSERVE_TIMEOUT_MS)
        if answer == {"quiescence": True}:
            return None
        if set(answer) == {"output", "values"} and isinstance(answer["output"], str) and isinstance(answer["values"], list):
            return answer["output"], answer["values"]
        raise SequenceFailure(f"{where}: protocol error: observe answered {json.dumps(answer, default=str)}")

    def close(self):
        try:
            if self.process.poll() is None:
                self.expect_ok("quit", {"op": "quit"})
                self.process.wait(timeout=ADAPTER_TIMEOUT_MS / 1000)
        except (SequenceFailure, subprocess.TimeoutExpired):
            pass
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self.process.stdin.close()
            self.process.stdout.close()


def _same(expected, observed):
    """Exact comparison by the expected value's sort: no bool for an int, reals as exact fractions."""
    if isinstance(expected, bool):
        return isinstance(observed, bool) and observed == expected
    if isinstance(expected, Fraction):
        if isinstance(observed, bool) or not isinstance(observed, (int, Decimal, str)):
            return False
        try:
            return Fraction(observed) == expected
        except (ValueError, ZeroDivisionError):
            return False
    if isinstance(expected, int):
        return isinstance(observed, int) and not isinstance(observed, bool) and observed == expected
    return isinstance(observed, str) and observed == expected


def _check_output(where, channel, expected, observed):
    __tracebackhide__ = True  # pytest shows the test, not this helper
    text = "quiescence" if observed is None else _action(observed[0], observed[1], True)
    want = _action(channel, expected, True) if expected is not None else f"{channel}!(...)"
    if observed is None or observed[0] != channel:
        raise SequenceFailure(f"{where}: expected {want}, observed {text}")
    if expected is not None and (len(expected) != len(observed[1]) or
                                 not all(_same(e, o) for e, o in zip(expected, observed[1]))):
        raise SequenceFailure(f"{where}: expected {want}, observed {text}")


def _run(events):
    """Reset, then each event: ("input", step, channel, values), ("output", step, channel, values or None),
    ("state", step, names, values): CFG models' state after a step, compared on SYMSEQ_OBSERVE."""
    __tracebackhide__ = True  # pytest shows the test, not this helper
    adapter = Adapter()
    try:
        adapter.expect_ok("hello", {"op": "hello", "protocol": 1, "model": MODEL})
        adapter.expect_ok("reset", {"op": "reset"})
        for kind, step, channel, values in events:
            where = _where(step)
            if kind == "input":
                adapter.expect_ok(where, {"op": "input", "channel": channel,
                                          "values": [_wire(v) for v in values]})
            elif kind == "output":
                _check_output(where, channel, values, adapter.observe(where))
            elif OBSERVE:
                unknown = [name for name in OBSERVE if name not in channel]
                if unknown:
                    raise SequenceFailure(f"SYMSEQ_OBSERVE names {', '.join(unknown)}: not a state variable of the model "
                                      f"({', '.join(channel)})")
                expected = [values[channel.index(name)] for name in OBSERVE]
                _check_output(where, "state", expected, adapter.observe(where))
    finally:
        adapter.close()
)PY";

std::string pytestFile(const PlannedSuite& suite, const WriterInput& run) {
  std::ostringstream out;
  out << "\"\"\"Tests of the model " << suite.model << " exported by symseq (pytest writer; docs/export.md).\n\n"
      << "Model file " << run.header.model << ", strategy " << run.header.strategy << ", seed " << run.header.seed
      << ". Each test is one sequence of the result:\n"
      << "reset, then its events in order: an input is sent, an expected output is observed and compared\n"
      << "exactly. A failure names the step (1-based, as result.txt numbers the steps), the expected and the\n"
      << "observed values. Runs against a process adapter (docs/adapters.md), standard library only:\n\n"
      << "    SYMSEQ_ADAPTER='python3 adapter.py' python3 -m pytest " << "test_" << suite.identifier << ".py\n\n"
      << "SYMSEQ_ADAPTER: the adapter's command line (split as a shell would). SYMSEQ_OBSERVE_TIMEOUT_MS\n"
      << "(500): how long an observe waits for an output. SYMSEQ_ADAPTER_TIMEOUT_MS (2000): the time every\n"
      << "answer gets on top of its request's own."
      << (suite.cfg ? " SYMSEQ_OBSERVE: the state variables the adapter reports\nafter each step, comma-separated, "
                      "in its order (none: the state is not observed)."
                    : "")
      << "\nGenerated by symseq: regenerate rather than edit.\n\"\"\"\n";
  out << kRuntime;
  out << "\n\nMODEL = " << quoted(suite.model) << "\n";
  for (std::size_t i = 0; i < suite.tests.size(); ++i) {
    const PlannedTest& test = suite.tests[i];
    out << "\n\ndef test_sequence_" << i + 1 << "():\n";
    out << "    \"\"\"Sequence " << i + 1 << " of " << suite.tests.size() << ".\"\"\"\n";
    out << "    _run([\n";
    for (const PlannedEvent& e : test.events) {
      std::string values;
      for (std::size_t k = 0; k < e.values.size(); ++k) values += (k ? ", " : "") + pyValue(e.values[k]);
      if (!e.names.empty()) {
        std::string names;
        for (std::size_t k = 0; k < e.names.size(); ++k) names += (k ? ", " : "") + quoted(e.names[k]);
        out << "        (\"state\", " << e.step << ", [" << names << "], [" << values << "]),\n";
      } else {
        out << "        (\"" << (e.input ? "input" : "output") << "\", " << e.step << ", " << quoted(e.channel) << ", "
            << (e.valuesKnown ? "[" + values + "]" : std::string("None")) << "),\n";
      }
    }
    out << "    ])\n";
  }
  return out.str();
}

class PytestWriter final : public Writer {
 public:
  std::vector<OutputFile> write(const WriterInput& run) const override {
    const PlannedSuite suite = plan(run);
    return {{"test_" + suite.identifier + ".py", pytestFile(suite, run)}};
  }
};

PluginPtr<Writer> make(const Options&) { return makePluginPtr<PytestWriter>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Writer,
    .name = "pytest",
    .version = "1.0.0",
    .summary = "test_<model>.py: the sequences as a pytest suite against a process adapter (docs/export.md)",
    .makeWriter = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
