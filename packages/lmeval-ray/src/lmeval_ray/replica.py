"""The body of one Ray actor: one model replica, built by the core exactly as in one process."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.protocol import LM, Request


class Replica:
    """Holds one backend LM; answers lists of requests of one kind.

    The model is built in :meth:`load`, not in ``__init__``, so that a model that fails to load
    comes back to the driver as that method's exception (a readable message), not as a dead actor.
    """

    def __init__(self) -> None:
        self.lm: LM | None = None

    def load(self, model: str, model_args: Mapping[str, Any],
             run_options: Mapping[str, Any]) -> dict[str, Any]:
        """Build backend ``model`` (the core's :func:`~lmeval.evaluator.build_model`, the
        same plugin discovery and argument checks) and describe it."""
        from lmeval.evaluator import build_model
        from lmeval.plugins import PluginManager, set_plugin_manager

        pm = PluginManager(plugins=list(run_options.get("plugins") or ()))
        set_plugin_manager(pm)
        self.lm = build_model(pm, model, dict(model_args),
                              batch_size=run_options.get("batch_size"),
                              max_batch_size=run_options.get("max_batch_size"),
                              device=run_options.get("device"))
        return self.describe()

    def describe(self) -> dict[str, Any]:
        """What the driver's stand-in LM reports about the model, and where this replica runs."""
        import ray

        lm = self._lm()
        return {
            "pid": os.getpid(),
            "node": ray.util.get_node_ip_address(),
            "identity": dict(lm.identity()),
            "backend_name": lm.backend_name,
            "model_args": dict(lm.model_args),
            "supported_kinds": sorted(k.value for k in lm.supported_kinds),
            "supported_inputs": sorted(lm.supported_inputs),
            "tokenizer_name": lm.tokenizer_name,
            "chat_template": lm.chat_template,
        }

    def answer(self, kind: str, requests: Sequence[Request]) -> list[Any]:
        """The backend's answers to ``requests`` (all of kind ``kind``), in order."""
        answers = list(getattr(self._lm(), kind)(list(requests)))
        if len(answers) != len(requests):
            raise RuntimeError(f"backend {self._lm().backend_name!r} returned {len(answers)} "
                               f"answers for {len(requests)} {kind} requests")
        return answers

    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        return self._lm().apply_chat_template(messages, add_generation_prompt=add_generation_prompt)

    def close(self) -> None:
        if self.lm is not None:
            self.lm.close()

    def _lm(self) -> LM:
        if self.lm is None:
            raise RuntimeError("the replica has no model: load() was not called or failed")
        return self.lm
