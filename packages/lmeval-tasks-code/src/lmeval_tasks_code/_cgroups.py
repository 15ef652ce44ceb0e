"""Per-program cgroups: one memory and one process budget for the whole program tree.

Created by the trusted runner beside its own cgroup (cgroup v2, or the v1 ``memory`` and
``pids`` hierarchies), joined by the sandbox's first process before it drops privileges,
killed and removed at the end. Where nothing is writable (no root, no delegation) the set is
empty and the layers say so; the reaper then polices memory by polling instead.
"""

from __future__ import annotations

import os
import signal
import time

PREFIX = "lmeval-sandbox-"


def _mounts() -> list[tuple[str, str, set[str]]]:
    """(mount point, fs type, super options) of every cgroup mount."""
    out = []
    try:
        with open("/proc/self/mountinfo") as f:
            lines = f.read().splitlines()
    except OSError:
        return out
    for line in lines:
        left, _, right = line.partition(" - ")
        fields, rfields = left.split(), right.split()
        if len(fields) > 4 and len(rfields) >= 3 and rfields[0] in ("cgroup", "cgroup2"):
            out.append((fields[4].replace("\\040", " "), rfields[0], set(rfields[2].split(","))))
    return out


def _own_paths() -> dict[str, str]:
    """Controller (or ``""`` for v2) -> this process's cgroup path."""
    out = {}
    try:
        with open("/proc/self/cgroup") as f:
            lines = f.read().splitlines()
        for line in lines:
            _, controllers, path = line.split(":", 2)
            for c in controllers.split(",") if controllers else [""]:
                out[c] = path
    except (OSError, ValueError):
        pass
    return out


def _write(path: str, value: str) -> bool:
    try:
        with open(path, "w") as f:
            f.write(value)
        return True
    except OSError:
        return False


def parents() -> list[tuple[str, str]]:
    """The directories our sandbox cgroups go in: (dir, kind) with kind ``v2``, ``memory`` or ``pids``."""
    own = _own_paths()
    out = []
    for mount, fstype, opts in _mounts():
        if fstype == "cgroup2" and "" in own:
            out.append((mount + own[""].rstrip("/"), "v2"))
        elif fstype == "cgroup":
            for kind in ("memory", "pids"):
                if kind in opts and kind in own:
                    out.append((mount + own[kind].rstrip("/"), kind))
    return out


class Cgroups:
    def __init__(self, dirs: list[tuple[str, str]]) -> None:
        self.dirs = dirs
        self._layers = {"cgroup_memory": False, "cgroup_pids": False, "cgroup_kill": False}

    @classmethod
    def create(cls, name: str, memory_bytes: int, max_processes: int) -> Cgroups:
        made = cls([])
        for parent, kind in parents():
            path = os.path.join(parent, name)
            try:
                os.mkdir(path)
            except OSError:
                continue
            made.dirs.append((path, kind))
            if kind == "v2":
                _write(os.path.join(parent, "cgroup.subtree_control"), "+memory +pids")
                if os.path.exists(os.path.join(path, "memory.max")) and _write(os.path.join(path, "memory.max"), str(memory_bytes)):
                    _write(os.path.join(path, "memory.swap.max"), "0")
                    made._layers["cgroup_memory"] = True
                if os.path.exists(os.path.join(path, "pids.max")) and _write(os.path.join(path, "pids.max"), str(max_processes)):
                    made._layers["cgroup_pids"] = True
                made._layers["cgroup_kill"] = os.path.exists(os.path.join(path, "cgroup.kill"))
            elif kind == "memory" and _write(os.path.join(path, "memory.limit_in_bytes"), str(memory_bytes)):
                _write(os.path.join(path, "memory.memsw.limit_in_bytes"), str(memory_bytes))
                made._layers["cgroup_memory"] = True
            elif kind == "pids" and _write(os.path.join(path, "pids.max"), str(max_processes)):
                made._layers["cgroup_pids"] = True
        return made

    def layers(self) -> dict[str, bool]:
        return dict(self._layers)

    def join(self, pid: int) -> None:
        for path, _ in self.dirs:
            _write(os.path.join(path, "cgroup.procs"), str(pid))

    def kill(self) -> None:
        """SIGKILL every process in the sandbox's cgroups (atomic with cgroup.kill on v2)."""
        for path, kind in self.dirs:
            if kind == "v2" and _write(os.path.join(path, "cgroup.kill"), "1"):
                continue
            for _ in range(100):
                pids = _procs(path)
                if not pids:
                    break
                for pid in pids:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except (ProcessLookupError, PermissionError):
                        pass
                time.sleep(0.002)

    def remove(self) -> None:
        for path, _ in self.dirs:
            for _ in range(200):
                try:
                    os.rmdir(path)
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.005)


def _procs(path: str) -> list[int]:
    try:
        with open(os.path.join(path, "cgroup.procs")) as f:
            return [int(p) for p in f.read().split()]
    except (OSError, ValueError):
        return []


def remove_stale() -> int:
    """Remove sandbox cgroups left by killed runs (their runner is gone: no live process of that pid
    runs the sandbox). Returns how many were removed."""
    removed = 0
    for parent, _kind in parents():
        try:
            entries = [os.path.join(parent, n) for n in os.listdir(parent) if n.startswith(PREFIX)]
        except OSError:
            continue
        for path in entries:
            runner = os.path.basename(path)[len(PREFIX):]
            if runner.isdigit() and _alive_runner(int(runner)):
                continue
            group = Cgroups([(path, "v2" if os.path.exists(os.path.join(path, "cgroup.kill")) else "v1")])
            group.kill()
            group.remove()
            removed += not os.path.exists(path)
    return removed


def _alive_runner(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"_sandbox_child" in f.read()
    except OSError:
        return False
