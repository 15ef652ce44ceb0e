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
from pathlib import Path

PREFIX = "lmeval-sandbox-"


def _mounts() -> list[tuple[str, str, set[str]]]:
    """(mount point, fs type, super options) of every cgroup mount."""
    out = []
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
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
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _, controllers, path = line.split(":", 2)
            for c in controllers.split(",") if controllers else [""]:
                out[c] = path
    except (OSError, ValueError):
        pass
    return out


def _write(path: Path, value: str) -> bool:
    try:
        path.write_text(value)
        return True
    except OSError:
        return False


def parents() -> list[tuple[Path, str]]:
    """The directories our sandbox cgroups go in: (dir, kind) with kind ``v2``, ``memory`` or ``pids``."""
    own = _own_paths()
    out = []
    for mount, fstype, opts in _mounts():
        if fstype == "cgroup2" and "" in own:
            out.append((Path(mount + own[""].rstrip("/")), "v2"))
        elif fstype == "cgroup":
            for kind in ("memory", "pids"):
                if kind in opts and kind in own:
                    out.append((Path(mount + own[kind].rstrip("/")), kind))
    return out


class Cgroups:
    def __init__(self, dirs: list[tuple[Path, str]]) -> None:
        self.dirs = dirs
        self._layers = {"cgroup_memory": False, "cgroup_pids": False, "cgroup_kill": False}

    @classmethod
    def create(cls, name: str, memory_bytes: int, max_processes: int) -> Cgroups:
        made = cls([])
        for parent, kind in parents():
            path = parent / name
            try:
                path.mkdir()
            except OSError:
                continue
            made.dirs.append((path, kind))
            if kind == "v2":
                _write(parent / "cgroup.subtree_control", "+memory +pids")
                if (path / "memory.max").exists() and _write(path / "memory.max", str(memory_bytes)):
                    _write(path / "memory.swap.max", "0")
                    made._layers["cgroup_memory"] = True
                if (path / "pids.max").exists() and _write(path / "pids.max", str(max_processes)):
                    made._layers["cgroup_pids"] = True
                made._layers["cgroup_kill"] = (path / "cgroup.kill").exists()
            elif kind == "memory" and _write(path / "memory.limit_in_bytes", str(memory_bytes)):
                _write(path / "memory.memsw.limit_in_bytes", str(memory_bytes))
                made._layers["cgroup_memory"] = True
            elif kind == "pids" and _write(path / "pids.max", str(max_processes)):
                made._layers["cgroup_pids"] = True
        return made

    def layers(self) -> dict[str, bool]:
        return dict(self._layers)

    def join(self, pid: int) -> None:
        for path, _ in self.dirs:
            _write(path / "cgroup.procs", str(pid))

    def kill(self) -> None:
        """SIGKILL every process in the sandbox's cgroups (atomic with cgroup.kill on v2)."""
        for path, kind in self.dirs:
            if kind == "v2" and _write(path / "cgroup.kill", "1"):
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
                    path.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.005)


def _procs(path: Path) -> list[int]:
    try:
        return [int(p) for p in (path / "cgroup.procs").read_text().split()]
    except (OSError, ValueError):
        return []


def remove_stale() -> int:
    """Remove sandbox cgroups left by killed runs (their runner is gone: no live process of that pid
    runs the sandbox). Returns how many were removed."""
    removed = 0
    for parent, _kind in parents():
        try:
            entries = [p for p in parent.iterdir() if p.name.startswith(PREFIX)]
        except OSError:
            continue
        for path in entries:
            runner = path.name[len(PREFIX):]
            if runner.isdigit() and _alive_runner(int(runner)):
                continue
            group = Cgroups([(path, "v2" if (path / "cgroup.kill").exists() else "v1")])
            group.kill()
            group.remove()
            removed += not path.exists()
    return removed


def _alive_runner(pid: int) -> bool:
    try:
        return b"_sandbox_child" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
