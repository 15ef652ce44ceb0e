"""Shared fixtures: the offline dataset mirror and a builder of this pack's tasks."""

from __future__ import annotations

from pathlib import Path

import pytest

MIRROR = Path(__file__).resolve().parent / "fixtures" / "datasets"


@pytest.fixture(autouse=True)
def _offline_mirror(monkeypatch, tmp_path_factory):
    """Hub datasets come from this pack's fixture mirror; the index cache stays in tmp."""
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(MIRROR))
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lmeval-cache"))


@pytest.fixture(scope="session")
def loader(tmp_path_factory):
    from lmeval.evaluator import task_sources
    from lmeval.plugins import PluginManager
    from lmeval.tasks.index import TaskIndex
    from lmeval.tasks.loader import TaskLoader

    pm = PluginManager()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lmeval-cache"))
        return TaskLoader(TaskIndex(task_sources(pm, None)), pm)


@pytest.fixture(scope="session")
def build(loader):
    """``build(name) -> (task, instances of its first document)``."""
    from lmeval.evaluator import build_instances

    def _build(name: str):
        (task,) = loader.load([name])
        task.fewshot_seed = 1234
        _, instances = build_instances(task, limit=1)
        return task, instances

    return _build
