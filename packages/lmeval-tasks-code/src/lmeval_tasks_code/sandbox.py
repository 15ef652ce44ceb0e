"""Run untrusted programs (model output) one per process, contained.

Every program gets:

* a separate process (a fresh ``python -I``) in its own session, in new user, PID and network
  namespaces where the OS grants them (root or unprivileged user namespaces);
* a wall-clock deadline (``timeout`` seconds, enforced by the reaper in the child and, as a
  backstop, by this process killing the whole process group) and a CPU limit (RLIMIT_CPU);
* an address-space limit (RLIMIT_AS), a file-size limit (RLIMIT_FSIZE), an open-files limit,
  and a process limit (RLIMIT_NPROC: fork bombs stop at ``max_processes``);
* a fresh temporary working directory, removed afterwards; with Landlock (Linux >= 5.13) the
  program cannot write anywhere else, cannot open TCP connections (Landlock ABI >= 4) and cannot
  signal processes outside the sandbox (ABI >= 6);
* an audit hook (``sys.addaudithook``, which Python code cannot remove) for the layers the
  kernel did not provide: writes outside the temp dir and socket connect/bind/DNS;
* every descendant SIGKILLed before the verdict is reported.

The layers actually in force are reported in :attr:`ExecutionResult.layers` and by
:func:`describe`. This contains mistakes and accidents of generated code; it is not a security
boundary against a determined attacker on a system without namespaces and Landlock.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

CHILD = Path(__file__).with_name("_sandbox_child.py")

#: Extra seconds the parent waits beyond ``timeout`` (interpreter start-up, namespace set-up)
#: before it kills the whole process group itself.
STARTUP_GRACE_S = 5.0


@dataclass(frozen=True)
class Limits:
    """Resource limits for one program. Environment overrides: ``LMEVAL_SANDBOX_<FIELD>``."""

    timeout: float = 3.0
    memory_mb: int = 2048
    max_processes: int = 16
    max_file_mb: int = 64
    max_open_files: int = 256
    #: Namespaces and Landlock; switch off only to exercise the fallbacks (tests do).
    isolate: bool = True
    landlock: bool = True

    @classmethod
    def from_env(cls, **overrides: Any) -> Limits:
        values: dict[str, Any] = {}
        for f in cls.__dataclass_fields__.values():
            raw = os.environ.get(f"LMEVAL_SANDBOX_{f.name.upper()}")
            if raw is not None:
                values[f.name] = raw.lower() not in ("0", "false", "no") if f.type == "bool" \
                    else type(f.default)(raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)


@dataclass(frozen=True)
class ExecutionResult:
    status: str  # "passed" | "failed" | "timeout" | "error"
    exit_code: int | None = None
    signal: int | None = None
    seconds: float = 0.0
    stderr: str = ""
    layers: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.status == "passed"


def _child_env(workdir: str) -> dict[str, str]:
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": workdir,
        "TMPDIR": workdir,
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }


def _rmtree(path: str) -> None:
    def onerror(func: Any, p: str, _exc: Any) -> None:
        try:
            os.chmod(p, stat.S_IRWXU)
            parent = os.path.dirname(p)
            os.chmod(parent, stat.S_IRWXU)
            func(p)
        except OSError:
            pass

    shutil.rmtree(path, onerror=onerror)


def _killpg(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_program(program: str, limits: Limits | None = None) -> ExecutionResult:
    """Execute ``program`` in the sandbox; a pass means it ran to its end without an exception."""
    limits = limits or Limits()
    workdir = tempfile.mkdtemp(prefix="lmeval-sandbox-")
    nonce = secrets.token_hex(16)
    header = {
        "nonce": nonce, "workdir": workdir, "timeout": limits.timeout,
        "memory_mb": limits.memory_mb, "max_processes": limits.max_processes,
        "max_file_mb": limits.max_file_mb, "max_open_files": limits.max_open_files,
        "isolate": limits.isolate, "landlock": limits.landlock,
    }
    payload = (json.dumps(header) + "\n" + program).encode("utf-8", "replace")
    proc = None
    try:
        proc = subprocess.Popen(
            [sys.executable, "-I", str(CHILD)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, cwd=workdir, env=_child_env(workdir), start_new_session=True,
            close_fds=True,
        )
        try:
            out, err = proc.communicate(payload, timeout=limits.timeout + STARTUP_GRACE_S)
        except subprocess.TimeoutExpired:
            _killpg(proc.pid)
            out, err = proc.communicate()
            return ExecutionResult("timeout", stderr="killed by the parent after the grace period")
        lines = out.decode("utf-8", "replace").strip().splitlines()
        if not lines:
            return ExecutionResult("error", exit_code=proc.returncode,
                                   stderr=err.decode("utf-8", "replace")[-2000:])
        report = json.loads(lines[-1])
        return ExecutionResult(report["status"], report.get("exit_code"), report.get("signal"),
                               report.get("seconds", 0.0), report.get("stderr", ""),
                               report.get("layers", {}))
    finally:
        if proc is not None:
            _killpg(proc.pid)
        _rmtree(workdir)


def run_programs(programs: list[str], limits: Limits | None = None,
                 max_workers: int | None = None) -> list[ExecutionResult]:
    """Execute many programs, ``max_workers`` at a time (default: the CPU count)."""
    if not programs:
        return []
    workers = max(1, min(len(programs), max_workers or os.cpu_count() or 1))
    if workers == 1:
        return [run_program(p, limits) for p in programs]
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(lambda p: run_program(p, limits), programs))


def describe(limits: Limits | None = None) -> dict[str, Any]:
    """The containment layers this machine provides, measured by running an empty program."""
    result = run_program("pass\n", replace(limits or Limits(), timeout=10.0))
    return {"status": result.status, **result.layers}
