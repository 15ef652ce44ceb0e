"""The sandbox contains what generated code may do wrong, scores it as a failure, and moves on.

Most programs here run in program mode (``tests=None``: a pass means the program ran to its end),
which exercises containment; scoring always runs trusted tests (see test_code_hostile.py).
"""

from __future__ import annotations

import math
import os
import socket
import time
import uuid
from pathlib import Path

import pytest
from lmeval_tasks_code.execution import pass_at_k_estimate, pass_at_k_tests
from lmeval_tasks_code.sandbox import (
    Limits,
    describe,
    missing_protections,
    run_program,
    run_programs,
    session_dir,
)

# Tight limits: the dangerous programs below must be stopped within seconds on a busy 2-core box.
TIGHT = Limits(timeout=1.0, memory_mb=256, max_processes=8)
FALLBACK = Limits(timeout=1.0, memory_mb=256, max_processes=8, isolate=False, landlock=False, seccomp=False,
                  cgroups=False)

FORK_BOMB = "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n"
ESCAPING_FORKS = (
    "import os, time\n"
    "for _ in range(20):\n"
    "    try:\n"
    "        if os.fork() == 0:\n"
    "            os.setsid()\n"
    "            while True:\n"
    "                time.sleep(1)\n"
    "    except OSError:\n"
    "        pass\n"
)
INFINITE_LOOP = "while True:\n    pass\n"
SLEEPER = "import time\ntime.sleep(60)\n"
HUGE_ALLOCATION = "x = bytearray(10 * 1024 ** 3)\n"


def sandbox_processes(owner: str | None = None) -> list[int]:
    """Processes still running the sandbox child script (forks keep its command line) for this
    test process: their environment names its sandbox root (HOME is a work dir inside it), so
    other runs on the machine do not count. Without the right to read an environment (not
    root), every sandbox process counts."""
    mark = f"HOME={owner or session_dir()}/".encode()
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            try:
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if b"_sandbox_child.py" not in cmdline:
                continue
            try:
                ours = mark in Path(f"/proc/{entry}/environ").read_bytes()
            except PermissionError:
                ours = True
            except OSError:
                continue
            if ours:
                found.append(int(entry))
    return found


@pytest.fixture(scope="module")
def layers() -> dict:
    return describe()


def assert_no_leftovers(owner: str | None = None) -> None:
    deadline = time.monotonic() + 5
    while sandbox_processes(owner) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sandbox_processes(owner) == []


def test_describe_reports_the_layers_in_force(layers):
    assert layers["status"] == "passed"
    assert {"user_namespace", "pid_namespace", "network_namespace", "landlock", "nproc_limit", "seccomp",
            "cgroup_memory", "cgroup_pids", "private_proc", "disk_tmpfs"} <= set(layers)
    assert layers["missing"] == missing_protections(layers)


def test_fallback_reports_what_is_missing():
    result = run_program("pass\n", FALLBACK)
    assert result.passed
    missing = missing_protections(result.layers)
    for words in ("user namespace", "Landlock", "seccomp", "memory cgroup", "size-capped tmpfs"):
        assert any(m.startswith(words) for m in missing), (words, missing)
    assert set(result.layers["audit_guard"]) >= {"files", "network", "signals"}


def test_a_correct_program_passes_and_a_wrong_one_fails():
    ok = run_program("def add(a, b):\n    return a + b\n", TIGHT, tests="assert add(2, 3) == 5\n")
    wrong = run_program("def add(a, b):\n    return a * b\n", TIGHT, tests="assert add(2, 3) == 5\n")
    assert ok.passed and ok.status == "passed"
    assert not wrong.passed and wrong.status == "failed" and wrong.detail.startswith("AssertionError")


@pytest.mark.parametrize("program", [
    "import sys\nsys.exit(0)\nassert False\n",
    "import os\nos._exit(0)\nassert False\n",
    "def f(:\n",
])
def test_exiting_early_or_not_compiling_is_not_a_pass(program):
    assert run_program(program, TIGHT).status == "failed"


@pytest.mark.parametrize("limits", [TIGHT, FALLBACK], ids=["isolated", "fallback"])
def test_fork_bomb_is_contained(limits):
    started = time.monotonic()
    result = run_program(FORK_BOMB, limits)
    assert result.status == "timeout"
    assert time.monotonic() - started < 15
    assert_no_leftovers()


@pytest.mark.parametrize("limits", [TIGHT, FALLBACK], ids=["isolated", "fallback"])
def test_processes_escaping_with_setsid_are_killed(limits):
    result = run_program(ESCAPING_FORKS, limits)
    assert result.status in ("passed", "failed")  # the program itself ends; its children must not survive
    assert_no_leftovers()


@pytest.mark.parametrize("program", [INFINITE_LOOP, SLEEPER], ids=["busy", "sleeping"])
def test_infinite_loops_time_out(program):
    started = time.monotonic()
    result = run_program(program, TIGHT)
    assert result.status == "timeout"
    assert time.monotonic() - started < 10


@pytest.mark.parametrize("limits", [TIGHT, FALLBACK], ids=["isolated", "fallback"])
def test_ten_gigabyte_allocation_fails(limits):
    result = run_program(HUGE_ALLOCATION, limits)
    assert result.status == "failed"
    assert "MemoryError" in result.stderr


@pytest.mark.parametrize("limits", [TIGHT, FALLBACK], ids=["isolated", "fallback"])
def test_writes_outside_the_temp_dir_are_refused(limits, tmp_path):
    targets = [tmp_path / f"escape-{uuid.uuid4().hex}.txt", Path("/tmp") / f"lmeval-escape-{uuid.uuid4().hex}"]
    for target in targets:
        result = run_program(f"open({str(target)!r}, 'w').write('owned')\n", limits)
        assert result.status == "failed"
        assert "PermissionError" in result.stderr
        assert not target.exists()
    inside = run_program("open('scratch.txt', 'w').write('x')\nimport tempfile\n"
                         "with tempfile.NamedTemporaryFile() as f:\n    f.write(b'x')\n", limits)
    assert inside.passed, inside.stderr


@pytest.mark.parametrize("limits", [TIGHT, FALLBACK], ids=["isolated", "fallback"])
def test_no_network(limits):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        result = run_program(
            f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=1)\n", limits)
    assert result.status == "failed"


def test_the_parent_cannot_be_signalled():
    result = run_program(f"import os, signal\nos.kill({os.getpid()}, signal.SIGTERM)\n", TIGHT)
    assert result.status == "failed"


def test_the_run_goes_on_after_dangerous_programs():
    programs = [FORK_BOMB, INFINITE_LOOP, HUGE_ALLOCATION,
                f"open('/tmp/lmeval-escape-{uuid.uuid4().hex}', 'w')\n",
                "assert sum(range(4)) == 6\n"]
    results = run_programs([(p, None, "") for p in programs], TIGHT, max_workers=2)
    assert [r.passed for r in results] == [False, False, False, False, True]
    assert_no_leftovers()


def test_pass_at_k_estimator_is_unbiased():
    for n, c, k in [(10, 0, 1), (10, 3, 1), (10, 3, 5), (64, 10, 16), (5, 5, 5), (20, 19, 2)]:
        exact = 1 - math.comb(n - c, k) / math.comb(n, k)
        assert pass_at_k_estimate(n, c, k) == pytest.approx(exact)
    with pytest.raises(ValueError, match="pass@5 needs at least 5 samples"):
        pass_at_k_estimate(1, 1, 5)


def test_pass_at_k_runs_the_tests_against_the_candidate():
    refs = ["assert add(2, 3) == 5", "assert neg(1) == -1"]
    preds = [["def add(a, b):\n    return a + b", "def add(a, b):\n    return a * b"],
             ["def neg(x):\n    return -x", "def neg(x):\n    while True: pass"]]
    scores = pass_at_k_tests(refs, preds, k=[1, 2], timeout=1.0)
    assert scores == {"pass@1": pytest.approx(0.5), "pass@2": pytest.approx(1.0)}


def test_the_process_budget_is_for_the_whole_tree():
    spawner = ("import os, time\ndef spawn():\n    n = 0\n    for _ in range(40):\n        try:\n"
               "            pid = os.fork()\n        except OSError:\n            break\n        if pid == 0:\n"
               "            time.sleep(30)\n            os._exit(0)\n        n += 1\n    return n\n")
    result = run_program(spawner, TIGHT, tests="n = spawn()\nassert 0 < n < 8, n\n")
    assert result.passed, result
    assert result.layers["cgroup_pids"] or result.layers["nproc_limit"]
    assert_no_leftovers()
