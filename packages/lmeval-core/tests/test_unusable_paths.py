"""A cache or output place that cannot be used is one line, exit 2, before the model loads.

Generated over places x shapes: ``--use_cache`` (a folder or a ``.db`` file), ``--output_path``
(a folder or a ``.json`` file), ``LMEVAL_CACHE_DIR`` and ``--cache_requests`` under it; each
as a dangling symbolic link (itself or a folder above it), under a file where a folder is
expected, on a read-only and on a full file system (a tiny tmpfs in a private mount namespace:
``unshare -rm``; skipped where the kernel does not allow one). An existing cache file that does
not open for writing is refused too, and no SQLite error is ever a traceback.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import loadwatch
import pytest

TASK = """task: t_paths
dataset_path: json
dataset_kwargs:
  data_files:
    test: t_paths.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: "{{q}}"
doc_to_choice: choices
doc_to_target: answer
"""


def _can_unshare() -> bool:
    if not shutil.which("unshare"):
        return False
    try:
        probe = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
                               capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0


UNSHARE = _can_unshare()
needs_mount = pytest.mark.skipif(not UNSHARE, reason="needs a private mount namespace (unshare -rm) "
                                                     "to make a full or read-only file system")

# place: (flag, how the path is given relative to the folder that is made unusable)
PLACES = {
    "use_cache-dir": ("--use_cache", "cache"),
    "use_cache-db": ("--use_cache", "c.db"),
    "output_path-dir": ("--output_path", "out"),
    "output_path-json": ("--output_path", "r.json"),
    "LMEVAL_CACHE_DIR": ("LMEVAL_CACHE_DIR", "lc"),
    "cache_requests": ("--cache_requests", "lc"),
}


@pytest.fixture
def tasks(tmp_path: Path) -> Path:
    root = tmp_path / "tasks"
    root.mkdir()
    (root / "t_paths.yaml").write_text(TASK)
    docs = [{"q": f"{i}?", "choices": ["a", "b"], "answer": i % 2} for i in range(4)]
    (root / "t_paths.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    return root


def _command(tasks: Path, place: str, path: Path, cache_dir: Path) -> tuple[list[str], dict[str, str]]:
    flag, _ = PLACES[place]
    argv = [sys.executable, "-m", "lmeval", "run", "--model", "loadwatch", "--plugins",
            loadwatch.__file__, "--tasks", "t_paths", "--include_path", str(tasks)]
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(cache_dir), "LMEVAL_LOADWATCH": str(tasks / "loads")}
    if place == "LMEVAL_CACHE_DIR":
        env["LMEVAL_CACHE_DIR"] = str(path)
    elif place == "cache_requests":
        env["LMEVAL_CACHE_DIR"] = str(path)
        argv += ["--cache_requests", "true"]
    else:
        argv += [flag, str(path)]
    return argv, env


def _check(proc: subprocess.CompletedProcess, tasks: Path, place: str, words: str) -> None:
    flag = PLACES[place][0]
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "Loading" not in proc.stderr, proc.stderr
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith(f"lmeval: error: {flag}"), line
    assert words in line, line
    assert not (tasks / "loads").exists()


def _spoil(base: Path, shape: str, name: str) -> Path:
    """Make ``base / name`` unusable in the way ``shape`` says; returns the path to give."""
    if shape == "dangling-link":
        (base / name).symlink_to(base / "gone")
        return base / name
    if shape == "dangling-parent":
        (base / "parent").symlink_to(base / "gone")
        return base / "parent" / name
    if shape == "file-parent":
        (base / "afile").write_text("x")
        return base / "afile" / name
    raise AssertionError(shape)


SHAPE_WORDS = {
    "dangling-link": "is a symbolic link to",
    "dangling-parent": "is a symbolic link to",
    "file-parent": "is not a directory",
}
CASES = [(p, s) for p in PLACES for s in SHAPE_WORDS]


@pytest.mark.parametrize("place,shape", CASES, ids=[f"{p}-{s}" for p, s in CASES])
def test_a_path_that_cannot_be_made(tmp_path, tasks, place, shape):
    base = tmp_path / "spoiled"
    base.mkdir()
    path = _spoil(base, shape, PLACES[place][1])
    argv, env = _command(tasks, place, path, tmp_path / "lmeval-cache")
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    _check(proc, tasks, place, SHAPE_WORDS[shape])


def _in_namespace(setup: str, argv: list[str], env: dict[str, str], mount: Path,
                  size: str = "256k") -> subprocess.CompletedProcess:
    script = (f"mount -t tmpfs -o size={size} tmpfs {shlex.quote(str(mount))} && {setup} && "
              f"exec {shlex.join(argv)}")
    return subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True,
                          timeout=120, env=env)


FULL = "dd if=/dev/zero of={m}/fill bs=4096 >/dev/null 2>&1; true"
READ_ONLY = "mount -o remount,ro {m}"


@needs_mount
@pytest.mark.parametrize("place", list(PLACES))
@pytest.mark.parametrize("shape", ["full", "read-only"])
def test_a_full_or_read_only_file_system(tmp_path, tasks, place, shape):
    mount = tmp_path / "fs"
    mount.mkdir()
    path = mount / PLACES[place][1]
    argv, env = _command(tasks, place, path, tmp_path / "lmeval-cache")
    setup = (FULL if shape == "full" else READ_ONLY).format(m=shlex.quote(str(mount)))
    proc = _in_namespace(setup, argv, env, mount)
    _check(proc, tasks, place, "No space left on device" if shape == "full" else "Read-only file system")


@needs_mount
@pytest.mark.parametrize("shape", ["read-only-db", "full-with-db"])
def test_an_existing_cache_file_that_cannot_be_written(tmp_path, tasks, shape):
    mount = tmp_path / "fs"
    mount.mkdir()
    cache = mount / "cache"
    argv, env = _command(tasks, "use_cache-dir", cache, tmp_path / "lmeval-cache")
    make_db = (f"mkdir {shlex.quote(str(cache))} && {shlex.quote(sys.executable)} -c "
               + shlex.quote("import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
                             "c.execute('PRAGMA journal_mode=WAL'); c.execute('CREATE TABLE responses "
                             "(model TEXT, key TEXT, value TEXT, PRIMARY KEY (model, key))'); c.close()")
               + f" {shlex.quote(str(cache / 'responses.sqlite'))}")
    spoil = READ_ONLY if shape == "read-only-db" else FULL
    proc = _in_namespace(f"{make_db} && {spoil.format(m=shlex.quote(str(mount)))}", argv, env, mount)
    words = "Read-only file system" if shape == "read-only-db" else "No space left on device"
    _check(proc, tasks, "use_cache-dir", words)


def test_the_cache_file_is_a_folder(tmp_path, tasks):
    (tmp_path / "cache" / "responses.sqlite").mkdir(parents=True)
    argv, env = _command(tasks, "use_cache-dir", tmp_path / "cache", tmp_path / "lmeval-cache")
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    _check(proc, tasks, "use_cache-dir", "is a directory, expected the cache's SQLite file")


@needs_mount
def test_sqlite_errors_are_one_line_cache_errors(tmp_path):
    """Past the preflight (a disk that fills between the check and the open): CacheError, not a
    sqlite3 traceback."""
    mount = tmp_path / "fs"
    mount.mkdir()
    code = ("from lmeval.run.cache import ResponseCache, CacheError\n"
            "import sys\n"
            "try:\n"
            "    ResponseCache(sys.argv[1], {'model': 'x'})\n"
            "except CacheError as exc:\n"
            "    print('CacheError', exc)\n")
    proc = _in_namespace(FULL.format(m=shlex.quote(str(mount))),
                         [sys.executable, "-c", code, str(mount / "c")], dict(os.environ), mount)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"CacheError the response cache {mount / 'c' / 'responses.sqlite'} "
                                  "cannot be used: "), proc.stdout


def test_an_unwritable_default_cache_dir_is_a_warning(tmp_path, tasks, monkeypatch):
    """Without LMEVAL_CACHE_DIR, a cache folder that cannot be used only costs speed."""
    (tmp_path / "home").write_text("not a folder")
    env = {k: v for k, v in os.environ.items() if k != "LMEVAL_CACHE_DIR"}
    env.update(XDG_CACHE_HOME=str(tmp_path / "home" / "cache"))
    proc = subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "dummy", "--tasks", "t_paths",
                           "--include_path", str(tasks)], capture_output=True, text=True, timeout=120,
                          env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    (line,) = [x for x in proc.stderr.splitlines() if "warning" in x]
    assert line.startswith("lmeval: warning: cannot write to ") and "is not a directory" in line
