"""Shared fixtures: the offline dataset mirror and helpers that build this pack's tasks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
MIRROR = HERE / "fixtures" / "datasets"

# every dataset read during the tests comes from the mirror (set before lmeval loads anything)
os.environ["LMEVAL_DATASETS_DIR"] = str(MIRROR)


@pytest.fixture(scope="session")
def plugins():
    from lmeval.plugins import PluginManager

    return PluginManager()


@pytest.fixture(scope="session")
def index(plugins):
    from lmeval.evaluator import task_sources
    from lmeval.tasks.index import TaskIndex

    return TaskIndex(task_sources(plugins, None))


@pytest.fixture(scope="session")
def build(plugins, index):
    """``build(name, num_fewshot=None) -> (task, instances of the first document)``."""
    from lmeval.evaluator import build_instances
    from lmeval.tasks.loader import TaskLoader

    loader = TaskLoader(index, plugins)

    def _build(name: str, num_fewshot: int | None = None):
        (task,) = loader.load([name])
        if num_fewshot is not None:
            task.config.num_fewshot = num_fewshot
        task.fewshot_seed = 1234
        _, instances = build_instances(task, limit=1)
        return task, instances

    return _build
