"""The two caches behind a quick ``lmeval ls``: the built task index and the entry-point list.

Each must be invisible: whatever changed on disk since the last run (a new, removed, renamed or
edited-in-place YAML file; an installed, removed or edited distribution) shows at once.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from lmeval.tasks.index import TaskIndex

TASK = "dataset_path: json\noutput_type: generate_until\ndoc_to_text: q\ndoc_to_target: a\n"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(cache))
    return cache


def _names(*roots: Path) -> dict[str, tuple]:
    index = TaskIndex([(r, "include_path") for r in roots])
    return {n: (e.kind, e.path, tuple(e.tags)) for n, e in index.entries.items()}


def _touch_later(path: Path, text: str) -> None:
    """Rewrite in place, keeping size and directory mtime, with a later file mtime."""
    st = path.stat()
    directory = path.parent.stat()
    path.write_text(text)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    os.utime(path.parent, ns=(directory.st_atime_ns, directory.st_mtime_ns))


def test_built_index_is_reused_and_follows_every_kind_of_change(tmp_path, cache_dir):
    root = tmp_path / "tasks"
    (root / "fam").mkdir(parents=True)
    (root / "fam" / "a.yaml").write_text(f"task: task_a\ntag: fam_tag\n{TASK}")
    (root / "fam" / "b.yaml").write_text(f"task: task_b\ntag: fam_tag\n{TASK}")
    cold = _names(root)
    assert set(cold) == {"task_a", "task_b", "fam_tag"}
    assert list((cache_dir / "index").glob("built-*.marshal")), "the built index was not cached"

    warm = _names(root)
    assert warm == cold

    # edited in place: same size, directory mtime unchanged — only the file's own stamp moves
    _touch_later(root / "fam" / "a.yaml", f"task: task_z\ntag: fam_tag\n{TASK}")
    assert set(_names(root)) == {"task_z", "task_b", "fam_tag"}

    (root / "fam" / "c.yaml").write_text(f"task: task_c\n{TASK}")
    assert "task_c" in _names(root)
    (root / "fam" / "b.yaml").unlink()
    names = _names(root)
    assert "task_b" not in names and names["fam_tag"][2] == ("task_z",)
    (root / "fam" / "c.yaml").rename(root / "fam" / "d.yaml")
    assert _names(root)["task_c"][1].endswith("d.yaml")


def test_a_different_source_list_is_a_different_index(tmp_path, cache_dir):
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    (one / "x.yaml").write_text(f"task: only_one\n{TASK}")
    (two / "y.yaml").write_text(f"task: only_two\n{TASK}")
    assert "only_two" not in _names(one)
    assert {"only_one", "only_two"} <= set(_names(one, two))
    assert "only_one" not in _names(two)


def test_override_warning_is_repeated_on_a_warm_load(tmp_path, cache_dir, caplog):
    one, two = tmp_path / "one", tmp_path / "two"
    for d in (one, two):
        d.mkdir()
        (d / "t.yaml").write_text(f"task: same_name\n{TASK}")
    for _ in range(2):  # cold, then warm from the cache
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="lmeval"):
            assert _names(one, two)["same_name"][1] == str(two / "t.yaml")
        assert any("overrides the one in" in r.getMessage() for r in caplog.records)


def test_unwritable_cache_only_costs_speed(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(blocker))
    root = tmp_path / "tasks"
    root.mkdir()
    (root / "t.yaml").write_text(f"task: still_listed\n{TASK}")
    assert "still_listed" in _names(root)


def _ls_plugins(site: Path, cache: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site), "LMEVAL_CACHE_DIR": str(cache)}
    env.pop("LMEVAL_DISABLE_AUTOLOAD", None)
    env.pop("LMEVAL_PLUGINS_ALLOW", None)
    return subprocess.run([sys.executable, "-m", "lmeval", "ls", "plugins"], capture_output=True,
                          text=True, env=env, timeout=120)


def test_entry_point_cache_follows_installs_edits_and_removals(tmp_path):
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    (site / "fakeplug_mod.py").write_text(textwrap.dedent("""
        from lmeval.hookspecs import hookimpl

        @hookimpl
        def lmeval_register_metrics(register):
            register("fake_metric", lambda items: 0.0)
    """))
    info = site / "fakeplug-1.2.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fakeplug\nVersion: 1.2.3\n")
    (info / "entry_points.txt").write_text("[lmeval]\nfakeplug = fakeplug_mod\n")

    first = _ls_plugins(site, cache)
    assert first.returncode == 0, first.stderr
    assert "fakeplug" in first.stdout and "1.2.3" in first.stdout
    assert list((cache / "entry-points").glob("*.json")), "the entry points were not cached"
    assert _ls_plugins(site, cache).stdout == first.stdout  # warm: from the cache

    ep = info / "entry_points.txt"
    _touch_later(ep, "[lmeval]\nrenamed = fakeplug_mod\n")
    edited = _ls_plugins(site, cache).stdout
    assert "renamed" in edited and "\nfakeplug " not in edited

    for child in info.iterdir():
        child.unlink()
    info.rmdir()
    assert "renamed" not in _ls_plugins(site, cache).stdout


def test_a_listing_imports_only_what_it_needs(tmp_path):
    """``ls tasks`` with no plugin to load imports neither pluggy nor the built-in plugin modules
    (metrics, filters, the dummy model); a plugin given with ``--plugins`` still adds its tasks."""
    root = tmp_path / "tasks"
    root.mkdir()
    (root / "t.yaml").write_text(f"task: listed_task\n{TASK}")
    pack = tmp_path / "pack"
    (pack / "tasks").mkdir(parents=True)
    (pack / "tasks" / "p.yaml").write_text(f"task: pack_task\n{TASK}")
    (pack / "mypack.py").write_text(textwrap.dedent(f"""
        from lmeval.hookspecs import hookimpl

        @hookimpl
        def lmeval_register_task_sources(register):
            register({str(pack / "tasks")!r})
    """))
    probe = textwrap.dedent("""
        import sys
        from lmeval.cli import main
        code = main(sys.argv[1:])
        heavy = sorted(m for m in ("pluggy", "lmeval.metrics", "lmeval.filters", "lmeval.testing",
                                   "dataclasses", "hashlib") if m in sys.modules)
        print("IMPORTED:", ",".join(heavy), file=sys.stderr)
        raise SystemExit(code)
    """)
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "cache"), "LMEVAL_DISABLE_AUTOLOAD": "1",
           "PYTHONPATH": str(pack)}
    env.pop("LMEVAL_PLUGINS", None)
    bare = subprocess.run([sys.executable, "-c", probe, "ls", "tasks", "--include_path", str(root)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert bare.returncode == 0, bare.stderr
    assert "listed_task" in bare.stdout
    assert "IMPORTED: \n" in bare.stderr, bare.stderr
    with_pack = subprocess.run([sys.executable, "-c", probe, "ls", "tasks", "--include_path", str(root),
                                "--plugins", "mypack"], capture_output=True, text=True, env=env, timeout=120)
    assert with_pack.returncode == 0, with_pack.stderr
    assert "listed_task" in with_pack.stdout and "pack_task" in with_pack.stdout
    assert "pluggy" in with_pack.stderr
