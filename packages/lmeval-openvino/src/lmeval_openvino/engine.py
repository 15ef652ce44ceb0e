"""The OpenVINO runtime over an exported decoder: logits of padded token rows, and a decoding
state for generation.

optimum-intel exports a causal LM *stateful* by default: inputs ``input_ids``,
``attention_mask``, ``position_ids`` and ``beam_idx``, the KV cache held as the infer request's
state (``reset_state()`` empties it). An export without the cache (``--task text-generation``)
has no state and is run over the whole sequence at every step. An export with the cache as
explicit ``past_key_values`` inputs (``--disable-stateful``) is refused with the command that
fixes it.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from lmeval.errors import UsageError
from lmeval.requires import require

from lmeval_openvino.ir import IRModel, check_device

log = logging.getLogger("lmeval.openvino")


def import_openvino() -> Any:
    return require("openvino", needed_by="the openvino backend", install="openvino")


class OVEngine:
    """One compiled model and one infer request on ``device`` with ``config`` properties."""

    def __init__(self, ir: IRModel, device: str, config: Mapping[str, Any]) -> None:
        ov = import_openvino()
        self.runtime = f"openvino {ov.get_version()}"
        core = ov.Core()
        check_device(device, core.available_devices)
        try:
            model = core.read_model(str(ir.xml))
        except RuntimeError as exc:
            raise UsageError(f"{self.runtime} could not read {ir.xml}: {_first_line(exc)}") from None
        self.inputs = {i.get_any_name(): i for i in model.inputs}
        outputs = [o.get_any_name() for o in model.outputs]
        if "input_ids" not in self.inputs or "logits" not in outputs:
            raise UsageError(f"{ir.xml} has no input_ids input or logits output: not a causal "
                             "LM export (optimum-cli export openvino --task "
                             "text-generation-with-past)")
        if any(name.startswith("past_key_values") for name in self.inputs):
            raise UsageError(f"{ir.xml} takes its KV cache as past_key_values inputs (exported "
                             "with --disable-stateful): re-export without that flag")
        self.stateful = bool(model.get_sinks())
        try:
            self.compiled = core.compile_model(model, device, dict(config))
        except RuntimeError as exc:
            raise UsageError(f"{self.runtime} could not compile {ir.xml} for {device} with "
                             f"{dict(config)}: {_first_line(exc)}") from None
        self.device = device
        self.request = self.compiled.create_infer_request()
        try:
            self.execution_devices = list(self.compiled.get_property("EXECUTION_DEVICES"))
        except RuntimeError:
            self.execution_devices = [device]

    def run(self, rows: np.ndarray, mask: np.ndarray, positions: np.ndarray,
            keep_state: bool = False) -> np.ndarray:
        """Logits ``[batch, len, vocab]`` (float32) of ``rows``; ``mask`` covers the cached
        tokens too. Without ``keep_state`` the KV cache is emptied first."""
        if not keep_state and self.stateful:
            self.request.reset_state()
        feeds = {"input_ids": rows.astype(np.int64)}
        if "attention_mask" in self.inputs:
            feeds["attention_mask"] = mask.astype(np.int64)
        if "position_ids" in self.inputs:
            feeds["position_ids"] = positions.astype(np.int64)
        if "beam_idx" in self.inputs:
            feeds["beam_idx"] = np.arange(rows.shape[0], dtype=np.int32)
        result = self.request.infer(feeds)
        return np.array(result["logits"], dtype=np.float32)  # a copy: the request reuses it

    def logits(self, rows: Sequence[Sequence[int]]) -> np.ndarray:
        """One pass over right-padded ``rows`` from an empty cache: ``[batch, longest, vocab]``."""
        width = max(len(r) for r in rows)
        ids = np.zeros((len(rows), width), dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.int64)
        for i, row in enumerate(rows):
            ids[i, :len(row)] = row
            mask[i, :len(row)] = 1
        positions = np.broadcast_to(np.arange(width, dtype=np.int64), ids.shape)
        return self.run(ids, mask, positions)

    def start(self, prompt: Sequence[int]) -> Decoding:
        return Decoding(self, list(prompt))


class Decoding:
    """Greedy or sampled decoding of one sequence on the request's KV state."""

    def __init__(self, engine: OVEngine, prompt: list[int]) -> None:
        self.engine = engine
        self.tokens = list(prompt)
        self.last = self._feed(self.tokens, fresh=True)

    def _feed(self, new: list[int], fresh: bool) -> np.ndarray:
        engine, n = self.engine, len(self.tokens)
        if not engine.stateful:  # no cache: the whole sequence every time
            new, fresh = self.tokens, True
        start = n - len(new)
        ids = np.asarray([new], dtype=np.int64)
        mask = np.ones((1, n), dtype=np.int64)
        positions = np.arange(start, n, dtype=np.int64)[None, :]
        return engine.run(ids, mask, positions, keep_state=not fresh)[0, -1]

    def next_logits(self) -> np.ndarray:
        return self.last

    def append(self, token: int) -> None:
        self.tokens.append(int(token))
        self.last = self._feed([int(token)], fresh=False)


def _first_line(exc: BaseException) -> str:
    """OpenVINO's message without its ``Exception from <source file>`` frames."""
    lines = [ln.strip() for ln in str(exc).splitlines() if ln.strip()
             and not ln.strip().startswith(("Exception from ", "Check '"))]
    return lines[0] if lines else type(exc).__name__
