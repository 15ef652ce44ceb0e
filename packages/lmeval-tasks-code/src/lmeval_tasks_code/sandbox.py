"""Run a candidate program (model output) against trusted test code, the two kept apart.

:func:`run_program` starts one runner process per program (``_sandbox_child.py``). The runner
forks the sandbox, in which the candidate runs, and then executes the test code itself: the
tests call the candidate over a pipe and get plain data back (:mod:`._wire`), so the pass
verdict comes from code the candidate cannot reach. The sandbox gets, where the OS grants them:

* new user, mount, PID and network namespaces, a private /proc, a uid of its own (as root);
* Landlock: reads only in the work dir and the interpreter's files, writes only in the work
  dir, no execve, no TCP, no signals or abstract UNIX sockets out, no ptrace out;
* seccomp: no UNIX-domain sockets, no namespace, mount, ptrace, bpf, keyring or module syscalls;
* cgroups: one memory and one process budget for the whole program tree; the work dir is a
  tmpfs of ``max_disk_mb`` (total disk written); RLIMIT_AS/CPU/FSIZE/NOFILE/NPROC per process;
* a wall-clock deadline for the whole test, and every descendant killed before the verdict.

What is in force is reported with every result (:attr:`ExecutionResult.layers`), and
:func:`missing_protections` names what this machine lacks.
"""

from __future__ import annotations

import atexit
import fcntl
import json
import os
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lmeval_tasks_code import _cgroups

CHILD = Path(__file__).with_name("_sandbox_child.py")
PREFIX = "lmeval-sandbox-"
#: The runner's working directory inside the session dir (never a work dir: see _child_env).
RUNNER_DIR = "runner"

#: Extra seconds the parent waits beyond ``timeout`` (interpreter start-up, namespace set-up,
#: the harness's own imports) before it kills the runner's whole session itself.
STARTUP_GRACE_S = 10.0


@dataclass(frozen=True)
class Limits:
    """Resource limits for one program. Environment overrides: ``LMEVAL_SANDBOX_<FIELD>``."""

    timeout: float = 3.0
    #: memory of the whole program tree (cgroup; per process with RLIMIT_AS as well)
    memory_mb: int = 2048
    #: processes and threads of the whole program tree
    max_processes: int = 16
    max_file_mb: int = 64
    #: everything the program writes to disk, all files together
    max_disk_mb: int = 64
    max_open_files: int = 256
    #: Namespaces, Landlock, seccomp, cgroups; switch off only to exercise the fallbacks (tests do).
    isolate: bool = True
    landlock: bool = True
    seccomp: bool = True
    cgroups: bool = True

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
    #: passed | failed | timeout | unsupported (the tests cannot call the candidate as plain data)
    #: | error (the runner itself broke)
    status: str
    detail: str = ""
    seconds: float = 0.0
    stderr: str = ""
    layers: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.status == "passed"


# ----------------------------------------------------------------------------- temp dirs

_session_lock = threading.Lock()
_session: Path | None = None


def _rmtree(path: Path) -> None:
    """Remove a tree the candidate may have written: never follows a symlink, and changes the
    mode only of directories inside ``path`` (a ``chmod`` follows symlinks)."""
    root = os.fspath(path)
    if os.path.islink(root):
        os.unlink(root)
        return

    def onerror(func: Any, p: str, _exc: Any) -> None:
        for q in (os.path.dirname(p), p):
            if (q == root or q.startswith(root + os.sep)) and not os.path.islink(q):
                try:
                    os.chmod(q, stat.S_IRWXU)
                except OSError:
                    pass
        try:
            func(p)
        except OSError:
            pass

    shutil.rmtree(root, onerror=onerror)


def remove_stale(tmp: str | None = None) -> list[str]:
    """Delete the sandbox dirs (and cgroups) of runs that were killed; returns the dirs removed.

    Each run holds an exclusive ``flock`` on ``<session>/.lock`` for its lifetime; the kernel
    drops it when the process dies, however it dies, so a lock we can take is a dead run's.
    """
    removed = []
    root = Path(tmp or tempfile.gettempdir())
    for path in root.glob(PREFIX + "*"):
        lock = path / ".lock"
        if path.is_symlink() or not path.is_dir() or path == _session or lock.is_symlink() \
                or not lock.is_file() or path.stat().st_uid != os.geteuid():
            continue
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue  # a live run owns it
        _rmtree(path)
        os.close(fd)
        removed.append(str(path))
    _cgroups.remove_stale()
    return removed


def session_dir() -> Path:
    """This process's sandbox root, created (and stale ones removed) on first use."""
    global _session
    with _session_lock:
        if _session is None or not _session.is_dir():
            remove_stale()
            path = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
            fd = os.open(path / ".lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            fcntl.flock(fd, fcntl.LOCK_EX)  # held (fd kept open) until this process ends
            os.chmod(path, 0o711)  # a sandbox uid must reach its own work dir inside
            os.mkdir(path / RUNNER_DIR, 0o555)  # the runners' cwd: empty, and no sandbox may write it
            atexit.register(_remove_session, path, os.getpid())
            _session = path
        return _session


def _remove_session(path: Path, owner: int) -> None:
    if os.getpid() == owner:  # not in a forked child that inherited the handler
        _rmtree(path)


# ----------------------------------------------------------------------------- running


def _child_env(runner_dir: str) -> dict[str, str]:
    """The runner's environment. Its HOME and cwd are the empty, read-only runner dir, never the
    candidate's work dir: nothing the candidate writes lies where the runner looks (the worker
    sets HOME and TMPDIR to its work dir for itself)."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": runner_dir, "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
    }


def _frame(obj: Any) -> bytes:
    data = json.dumps(obj).encode("utf-8", "surrogatepass")
    return struct.pack(">Q", len(data)) + data


def run_program(program: str, limits: Limits | None = None, tests: str | None = None,
                prelude: str = "") -> ExecutionResult:
    """Run ``program`` in the sandbox and ``tests`` (with the trusted ``prelude``) against it.

    With ``tests=None`` (program mode, used to test the sandbox itself) a pass only means the
    program ran to its end: a program is never its own judge when it is scored.
    """
    limits = limits or Limits()
    session = session_dir()
    workdir = tempfile.mkdtemp(prefix="run-", dir=session)
    runner_dir = str(session / RUNNER_DIR)
    cfg = {"workdir": workdir, **{k: getattr(limits, k) for k in Limits.__dataclass_fields__}}
    payload = _frame({"cfg": cfg, "program": program}) + _frame({"tests": tests, "prelude": prelude})
    proc = None
    try:
        proc = subprocess.Popen(
            [sys.executable, "-I", str(CHILD)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, cwd=runner_dir, env=_child_env(runner_dir), start_new_session=True,
            close_fds=True,
        )
        try:
            out, err = proc.communicate(payload, timeout=limits.timeout + STARTUP_GRACE_S)
        except subprocess.TimeoutExpired:
            _killpg(proc.pid)
            proc.communicate()
            return ExecutionResult("timeout", detail="killed by the parent after the grace period")
        lines = out.decode("utf-8", "replace").strip().splitlines()
        if not lines:
            return ExecutionResult("error", detail=f"the runner exited with {proc.returncode}",
                                   stderr=err.decode("utf-8", "replace")[-2000:])
        report = json.loads(lines[-1])
        return ExecutionResult(report["status"], report.get("detail", ""), report.get("seconds", 0.0),
                               report.get("stderr", ""), report.get("layers", {}))
    finally:
        if proc is not None:
            _killpg(proc.pid)
        _rmtree(Path(workdir))


def _killpg(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_programs(jobs: list[tuple[str, str | None, str]], limits: Limits | None = None,
                 max_workers: int | None = None) -> list[ExecutionResult]:
    """Run many ``(program, tests, prelude)`` jobs, ``max_workers`` at a time (default: CPU count)."""
    if not jobs:
        return []
    workers = max(1, min(len(jobs), max_workers or os.cpu_count() or 1))
    if workers == 1:
        return [run_program(p, limits, t, pre) for p, t, pre in jobs]
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(lambda job: run_program(job[0], limits, job[1], job[2]), jobs))


# ----------------------------------------------------------------------------- reporting

#: layer key -> what is missing without it
PROTECTIONS = {
    "user_namespace": "user namespace (the sandbox's root has no power outside)",
    "pid_namespace": "PID namespace (other processes invisible and unsignalable)",
    "private_proc": "private /proc (other processes' details hidden)",
    "network_namespace": "network namespace (no network)",
    "landlock": "Landlock (reads only the work dir and the interpreter's files, writes only the work dir)",
    "landlock_net": "Landlock TCP rules (ABI >= 4)",
    "landlock_scopes": "Landlock scopes: no signals or abstract UNIX sockets out (ABI >= 6)",
    "seccomp": "seccomp filter (no UNIX sockets, namespace, mount, ptrace, bpf syscalls)",
    "cgroup_memory": "memory cgroup (one memory budget for the whole program tree; polled instead)",
    "cgroup_pids": "pids cgroup (one process budget for the whole program tree)",
    "nproc_limit": "RLIMIT_NPROC for the program tree (needs a user namespace or a uid of its own)",
    "disk_tmpfs": "size-capped tmpfs work dir (total disk written; polled instead)",
    "no_capabilities": "an empty capability bounding set",
}


def missing_protections(layers: dict[str, Any]) -> list[str]:
    """What the machine did not grant, in words (empty when everything is in force)."""
    missing = [text for key, text in PROTECTIONS.items() if not layers.get(key)]
    if layers.get("host_root") and not layers.get("distinct_uid"):
        missing.append("a uid of its own (run as root, the program owns root's files under plain "
                       "permissions: the interpreter is not readable by other users)")
    return missing


def describe(limits: Limits | None = None) -> dict[str, Any]:
    """The containment layers this machine provides, measured by running an empty program."""
    result = run_program("pass\n", replace(limits or Limits(), timeout=10.0))
    return {"status": result.status, **result.layers, "missing": missing_protections(result.layers)}
