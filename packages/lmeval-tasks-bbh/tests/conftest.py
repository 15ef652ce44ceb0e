"""Shared fixtures: the offline dataset mirror and helpers that build this pack's tasks."""

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
def plugins():
    from lmeval.plugins import PluginManager

    return PluginManager()


@pytest.fixture(scope="session")
def build(plugins, tmp_path_factory):
    """``build(name, num_fewshot=None) -> (task, instances of the first document)``."""
    from lmeval.evaluator import build_instances, task_sources
    from lmeval.tasks.index import TaskIndex
    from lmeval.tasks.loader import TaskLoader

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lmeval-cache"))
        loader = TaskLoader(TaskIndex(task_sources(plugins, None)), plugins)

    def _build(name: str, num_fewshot: int | None = None):
        (task,) = loader.load([name])
        if num_fewshot is not None:
            task.config.num_fewshot = num_fewshot
        task.fewshot_seed = 1234
        _, instances = build_instances(task, limit=1)
        return task, instances

    return _build
