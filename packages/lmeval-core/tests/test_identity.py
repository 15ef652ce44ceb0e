"""The response cache's model key: a backend that does not define ``identity()`` still gets one
that tells its model arguments apart (batch sizes aside)."""

from __future__ import annotations

from lmeval.evaluator import build_model
from lmeval.hookspecs import hookimpl
from lmeval.plugins import PluginManager
from lmeval.protocol import LM, RequestKind


class Plain(LM):
    supported_kinds = frozenset({RequestKind.LOGLIKELIHOOD})

    def __init__(self, pretrained: str = "a", temperature: float = 0.0, **_: object) -> None:
        self.pretrained, self.temperature = pretrained, temperature

    def loglikelihood(self, requests):
        return [(0.0, True) for _ in requests]


class _Plugin:
    __name__ = "identity_test_plugin"

    @staticmethod
    @hookimpl
    def lmeval_register_models(register):
        register("plain-backend", Plain)


def _pm() -> PluginManager:
    pm = PluginManager(autoload=False)
    pm.register(_Plugin(), name="identity_test_plugin")
    return pm


def test_default_identity_tells_model_args_apart():
    pm = _pm()
    a = build_model(pm, "plain-backend", "pretrained=m1", batch_size=4).identity()
    b = build_model(pm, "plain-backend", "pretrained=m2", batch_size=4).identity()
    c = build_model(pm, "plain-backend", "pretrained=m1", batch_size=16).identity()
    assert a != b  # another model: another cache key
    assert a == c  # the batch size does not change answers
    assert a == {"backend": "plain-backend", "model_args": {"pretrained": "m1"}}


def test_an_instance_passed_in_keeps_the_bare_default():
    assert Plain().identity() == {"backend": Plain.backend_name}
