"""The child side of the code sandbox: run ONE untrusted program, report one JSON line.

Started by :mod:`lmeval_tasks_code.sandbox` as ``python -I _sandbox_child.py`` in a fresh
session (its own process group) with the program's temp dir as cwd. Reads a JSON header line
and the program from stdin, writes one JSON line to stdout. Standard library only, so that
starting it costs one bare interpreter.

Process tree::

    child (this script, session leader)          unshare(user|pid|net) where the OS allows
      └── reaper (PID 1 of the new PID namespace, or a child subreaper without one)
            └── worker: rlimits, Landlock, uid drop, audit hook  ->  exec(program)

The reaper enforces the wall-clock deadline, adopts every orphan, and before reporting
SIGKILLs every remaining descendant until it has no child left. In a PID namespace the kernel
also kills every process of the namespace when the reaper exits, so nothing escapes even by
``setsid``.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import resource
import signal
import stat
import sys
import time
import traceback

CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000

PR_SET_NO_NEW_PRIVS = 38
PR_SET_CHILD_SUBREAPER = 36

# Landlock (linux/landlock.h). Syscall numbers are the same on x86_64 and the generic table.
SYS_LANDLOCK_CREATE_RULESET = 444
SYS_LANDLOCK_ADD_RULE = 445
SYS_LANDLOCK_RESTRICT_SELF = 446
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1
FS_WRITE_FILE = 1 << 1
FS_REMOVE_DIR = 1 << 4
FS_REMOVE_FILE = 1 << 5
FS_MAKE_CHAR = 1 << 6
FS_MAKE_DIR = 1 << 7
FS_MAKE_REG = 1 << 8
FS_MAKE_SOCK = 1 << 9
FS_MAKE_FIFO = 1 << 10
FS_MAKE_BLOCK = 1 << 11
FS_MAKE_SYM = 1 << 12
FS_REFER = 1 << 13  # ABI 2
FS_TRUNCATE = 1 << 14  # ABI 3
FS_IOCTL_DEV = 1 << 15  # ABI 5
NET_BIND_TCP = 1 << 0  # ABI 4
NET_CONNECT_TCP = 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
SCOPE_SIGNAL = 1 << 1

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _unshare(flags: int) -> bool:
    return _libc.unshare(ctypes.c_int(flags)) == 0


def _enter_namespaces(layers: dict) -> None:
    """New user, PID and network namespaces, the strongest combination the OS grants."""
    root = os.geteuid() == 0
    attempts = [CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET]
    if root:
        attempts.append(CLONE_NEWPID | CLONE_NEWNET)
    attempts.append(CLONE_NEWUSER | CLONE_NEWNET)
    if root:
        attempts.append(CLONE_NEWNET)
    for flags in attempts:
        if _unshare(flags):
            layers["user_namespace"] = bool(flags & CLONE_NEWUSER)
            layers["pid_namespace"] = bool(flags & CLONE_NEWPID)
            layers["network_namespace"] = True
            return
    layers["user_namespace"] = layers["pid_namespace"] = layers["network_namespace"] = False


def _landlock(workdir: str, layers: dict) -> None:
    """Writes only beneath ``workdir`` (and to /dev/null); no TCP; no signals out of the sandbox."""
    abi = _libc.syscall(SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0),
                        ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION))
    if abi < 1:
        layers["landlock"] = 0
        return
    fs = (FS_WRITE_FILE | FS_REMOVE_DIR | FS_REMOVE_FILE | FS_MAKE_CHAR | FS_MAKE_DIR | FS_MAKE_REG
          | FS_MAKE_SOCK | FS_MAKE_FIFO | FS_MAKE_BLOCK | FS_MAKE_SYM)
    if abi >= 2:
        fs |= FS_REFER
    if abi >= 3:
        fs |= FS_TRUNCATE
    if abi >= 5:
        fs |= FS_IOCTL_DEV
    net = NET_BIND_TCP | NET_CONNECT_TCP if abi >= 4 else 0
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0
    attr = _RulesetAttr(fs, net, scoped)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    ruleset = _libc.syscall(SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size),
                            ctypes.c_uint32(0))
    if ruleset < 0:
        layers["landlock"] = 0
        return
    file_rights = FS_WRITE_FILE | (FS_TRUNCATE if abi >= 3 else 0)
    for path, rights in ((workdir, fs), ("/dev/null", file_rights)):
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
        rule = _PathBeneathAttr(rights, fd)
        ok = _libc.syscall(SYS_LANDLOCK_ADD_RULE, ctypes.c_int(ruleset),
                           ctypes.c_int(LANDLOCK_RULE_PATH_BENEATH), ctypes.byref(rule),
                           ctypes.c_uint32(0))
        os.close(fd)
        if ok != 0:
            raise OSError(ctypes.get_errno(), f"landlock_add_rule({path})")
    if _libc.syscall(SYS_LANDLOCK_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
        raise OSError(ctypes.get_errno(), "landlock_restrict_self")
    os.close(ruleset)
    layers["landlock"] = int(abi)
    layers["landlock_net"] = bool(net)


def _count_tasks_of(uid: int) -> int:
    """Threads owned by ``uid``: what RLIMIT_NPROC counts when there is no user namespace."""
    n = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.stat(f"/proc/{entry}").st_uid == uid:
                    n += len(os.listdir(f"/proc/{entry}/task"))
            except OSError:
                pass
    return n


def _readable_by_others(path: str) -> bool:
    """Every directory on the way to ``path`` searchable by others, ``path`` itself readable."""
    path = os.path.realpath(path)
    parts = path.split(os.sep)
    for i in range(2, len(parts) + 1):
        try:
            mode = os.stat(os.sep.join(parts[:i]) or os.sep).st_mode
        except OSError:
            return True  # a sys.path entry that does not exist cannot block an import
        if not mode & stat.S_IXOTH:
            return False
    return bool(mode & stat.S_IROTH)


def _install_audit_guard(workdir: str, guards: set[str]) -> None:
    """An audit hook (Python code cannot remove one) for the layers the kernel did not give us.

    ``guards``: ``files`` (writes outside the work dir), ``network`` (sockets, DNS),
    ``processes`` (fork/exec/spawn, ctypes), ``signals`` (signals to other processes).
    """
    root = os.path.realpath(workdir)
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
    path_events = {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.symlink", "os.link",
                   "os.chmod", "os.chown", "os.truncate", "os.utime", "shutil.rmtree", "os.chflags"}
    net_events = {"socket.connect", "socket.bind", "socket.sendto", "socket.sendmsg",
                  "socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr"}
    process_events = {"os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.system",
                      "os.exec", "subprocess.Popen", "ctypes.dlopen", "ctypes.dlsym"}
    signal_events = {"os.kill", "os.killpg", "signal.pthread_kill"}
    me = os.getpid()

    def inside(path: object) -> bool:
        if isinstance(path, int):
            return True
        try:
            real = os.path.realpath(os.fsdecode(path))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False
        return real == root or real.startswith(root + os.sep) or real == "/dev/null"

    def guard(event: str, args: tuple) -> None:
        if "files" in guards:
            if event == "open":
                path, mode, flags = args
                writing = (flags or 0) & write_flags or (
                    isinstance(mode, str) and any(c in mode for c in "wax+"))
                if writing and path is not None and not inside(path):
                    raise PermissionError(f"sandbox: writing outside the work dir: {path}")
            elif event in path_events:
                for arg in args[:2]:
                    if isinstance(arg, (str, bytes, os.PathLike)) and not inside(arg):
                        raise PermissionError(f"sandbox: {event} outside the work dir")
        if "network" in guards and event in net_events:
            raise PermissionError(f"sandbox: no network ({event})")
        if "processes" in guards and event in process_events:
            raise PermissionError(f"sandbox: no new processes ({event})")
        if "signals" in guards and event in signal_events and args and args[0] != me:
            raise PermissionError(f"sandbox: no signals to other processes ({event})")

    sys.addaudithook(guard)


def _worker(program: str, cfg: dict, layers: dict, w_err: int, w_done: int) -> None:
    """Runs in the forked worker: lock down, then exec the program. Never returns."""
    try:
        devnull = os.open(os.devnull, os.O_RDWR)
        os.dup2(devnull, 0)
        os.dup2(devnull, 1)
        os.dup2(w_err, 2)
        keep = sorted({0, 1, 2, w_done})
        for lo, hi in zip(keep, keep[1:] + [resource.getrlimit(resource.RLIMIT_NOFILE)[0]], strict=True):
            os.closerange(lo + 1, hi)
        workdir = cfg["workdir"]
        os.chdir(workdir)
        timeout = float(cfg["timeout"])
        cpu = int(timeout) + 1
        mem = int(cfg["memory_mb"]) * 1024 * 1024
        limits = [
            (resource.RLIMIT_CPU, (cpu, cpu + 1)),
            (resource.RLIMIT_AS, (mem, mem)),
            (resource.RLIMIT_FSIZE, (int(cfg["max_file_mb"]) * 1024 * 1024,) * 2),
            (resource.RLIMIT_NOFILE, (int(cfg["max_open_files"]),) * 2),
            (resource.RLIMIT_CORE, (0, 0)),
        ]
        if cfg.get("sandbox_uid") is not None:  # root without a user namespace: RLIMIT_NPROC needs a uid
            uid = int(cfg["sandbox_uid"])
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            layers["uid"] = uid
        own_count = layers.get("user_namespace") or cfg.get("sandbox_uid") is not None
        nproc = int(cfg["max_processes"]) + (0 if own_count else _count_tasks_of(os.getuid()))
        limits.append((resource.RLIMIT_NPROC, (nproc, nproc)))
        layers["nproc_limit"] = own_count or os.getuid() != 0
        for which, value in limits:
            resource.setrlimit(which, value)
        _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
        layers["landlock"] = 0
        if cfg.get("landlock", True):
            try:
                _landlock(workdir, layers)
            except OSError:
                layers["landlock"] = 0
        guards = set()
        if not layers.get("landlock"):
            guards.add("files")
        if not layers.get("network_namespace") and not layers.get("landlock_net"):
            guards.add("network")
        if not layers["nproc_limit"]:
            guards.add("processes")
        if not layers.get("pid_namespace") and layers.get("landlock", 0) < 6:
            guards.add("signals")
        if guards:
            _install_audit_guard(workdir, guards)
            layers["audit_guard"] = sorted(guards)
        globals().pop("_libc", None)  # no ready-made libc handle for the program to find
        nonce = cfg["nonce"].encode()
        cfg.clear()
        os.write(w_done, json.dumps(layers).encode() + b"\n")
    except BaseException:  # a broken setup is a failed program, never a pass
        traceback.print_exc()
        os._exit(3)
    try:
        code = compile(program, "<program>", "exec")
        exec(code, {})  # noqa: S102 - this is the sandboxed execution
    except BaseException:  # SystemExit included: a program that exits early has not passed
        try:
            traceback.print_exc(limit=5)
        except BaseException:
            pass
        os._exit(1)
    os.write(w_done, nonce)
    os._exit(0)


def _children() -> list[int]:
    out = []
    try:
        for tid in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{tid}/children") as f:
                out.extend(int(p) for p in f.read().split())
    except OSError:
        pass
    return out


def _sweep(in_pid_namespace: bool) -> None:
    """SIGKILL and reap every descendant; orphans are adopted by us, so repeat until none is left.

    As PID 1 of a namespace, ``kill(-1)`` reaches every other process of the namespace. As a
    child subreaper, /proc lists our children (their pids are ours: same PID namespace).
    """
    for _ in range(100_000):
        if in_pid_namespace:
            try:
                os.kill(-1, signal.SIGKILL)
            except ProcessLookupError:
                pass
        else:
            for pid in _children():
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        try:
            while True:
                pid, _ = os.waitpid(-1, os.WNOHANG)
                if pid == 0:
                    break
        except ChildProcessError:
            return
        time.sleep(0.001)


def _read_available(fd: int, buf: bytearray, cap: int) -> bool:
    """Read what is there; keep the last ``cap`` bytes. Returns False at EOF."""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            return True
        except OSError:
            return False
        if not chunk:
            return False
        buf += chunk
        if len(buf) > cap:
            del buf[: len(buf) - cap]


def _reaper(program: str, cfg: dict, layers: dict, report_fd: int) -> int:
    r_err, w_err = os.pipe()
    r_done, w_done = os.pipe()
    started = time.monotonic()
    worker = os.fork()
    if worker == 0:
        os.close(r_err)
        os.close(r_done)
        os.close(report_fd)
        _worker(program, cfg, layers, w_err, w_done)
    os.close(w_err)
    os.close(w_done)
    os.set_blocking(r_err, False)
    os.set_blocking(r_done, False)
    deadline = started + float(cfg["timeout"])
    err, done = bytearray(), bytearray()
    status, timed_out = None, False
    delay = 0.0005
    while status is None:
        _read_available(r_err, err, 4096)
        _read_available(r_done, done, 4096)
        try:
            while True:
                pid, st = os.waitpid(-1, os.WNOHANG)
                if pid == 0:
                    break
                if pid == worker:
                    status = st
                    break
        except ChildProcessError:
            status = 0 if status is None else status
        if status is None:
            if time.monotonic() > deadline and not timed_out:
                timed_out = True
                os.kill(worker, signal.SIGKILL)
                if layers.get("pid_namespace"):
                    os.kill(-1, signal.SIGKILL)
            time.sleep(delay)
            delay = min(delay * 2, 0.01)
    elapsed = time.monotonic() - started
    _sweep(bool(layers.get("pid_namespace")))
    _read_available(r_err, err, 4096)
    _read_available(r_done, done, 4096)
    signum = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    worker_layers, _, token = bytes(done).partition(b"\n")
    try:
        layers = json.loads(worker_layers)
    except ValueError:
        pass
    passed = not timed_out and code == 0 and token == cfg["nonce"].encode()
    if passed:
        verdict = "passed"
    elif timed_out or signum == signal.SIGXCPU or (signum == signal.SIGKILL and elapsed >= cfg["timeout"]):
        verdict = "timeout"
    else:
        verdict = "failed"
    report = {"status": verdict, "exit_code": code, "signal": signum, "seconds": round(elapsed, 4),
              "stderr": err.decode("utf-8", "replace")[-2000:], "layers": layers}
    os.write(report_fd, (json.dumps(report) + "\n").encode())
    return 0


def main() -> int:
    header = sys.stdin.buffer.readline()
    program = sys.stdin.buffer.read().decode("utf-8", "replace")
    cfg = json.loads(header)
    layers: dict = {}
    report_fd = os.dup(1)
    if cfg.get("isolate", True):
        _enter_namespaces(layers)
    else:
        layers.update(user_namespace=False, pid_namespace=False, network_namespace=False)
    if os.geteuid() == 0 and not layers.get("user_namespace"):
        # RLIMIT_NPROC never applies to root: run the program as a uid of its own, provided
        # that uid can still read the interpreter (pyenv under /root, for one, it cannot).
        if all(_readable_by_others(p) for p in [os.path.dirname(os.__file__), *sys.path] if p):
            cfg["sandbox_uid"] = int(cfg.get("uid_base", 1_900_000_000)) + os.getpid() % 1_000_000
            os.chown(cfg["workdir"], cfg["sandbox_uid"], cfg["sandbox_uid"])
    if layers.get("pid_namespace"):
        reaper = os.fork()  # the first child in a new PID namespace is its PID 1
        if reaper == 0:
            try:
                os._exit(_reaper(program, cfg, layers, report_fd))
            except BaseException:
                traceback.print_exc()
                os._exit(70)
        while True:
            try:
                _, st = os.waitpid(reaper, 0)
                break
            except ChildProcessError:
                st = 0
                break
        return os.WEXITSTATUS(st) if os.WIFEXITED(st) else 70
    _libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    layers["subreaper"] = True
    return _reaper(program, cfg, layers, report_fd)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            sys.exit(70)
        raise
