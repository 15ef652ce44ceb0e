"""The trusted harness runs the real shapes of HumanEval/MBPP test code against a sandboxed
candidate, values crossing as plain data; and the plain-data codec is strict on what it accepts."""

from __future__ import annotations

import decimal
import fractions
import math
import os
import signal
import subprocess
import sys
import textwrap

import pytest
from lmeval_tasks_code import _wire
from lmeval_tasks_code.sandbox import Limits, remove_stale, run_program, session_dir

LIMITS = Limits(timeout=3.0, memory_mb=512, max_processes=8)


def check(program: str, tests: str) -> tuple[str, str]:
    result = run_program(textwrap.dedent(program), LIMITS, tests=textwrap.dedent(tests))
    return result.status, result.detail


# (id, candidate, test code, expected status)
SHAPES = [
    ("helper-and-loop-inside-check",
     "def double(x):\n    return 2 * x\n",
     """
     def check(candidate):
         def expected(x):
             return x + x
         for i in range(20):
             assert candidate(i) == expected(i), i
     check(double)
     """, "passed"),
    ("candidate-passed-around",
     "def inc(x):\n    return x + 1\n",
     """
     def run_cases(f, cases):
         return all(f(a) == b for a, b in cases)
     def check(candidate):
         assert run_cases(candidate, [(1, 2), (5, 6)])
     check(inc)
     """, "passed"),
    ("tolerance-abs-and-isclose",
     "import math\ndef area(r):\n    return math.pi * r * r\n",
     """
     assert abs(area(1.0) - 3.14159) < 1e-5
     assert math.isclose(area(2), 12.566, rel_tol=0.001)
     """, "passed"),
    ("module-the-candidate-did-not-import-is-a-name-error",
     "def area(r):\n    return 3.14159 * r * r\n",
     "assert math.isclose(area(2), 12.566, rel_tol=0.001)\n", "failed"),
    ("expected-exception",
     "def root(x):\n    if x < 0:\n        raise ValueError('negative')\n    return x ** 0.5\n",
     """
     try:
         root(-1)
         assert False, 'no exception'
     except ValueError:
         pass
     assert root(4) == 2.0
     """, "passed"),
    ("generator-listed",
     "def upto(n):\n    yield from range(n)\n",
     "assert list(upto(3)) == [0, 1, 2]\nassert sum(upto(4)) == 6\n", "passed"),
    ("generator-stepped-with-next",
     "def count():\n    n = 0\n    while True:\n        yield n\n        n += 1\n",
     "g = count()\nassert next(g) == 0 and next(g) == 1\nassert next(iter([5])) == 5\n", "passed"),
    ("generator-compared-directly-fails-as-in-lm-eval",
     "def upto(n):\n    yield from range(n)\n",
     "assert upto(3) == [0, 1, 2]\n", "failed"),
    ("candidate-class-instances-as-arguments",  # MBPP's Pair problems
     """
     class Pair(object):
         def __init__(self, a, b):
             self.a = a
             self.b = b
     def max_chain_length(arr, n):
         mcl = [1] * n
         for i in range(1, n):
             for j in range(0, i):
                 if arr[i].a > arr[j].b and mcl[i] < mcl[j] + 1:
                     mcl[i] = mcl[j] + 1
         return max(mcl)
     """,
     "assert max_chain_length([Pair(5, 24), Pair(15, 25), Pair(27, 40), Pair(50, 60)], 4) == 3\n", "passed"),
    ("methods-attributes-len-iter-index-of-a-candidate-object",
     """
     class Stack:
         def __init__(self):
             self.items = []
         def push(self, x):
             self.items.append(x)
         def pop(self):
             return self.items.pop()
         def __len__(self):
             return len(self.items)
         def __iter__(self):
             return iter(self.items)
         def __getitem__(self, i):
             return self.items[i]
     """,
     """
     s = Stack()
     s.push(1)
     assert __import__("copy").deepcopy(s) is s
     s.push(2)
     assert len(s) == 2 and list(s) == [1, 2] and s[0] == 1 and s.items == [1, 2]
     assert s.pop() == 2
     """, "passed"),
    ("types-cross-exactly",
     """
     def values():
         return ((1, 2), {1, 2}, frozenset([3]), {(1, 2): [None, True]}, -0.0, 2 ** 10000, b'\\x00b',
                 bytearray(b'x'), 1 + 2j, range(3), float('inf'))
     """,
     """
     v = values()
     assert type(v) is tuple and v[0] == (1, 2) and type(v[0]) is tuple
     assert v[1] == {1, 2} and type(v[2]) is frozenset and v[3] == {(1, 2): [None, True]}
     assert v[3][(1, 2)][1] is True and math.copysign(1, v[4]) == -1 and v[5] == 2 ** 10000
     assert v[6] == b'\\x00b' and type(v[7]) is bytearray and v[8] == 1 + 2j and v[9] == range(3)
     assert v[10] == math.inf
     """.replace("math.", "__import__('math')."), "passed"),
    ("a-fake-math-module-is-replaced-by-the-real-one",
     "import types\nmath = types.ModuleType('math')\nmath.isclose = lambda *a, **k: True\n"
     "def area(r):\n    return 0.0\n",
     "assert math.isclose(area(2), 12.566, rel_tol=0.001)\n", "failed"),
    ("keyword-arguments-and-candidate-constants",
     "LIMIT = 5\ndef clip(x, hi=10):\n    return min(x, hi)\n",
     "assert clip(7, hi=LIMIT) == 5\nassert clip(x=3) == 3\n", "passed"),
    ("evalplus-style-assertion-helper",
     "def halve(x):\n    return x / 2\n",
     """
     def assertion(out, exp, atol):
         exact_match = out == exp
         if atol == 0 and isinstance(exp, float):
             atol = 1e-6
         if not exact_match and atol != 0:
             assert abs(out - exp) <= atol
         else:
             assert exact_match
     def check(candidate):
         inputs = [[1], [3], [0.1]]
         results = [0.5, 1.5, 0.05]
         for inp, exp in zip(inputs, results):
             assertion(candidate(*inp), exp, 0)
     check(halve)
     """, "passed"),
    ("a-function-argument-cannot-cross",
     "def apply(f, x):\n    return f(x)\n",
     "assert apply(lambda v: v + 1, 1) == 2\n", "unsupported"),
]


@pytest.mark.parametrize("name,program,tests,status", SHAPES, ids=[s[0] for s in SHAPES])
def test_test_code_shapes(name, program, tests, status):
    got, detail = check(program, tests)
    assert got == status, detail
    if status == "unsupported":
        assert "not plain data" in detail


# --- the codec ---------------------------------------------------------------------------------

HONEST_VALUES = [None, True, 0, -7, 2 ** 70, 2 ** 9000, 0.1, -0.0, math.inf, -math.inf, "é\ud800", [], [1, [2]],
                 (), (1, (2,)), {1, "a"}, frozenset(), {"k": 1, (1, 2): {3}}, b"\x00\xff", bytearray(b"ab"),
                 3 - 4j, range(1, 9, 2), fractions.Fraction(1, 3), decimal.Decimal("1.10")]


@pytest.mark.parametrize("value", HONEST_VALUES, ids=repr)
def test_honest_values_round_trip_with_their_types(value):
    back = _wire.decode(_wire.loads(_wire.dumps(_wire.encode(value))))
    assert back == value and type(back) is type(value)


def test_nan_and_subclasses_cross_as_plain_values():
    assert math.isnan(_wire.decode(_wire.loads(_wire.dumps(_wire.encode(math.nan)))))

    class Sneaky(int):
        def __eq__(self, other):
            return True

    back = _wire.decode(_wire.loads(_wire.dumps(_wire.encode([Sneaky(3)]))))
    assert back == [3] and type(back[0]) is int


@pytest.mark.parametrize("line", [
    b'{"x": 1}', b'{"$t": [1], "$s": [2]}', b'{"$nope": 1}', b"NaN", b"[Infinity]", b'{"$s": [[1]]}',
    b'{"$d": [[[1], 2]]}', b'{"$d": [1]}', b'{"$f": "1e999"}', b'{"$b": "%%%"}', b'{"$h": 1}',
    b"[" * 100000 + b"]" * 100000, b"\xff", b"1" * 5000,
])
def test_decode_refuses_anything_but_plain_data(line):
    with pytest.raises(_wire.ProtocolError):
        _wire.decode(_wire.loads(line))


# --- temp dirs of killed runs ------------------------------------------------------------------

def test_sandbox_dirs_of_a_killed_run_are_removed_by_the_next_run():
    code = ("from lmeval_tasks_code.sandbox import session_dir, run_program\n"
            "d = session_dir()\n(d / 'run-x').mkdir()\n(d / 'run-x' / 'f').write_text('x')\n"
            "print(d, flush=True)\nimport time\ntime.sleep(60)\n")
    mine = session_dir()  # this process's own root exists first: creating it also sweeps
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    left = proc.stdout.readline().strip()
    assert os.path.isdir(left)
    assert left not in remove_stale()  # alive: its lock is held
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert left in remove_stale()
    assert not os.path.exists(left) and mine.is_dir()


def _runner_of(parent: int, deadline: float = 20.0) -> int:
    """The pid of the sandbox runner started by ``parent`` (waits for it to appear)."""
    import time
    from pathlib import Path

    end = time.monotonic() + deadline
    while time.monotonic() < end:
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                    cmd = Path(f"/proc/{entry}/cmdline").read_bytes()
                except OSError:
                    continue
                if b"_sandbox_child.py" in cmd and int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                    return int(entry)
        time.sleep(0.05)
    raise AssertionError("no runner appeared")


@pytest.mark.parametrize("victim", ["evaluator", "runner"])
def test_a_run_killed_mid_program_leaves_nothing_after_the_next_run(victim):
    """SIGKILL the evaluating process, or the runner itself, while a program runs: the runner
    (or PID 1's death) takes the sandbox down, and the next run removes the dirs and cgroups."""
    from lmeval_tasks_code import _cgroups
    from test_code_sandbox import assert_no_leftovers

    code = ("from lmeval_tasks_code.sandbox import session_dir, run_program, Limits\n"
            "print(session_dir(), flush=True)\n"
            "run_program('import time\\ntime.sleep(60)\\n', Limits(timeout=3.0), tests='pass\\n')\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    left = proc.stdout.readline().strip()
    runner = _runner_of(proc.pid)
    os.kill(proc.pid if victim == "evaluator" else runner, signal.SIGKILL)
    if victim == "runner":
        proc.kill()
    proc.wait()
    assert_no_leftovers(left)  # that run's sandbox processes are gone within seconds either way
    remove_stale()
    assert not os.path.exists(left)
    stale = [n for parent, _ in _cgroups.parents() for n in os.listdir(parent) if n == f"lmeval-sandbox-{runner}"]
    assert stale == []
