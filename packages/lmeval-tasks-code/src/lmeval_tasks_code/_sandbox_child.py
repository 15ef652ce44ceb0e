"""The runner of one code test: a trusted harness process and the sandboxed candidate under it.

Started by :mod:`lmeval_tasks_code.sandbox` as ``python -I _sandbox_child.py`` in a fresh
session. Reads two length-prefixed JSON frames from stdin — first the limits and the candidate
program, then (only after the sandbox is forked, so that the candidate's memory never holds
them) the test code — and writes one JSON report line to stdout.

Process tree::

    runner (this script): trusted; subreaper, not dumpable; runs the test code (_harness)
      └── init: joins the cgroups, drops to a uid of its own (root), unshare(user|mnt|pid|net)
            └── reaper: PID 1 of the new PID namespace; private /proc, tmpfs work dir
                  └── worker: rlimits, no capabilities, Landlock, seccomp -> exec(program),
                      then answers the harness's calls over two pipes (plain data, _wire)

The verdict is decided in the runner alone; the worker can only answer calls or fail.
"""

from __future__ import annotations

import itertools
import json
import os
import resource
import signal
import struct
import sys
import time
import traceback
import types

from lmeval_tasks_code import _confine, _harness, _wire
from lmeval_tasks_code._cgroups import Cgroups

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs milliseconds at every runner start
    from typing import Any

#: At most this many items come back from iterating a candidate object.
MAX_ITEMS = 1_000_000
#: Argument types whose in-place changes are sent back to the harness after a call.
MUTABLE = (list, dict, set, bytearray)


def read_frame(fd: int) -> Any:
    """Exactly one length-prefixed frame, read without buffering ahead."""
    def exact(n: int) -> bytes:
        out = bytearray()
        while len(out) < n:
            chunk = os.read(fd, n - len(out))
            if not chunk:
                raise EOFError("stdin closed mid-frame")
            out += chunk
        return bytes(out)

    (size,) = struct.unpack(">Q", exact(8))
    return json.loads(exact(size))


# ----------------------------------------------------------------------------- sandbox side


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _serve(ns: dict, req_fd: int, resp_fd: int) -> None:
    """Answer the harness: look up globals, call, get attributes; values out as plain data."""
    table: dict[int, Any] = {}

    def to_handle(obj: Any) -> Any:
        ref = len(table) + 1
        table[ref] = obj
        return {"$m": [obj.__name__, ref]} if isinstance(obj, types.ModuleType) else {"$h": ref}

    def from_handle(ref: int, _module: str | None) -> Any:
        return table[ref]

    reader = os.fdopen(req_fd, "rb", buffering=1 << 16)
    for line in reader:
        mutated = None
        try:
            msg = _wire.loads(line)
            op = msg["op"]
            if op == "global":
                name = msg["name"]
                if name not in ns:
                    raise NameError(f"name {name!r} is not defined")
                value = ns[name]
            else:
                obj = table[msg["h"]]
                if op == "call":
                    args = [_wire.decode(a, from_handle) for a in msg["args"]]
                    kwargs = {str(k): _wire.decode(v, from_handle) for k, v in msg["kw"]}
                    try:
                        value = obj(*args, **kwargs)
                    finally:  # the arguments changed in place go back, as Python shares them
                        mutated = _mutations(args, msg["args"], kwargs, msg["kw"], to_handle)
                elif op == "attr":
                    value = getattr(obj, str(msg["name"]))
                elif op == "len":
                    value = len(obj)
                elif op == "iter":
                    value = list(itertools.islice(iter(obj), MAX_ITEMS))
                elif op == "next":
                    value = next(obj)
                elif op == "item":
                    value = obj[_wire.decode(msg["key"], from_handle)]
                elif op == "contains":
                    value = _wire.decode(msg["value"], from_handle) in obj
                elif op in ("bool", "str", "repr"):
                    value = {"bool": bool, "str": str, "repr": repr}[op](obj)
                else:
                    raise ValueError(f"unknown op {op!r}")
            reply = {"ok": _wire.encode(value, to_handle)}
        except BaseException as exc:  # reported to the harness, which decides what it means
            try:
                text = str(exc)[:1000]
            except BaseException:
                text = ""
            reply = {"exc": [type(exc).__name__[:100], text]}
        if mutated:
            reply["mut"] = mutated
        _write_all(resp_fd, _wire.dumps(reply))


def _mutations(args: list, sent: list, kwargs: dict, sent_kw: list, to_handle: Any) -> list | None:
    """``[[position or name, new state], ...]`` for the list, dict, set and bytearray arguments
    that the call changed (their encoding differs from what the harness sent)."""
    out = []
    pairs = [(i, args[i], raw) for i, raw in enumerate(sent)]
    pairs += [(str(k), kwargs.get(str(k)), raw) for k, raw in sent_kw]
    for key, value, raw in pairs:
        if type(value) in MUTABLE:
            now = _wire.encode(value, to_handle)
            if now != raw:
                out.append([key, now])
    return out or None


def _worker(cfg: dict, program: str, layers: dict, fds: dict) -> None:
    """Lock down, run the program, serve calls. Never returns."""
    try:
        os.dup2(fds["err_w"], 2)
        workdir = cfg["workdir"]
        os.chdir(workdir)
        os.environ["HOME"] = os.environ["TMPDIR"] = workdir  # the runner's are its own read-only dir
        read_paths = _confine.interpreter_paths()
        own_count = bool(layers.get("user_namespace") or layers.get("distinct_uid"))
        nproc = int(cfg["max_processes"]) if own_count else None
        layers["nproc_limit"] = own_count
        _confine.set_rlimits(cfg, nproc)
        layers["no_capabilities"] = _confine.drop_capabilities()
        _confine.prctl(_confine.PR_SET_NO_NEW_PRIVS, 1)
        if cfg.get("landlock", True):
            try:
                _confine.landlock(workdir, read_paths, layers)
            except OSError:
                layers["landlock"] = 0
        else:
            layers["landlock"] = 0
        if cfg.get("seccomp", True):
            _confine.seccomp(layers)
        else:
            layers["seccomp"] = False
        guards = set()
        if not layers.get("landlock"):
            guards.add("files")
        if not layers.get("network_namespace") and not layers.get("landlock_net"):
            guards.add("network")
        if not own_count and not layers.get("cgroup_pids"):
            guards.add("processes")
        if not layers.get("pid_namespace") and not layers.get("landlock_scopes"):
            guards.add("signals")
        if guards:
            _confine.install_audit_guard(workdir, guards)
        layers["audit_guard"] = sorted(guards)
        _write_all(fds["status_w"], json.dumps(layers).encode() + b"\n")
        os.close(fds["status_w"])
        req_fd, resp_fd = fds["req_r"], fds["resp_w"]
        cfg.clear()
    except BaseException:  # a broken set-up is a failed program, never a pass
        traceback.print_exc()
        os._exit(3)
    ns: dict = {}
    try:
        exec(compile(program, "<candidate>", "exec"), ns)  # noqa: S102 - this is the sandboxed execution
    except BaseException as exc:  # SystemExit included: a program that exits early has not loaded
        try:
            traceback.print_exc(limit=5)
            _write_all(resp_fd, _wire.dumps({"exc": [type(exc).__name__[:100], str(exc)[:1000]]}))
        except BaseException:
            pass
        os._exit(1)
    try:
        _write_all(resp_fd, _wire.dumps({"ok": True}))
        _serve(ns, req_fd, resp_fd)
    except BaseException:
        os._exit(1)
    os._exit(0)


def _tree(root: int) -> list[int]:
    """Every descendant of ``root`` (by /proc children lists)."""
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/children") as f:
                    kids = [int(p) for p in f.read().split()]
                out += kids
                todo += kids
        except OSError:
            pass
    return out


def _tree_memory_mb(root: int) -> float:
    pages = 0
    for pid in _tree(root):
        try:
            with open(f"/proc/{pid}/statm") as f:
                pages += int(f.read().split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _dir_mb(path: str) -> float:
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(dirpath, name)).st_blocks * 512
            except OSError:
                pass
    return total / 2**20


def _reap(cfg: dict, program: str, layers: dict, fds: dict, in_pid_namespace: bool) -> int:
    """Fork the worker, police what no kernel layer caps, and kill every descendant at the end."""
    worker = os.fork()
    if worker == 0:
        _worker(cfg, program, layers, fds)
    for key in ("req_r", "resp_w", "err_w", "status_w"):
        os.close(fds[key])
    poll_memory = not layers.get("cgroup_memory")
    poll_disk = not layers.get("disk_tmpfs")
    me = os.getpid()
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == worker:
            break
        if pid:
            continue  # an orphan of the program, adopted and reaped
        if poll_memory and _tree_memory_mb(me) > float(cfg["memory_mb"]):
            break
        if poll_disk and _dir_mb(cfg["workdir"]) > float(cfg["max_disk_mb"]):
            break
        time.sleep(0.02)
    _sweep(in_pid_namespace)
    return 0


def _sweep(in_pid_namespace: bool) -> None:
    """SIGKILL and reap every descendant; orphans are adopted by us, so repeat until none is left."""
    me = os.getpid()
    for _ in range(100_000):
        targets = [-1] if in_pid_namespace else _tree(me)
        for pid in targets:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return
        time.sleep(0.001)


def _init(cfg: dict, program: str, layers: dict, fds: dict, runner: int) -> None:
    """The sandbox's first process: cgroups, uid, namespaces, then the reaper. Never returns."""
    try:
        devnull = os.open(os.devnull, os.O_RDWR)
        os.dup2(devnull, 0)
        os.dup2(devnull, 1)
        keep = sorted({0, 1, 2, *(fds[k] for k in ("req_r", "resp_w", "err_w", "status_w"))})
        for lo, hi in zip(keep, keep[1:] + [os.sysconf("SC_OPEN_MAX")], strict=True):
            os.closerange(lo + 1, hi)
        _confine.prctl(_confine.PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != runner:
            os._exit(70)
        uid, gid = os.geteuid(), os.getegid()
        layers["distinct_uid"] = False
        if uid == 0 and all(_confine.readable_by_others(p) for p in _confine.interpreter_paths()):
            uid = gid = int(cfg["sandbox_uid"])
            os.chown(cfg["workdir"], uid, gid)
            os.setgroups([])
            os.setgid(gid)
            os.setuid(uid)
            layers["distinct_uid"] = True
        if cfg.get("isolate", True):
            _confine.enter_namespaces(layers, uid, gid)
        else:
            layers.update(user_namespace=False, pid_namespace=False, mount_namespace=False, network_namespace=False)
        if layers["pid_namespace"]:
            reaper = os.fork()  # the first child in a new PID namespace is its PID 1
            if reaper == 0:
                _confine.prctl(_confine.PR_SET_PDEATHSIG, signal.SIGKILL)
                _confine.private_mounts(cfg["workdir"], int(cfg["max_disk_mb"]), layers)
                os._exit(_reap(cfg, program, layers, fds, in_pid_namespace=True))
            for key in ("req_r", "resp_w", "err_w", "status_w"):
                os.close(fds[key])
            os.waitpid(reaper, 0)
            os._exit(0)
        layers["private_proc"] = layers["disk_tmpfs"] = False
        _confine.prctl(_confine.PR_SET_CHILD_SUBREAPER, 1)
        os._exit(_reap(cfg, program, layers, fds, in_pid_namespace=False))
    except BaseException:
        traceback.print_exc()
        os._exit(70)


# ----------------------------------------------------------------------------- trusted side


def _read_status(fd: int) -> dict:
    data = bytearray()
    os.set_blocking(fd, False)
    while True:
        try:
            chunk = os.read(fd, 65536)
        except (BlockingIOError, OSError):
            break
        if not chunk:
            break
        data += chunk
    try:
        layers = json.loads(bytes(data).partition(b"\n")[0])
        return layers if isinstance(layers, dict) else {}
    except ValueError:
        return {}


def run(cfg: dict, program: str, report_fd: int) -> dict:
    layers: dict[str, Any] = {"host_root": os.geteuid() == 0}
    _confine.prctl(_confine.PR_SET_CHILD_SUBREAPER, 1)
    _confine.prctl(_confine.PR_SET_DUMPABLE, 0)  # no /proc/<pid>/mem, fd or ptrace for same-uid processes
    runner = os.getpid()
    cfg["sandbox_uid"] = int(cfg.get("uid_base", 1_900_000_000)) + runner % 1_000_000
    cgroups = Cgroups.create(f"lmeval-sandbox-{runner}", int(cfg["memory_mb"]) * 2**20, int(cfg["max_processes"])) \
        if cfg.get("cgroups", True) else Cgroups([])
    layers.update(cgroups.layers())
    try:
        return _run(cfg, program, report_fd, layers, cgroups, runner)
    finally:
        cgroups.kill()
        cgroups.remove()


def _run(cfg: dict, program: str, report_fd: int, layers: dict, cgroups: Cgroups, runner: int) -> dict:
    req_r, req_w = os.pipe()
    resp_r, resp_w = os.pipe()
    err_r, err_w = os.pipe()
    status_r, status_w = os.pipe()
    fds = {"req_r": req_r, "resp_w": resp_w, "err_w": err_w, "status_w": status_w}
    started = time.monotonic()
    deadline = started + float(cfg["timeout"])
    init = os.fork()
    if init == 0:
        for fd in (req_w, resp_r, err_r, status_r, report_fd):
            os.close(fd)
        cgroups.join(os.getpid())
        _init(cfg, program, layers, fds, runner)
    for fd in fds.values():
        os.close(fd)
    # the runner decodes what the candidate sends and runs the test code: bound it too
    limit = (int(cfg["memory_mb"]) + 1024) * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    conn = _harness.Connection(req_w, resp_r, err_r, deadline)

    def on_deadline(_signum: int, _frame: Any) -> None:
        raise conn.lose("the time limit was reached", timeout=True)

    signal.signal(signal.SIGALRM, on_deadline)
    signal.setitimer(signal.ITIMER_REAL, max(deadline - time.monotonic(), 0.001))
    status, detail = "failed", ""
    try:
        job = read_frame(0)  # the tests: read only now, after the fork
        loaded = _wire.loads(conn.receive_line())
        if loaded == {"ok": True}:
            if job.get("tests") is None:
                status = "passed"  # program mode: it ran to its end (only for the sandbox's own tests)
            else:
                status, detail = _harness.run_tests(conn, job["tests"], job.get("prelude") or "")
        elif isinstance(loaded, dict) and isinstance(loaded.get("exc"), list):
            detail = "the program raised " + ": ".join(str(x) for x in loaded["exc"])[:1000]
        else:
            detail = "the candidate sent a malformed start message"
    except _harness.SandboxLost:
        status, detail = ("timeout" if conn.timed_out else "failed"), conn.failed or ""
    except _wire.ProtocolError as err:
        detail = f"protocol violation: {err}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    elapsed = time.monotonic() - started
    try:
        os.kill(init, signal.SIGKILL)
    except ProcessLookupError:
        pass
    cgroups.kill()
    _sweep(False)
    conn.drain_stderr()
    layers.update(_read_status(status_r))
    return {"status": status, "detail": detail, "seconds": round(elapsed, 4),
            "stderr": conn.stderr.decode("utf-8", "replace")[-2000:], "layers": layers}


def main() -> int:
    report_fd = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # test code that prints cannot corrupt the report
    first = read_frame(0)
    try:
        report = run(first["cfg"], first["program"], report_fd)
    except BaseException:
        report = {"status": "error", "detail": traceback.format_exc()[-2000:], "layers": {}}
    _write_all(report_fd, json.dumps(report).encode() + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
