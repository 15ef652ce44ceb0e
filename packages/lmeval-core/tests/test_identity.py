"""The response cache's model key, computed by the core for every backend (lmeval.run.identity):
the backend's name, every model argument but the cache-neutral ones, and identity_extras()."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval.evaluator import build_model
from lmeval.hookspecs import hookimpl
from lmeval.plugins import PluginManager
from lmeval.protocol import LM, RequestKind
from lmeval.run.cache import model_fingerprint
from lmeval.run.identity import CACHE_NEUTRAL_ARGS, local_files, model_identity


class Plain(LM):
    """A backend that declares nothing about its identity."""

    supported_kinds = frozenset({RequestKind.LOGLIKELIHOOD})

    def __init__(self, pretrained: str = "a", temperature: float = 0.0, workers: int = 1,
                 **_: object) -> None:
        self.pretrained, self.temperature = pretrained, temperature

    def loglikelihood(self, requests):
        return [(0.0, True) for _ in requests]


class WithExtras(Plain):
    """Adds what its arguments do not say (a file's content) and names a neutral argument."""

    cache_neutral_args = frozenset({"workers"})

    def __init__(self, path: str = "", **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.path = path

    def identity_extras(self):
        return {"content": Path(self.path).read_text() if self.path else None}


class _Plugin:
    __name__ = "identity_test_plugin"

    @staticmethod
    @hookimpl
    def lmeval_register_models(register):
        register("plain-backend", Plain, aliases=("plain-alias",))
        register("extras-backend", WithExtras)


def _pm() -> PluginManager:
    pm = PluginManager(autoload=False)
    pm.register(_Plugin(), name="identity_test_plugin")
    return pm


def _key(model: str, args: str, **run: object) -> str:
    return model_fingerprint(build_model(_pm(), model, args, **run).identity())


def test_every_model_argument_keys_the_cache_and_run_options_do_not():
    pm = _pm()
    a = build_model(pm, "plain-backend", "pretrained=m1", batch_size=4).identity()
    assert a == {"backend": "plain-backend", "model_args": {"pretrained": "m1"}, "extras": {}}
    assert _key("plain-backend", "pretrained=m1") != _key("plain-backend", "pretrained=m2")
    # an argument no backend author listed anywhere still tells two models apart
    assert _key("plain-backend", "pretrained=m1,temperature=0.5") != _key("plain-backend", "pretrained=m1")
    for run in ({"batch_size": 16}, {"max_batch_size": 8}, {"device": "cuda:1"}):
        assert _key("plain-backend", "pretrained=m1", **run) == _key("plain-backend", "pretrained=m1")
    assert {"batch_size", "max_batch_size", "device"} == CACHE_NEUTRAL_ARGS


def test_an_alias_keys_the_cache_as_its_backend():
    assert _key("plain-alias", "pretrained=m1") == _key("plain-backend", "pretrained=m1")


def test_backend_neutral_args_and_extras(tmp_path):
    weights = tmp_path / "w.txt"
    weights.write_text("v1")
    base = _key("extras-backend", f"path={weights}")
    assert _key("extras-backend", f"path={weights},workers=8") == base  # declared neutral
    assert _key("plain-backend", "workers=8") != _key("plain-backend", "")  # not neutral there
    weights.write_text("v2")  # same arguments, other content: identity_extras tells them apart
    assert _key("extras-backend", f"path={weights}") != base


def test_an_instance_made_by_the_caller_is_keyed_by_its_constructor_arguments():
    a, b = Plain(pretrained="m1"), Plain("m2")
    assert a.model_args == {"pretrained": "m1"} and b.model_args == {"pretrained": "m2"}
    assert a.identity() != b.identity()
    # nobody registered it: its class names the backend
    assert a.identity()["backend"] == f"{__name__}.Plain"
    assert Plain(pretrained="m1", batch_size=4).identity() == a.identity()
    assert WithExtras(pretrained="m1", extra_thing=3).model_args == {"pretrained": "m1", "extra_thing": 3}


def test_unjsonable_values_are_keyed_by_type_and_stable():
    class Model:
        pass

    one, two = Plain(pretrained=Model()), Plain(pretrained=Model())  # type: ignore[arg-type]
    assert one.identity() == two.identity()
    assert "Model" in one.identity()["model_args"]["pretrained"]
    assert Plain(pretrained=("x", {"b": 1, "a": 2})).identity()["model_args"]["pretrained"] == [
        "x", {"a": 2, "b": 1}]  # type: ignore[arg-type]


def test_local_files_fingerprint(tmp_path):
    assert local_files(tmp_path / "missing") is None
    (tmp_path / "config.json").write_text("{}")
    (tmp_path / "notes.md").write_text("ignored")
    assert list(local_files(tmp_path)) == ["config.json"]


@pytest.mark.parametrize("attr", ["owns_ranks", "close", "all_gather_object", "identity_extras",
                                  "cache_neutral_args", "model_args", "chunk_size",
                                  "report_answers", "rank", "world_size"])
def test_the_contract_declares_what_the_core_uses(attr):
    lm = Plain()
    assert hasattr(LM, attr)
    getattr(lm, attr)  # a bare backend has every one, with its default


def test_defaults_of_the_contract():
    lm = Plain()
    assert lm.owns_ranks is False and lm.close() is None and lm.identity_extras() == {}
    assert lm.all_gather_object({"x": 1}) == [{"x": 1}]  # a single process
    assert model_identity(lm) == lm.identity()
