"""pytest plugin of lmeval-testkit: public fixtures for backend and task-pack tests.

Loaded automatically (``pytest11`` entry point) wherever lmeval-testkit is installed. Every
fixture name starts with ``lmeval_`` so none shadows a fixture of the project under test.

Backends:

``lmeval_tiny_tokenizer`` (session)
    Directory of the tiny Llama's tokenizer (:func:`lmeval_testkit.hf.build_tokenizer`).
``lmeval_tiny_llama`` (session)
    Directory of a tiny random ``LlamaForCausalLM`` (:func:`lmeval_testkit.hf.build_tiny_llama`).
``lmeval_fault_server``
    A running :class:`lmeval_testkit.api.FaultServer` on 127.0.0.1, stopped afterwards.

Task packs:

``lmeval_offline_mirror``
    ``use(mirror)``: read hub datasets from the directory ``mirror`` (``LMEVAL_DATASETS_DIR``)
    and keep the task-index cache in the session's tmp directory (``LMEVAL_CACHE_DIR``), for
    the current test only.
``lmeval_task_loader`` (session)
    A ``TaskLoader`` over every installed task pack (index cached in the session's tmp).
``lmeval_build_requests`` (session)
    ``build(name, num_fewshot=None) -> (task, instances of the task's first document)``: the
    requests lmeval would send a model for ``--tasks name --limit 1`` (few-shot seed 1234).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest


def _cache_dir(factory: pytest.TempPathFactory) -> Path:
    return factory.getbasetemp() / "lmeval-cache"


@pytest.fixture(scope="session")
def lmeval_tiny_tokenizer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("tokenizers", reason="building the tiny tokenizer needs tokenizers")
    from lmeval_testkit.hf import build_tokenizer

    return build_tokenizer(tmp_path_factory.mktemp("lmeval-testkit-tokenizer") / "llama")


@pytest.fixture(scope="session")
def lmeval_tiny_llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("torch", reason="building the tiny Llama needs torch")
    pytest.importorskip("transformers", reason="building the tiny Llama needs transformers")
    from lmeval_testkit.hf import build_tiny_llama

    return build_tiny_llama(tmp_path_factory.mktemp("lmeval-testkit-models") / "llama")


@pytest.fixture
def lmeval_fault_server() -> Iterator[Any]:
    from lmeval_testkit.api import FaultServer

    with FaultServer() as server:
        yield server


@pytest.fixture
def lmeval_offline_mirror(monkeypatch: pytest.MonkeyPatch,
                          tmp_path_factory: pytest.TempPathFactory) -> Callable[[str | os.PathLike[str]], Path]:
    def use(mirror: str | os.PathLike[str]) -> Path:
        path = Path(mirror)
        if not path.is_dir():
            raise FileNotFoundError(f"offline dataset mirror {path} is not a directory")
        monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(path))
        monkeypatch.setenv("LMEVAL_CACHE_DIR", str(_cache_dir(tmp_path_factory)))
        return path

    return use


@pytest.fixture(scope="session")
def lmeval_task_loader(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from lmeval.evaluator import task_sources
    from lmeval.plugins import PluginManager
    from lmeval.tasks.index import TaskIndex
    from lmeval.tasks.loader import TaskLoader

    plugins = PluginManager()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LMEVAL_CACHE_DIR", str(_cache_dir(tmp_path_factory)))
        return TaskLoader(TaskIndex(task_sources(plugins, None)), plugins)


@pytest.fixture(scope="session")
def lmeval_build_requests(lmeval_task_loader: Any) -> Callable[..., tuple[Any, list[Any]]]:
    from lmeval.evaluator import build_instances

    def build(name: str, num_fewshot: int | None = None) -> tuple[Any, list[Any]]:
        (task,) = lmeval_task_loader.load([name])
        if num_fewshot is not None:
            task.config.num_fewshot = num_fewshot
        task.fewshot_seed = 1234
        _, instances = build_instances(task, limit=1)
        return task, instances

    return build
