"""A raw ``onnxruntime.InferenceSession`` over the export's decoder graph, with its KV cache.

Graph names come from genai_config.json (``past_key_values.%d.key``, ``present.%d.key``,
``logits`` by default); ``position_ids`` is fed only when the graph has it (GQA exports with
rotary embeddings inside the op do not).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from lmeval.errors import UsageError
from lmeval.requires import require

from lmeval_onnx.export import ModelBuilderExport, explain_load_error
from lmeval_onnx.providers import ort_provider_chain

log = logging.getLogger("lmeval.onnx")

_DTYPES = {
    "tensor(float)": np.float32,
    "tensor(float16)": np.float16,
    "tensor(double)": np.float64,
    "tensor(int64)": np.int64,
    "tensor(int32)": np.int32,
    "tensor(bool)": np.bool_,
}


def import_ort() -> Any:
    return require("onnxruntime", needed_by="the onnxruntime backend",
                   install="onnxruntime (CPU)", note="or one of onnxruntime-gpu / "
                   "onnxruntime-rocm / onnxruntime-directml for your device (the wheels exclude "
                   "each other)")


class OrtEngine:
    """Scores with one pass per request; decodes feeding ``present.*`` back as ``past_*``."""

    def __init__(self, export: ModelBuilderExport, execution_provider: str | None,
                 provider_options: Mapping[str, str]) -> None:
        ort = import_ort()
        self.runtime = f"onnxruntime {ort.__version__}"
        self.export = export
        graph = export.graph()
        providers, options = ort_provider_chain(
            execution_provider, provider_options, export.declared_providers(),
            ort.get_available_providers())
        session_options = ort.SessionOptions()
        session_options.log_severity_level = 3
        try:
            self.session = ort.InferenceSession(str(graph), session_options,
                                                providers=providers, provider_options=options)
        except Exception as exc:  # onnxruntime's pybind errors share no useful base class
            raise explain_load_error(exc, export, self.runtime) or UsageError(
                f"{self.runtime} could not load {graph}: {exc}") from None
        self.providers = list(self.session.get_providers())
        self._layout()

    def _layout(self) -> None:
        """Find the token, mask, position and KV inputs and the logits/present outputs."""
        ex = self.export
        inputs = {i.name: i for i in self.session.get_inputs()}
        outputs = [o.name for o in self.session.get_outputs()]
        self.specs: dict[str, tuple[Any, list[Any]]] = {}
        for name, spec in inputs.items():
            dtype = _DTYPES.get(spec.type)
            if dtype is None:
                raise UsageError(
                    f"graph input {name} has type {spec.type}, which numpy cannot hold (bfloat16 "
                    "KV caches): use --model onnxruntime-genai, or export with -p fp16 / fp32")
            self.specs[name] = (dtype, list(spec.shape))
        self.input_ids = ex.io_name("input_ids")
        self.attention_mask = ex.io_name("attention_mask")
        self.position_ids = ex.io_name("position_ids")
        logits = ex.io_name("logits")
        self.logits_name = logits if logits in outputs else "logits"
        if self.input_ids not in inputs or self.logits_name not in outputs:
            raise UsageError(f"{ex.graph().name} has no {self.input_ids!r} input or "
                             f"{self.logits_name!r} output: not a Model Builder decoder graph")
        self.kv: list[tuple[str, str]] = []  # (past input, present output)
        layer = 0
        while True:
            names = [(ex.io_name("past_key_names", layer), ex.io_name("present_key_names", layer)),
                     (ex.io_name("past_value_names", layer),
                      ex.io_name("present_value_names", layer))]
            if not all(p in inputs for p, _ in names):
                break
            for past, present in names:
                if present not in outputs:
                    raise UsageError(f"{ex.graph().name}: KV input {past} has no matching "
                                     f"output {present}")
                self.kv.append((past, present))
            layer += 1
        known = {self.input_ids, self.attention_mask, self.position_ids, *(p for p, _ in self.kv)}
        self.extra = [name for name in inputs if name not in known]
        if self.extra:
            log.warning("lmeval-onnx: graph inputs fed as zeros: %s", ", ".join(self.extra))

    def _empty(self, name: str, seq_len: int) -> np.ndarray:
        dtype, shape = self.specs[name]
        decoder = self.export.decoder
        dims = []
        for axis, dim in enumerate(shape):
            if isinstance(dim, int):
                dims.append(dim)
                continue
            label = (dim or "").lower()
            if "batch" in label:
                dims.append(1)
            elif "past" in label:
                dims.append(0)
            elif axis == 1 and len(shape) == 4 and decoder.get("num_key_value_heads"):
                dims.append(int(decoder["num_key_value_heads"]))
            elif axis == 3 and len(shape) == 4 and decoder.get("head_size"):
                dims.append(int(decoder["head_size"]))
            elif "seq" in label:
                dims.append(seq_len)
            else:
                dims.append(1)
        return np.zeros(dims, dtype=dtype)

    def run(self, tokens: Sequence[int], past: list[np.ndarray] | None, past_len: int,
            with_cache: bool) -> tuple[np.ndarray, list[np.ndarray]]:
        """One call: logits ``[len(tokens), vocab]`` and, ``with_cache``, the presents."""
        n = len(tokens)
        feeds: dict[str, np.ndarray] = {
            self.input_ids: np.asarray([tokens], dtype=self.specs[self.input_ids][0]),
        }
        if self.attention_mask in self.specs:
            feeds[self.attention_mask] = np.ones((1, past_len + n),
                                                 dtype=self.specs[self.attention_mask][0])
        if self.position_ids in self.specs:
            feeds[self.position_ids] = np.arange(
                past_len, past_len + n, dtype=self.specs[self.position_ids][0]).reshape(1, n)
        for i, (name, _) in enumerate(self.kv):
            feeds[name] = past[i] if past is not None else self._empty(name, n)
        for name in self.extra:
            feeds[name] = self._empty(name, n)
        wanted = [self.logits_name] + ([p for _, p in self.kv] if with_cache else [])
        outs = self.session.run(wanted, feeds)
        logits = np.asarray(outs[0])
        if logits.ndim == 3:
            logits = logits[0]
        if logits.ndim != 2 or logits.shape[0] != n:
            raise RuntimeError(f"unexpected logits shape {np.asarray(outs[0]).shape} for {n} "
                               "tokens from onnxruntime")
        return logits.astype(np.float32, copy=False), list(outs[1:])

    def logits(self, tokens: Sequence[int]) -> np.ndarray:
        return self.run(list(tokens), None, 0, with_cache=False)[0]

    def start(self, prompt: Sequence[int], max_total: int) -> OrtDecoding:
        return OrtDecoding(self, list(prompt))

    def prefix(self, tokens: Sequence[int], max_extra: int) -> OrtPrefix:
        return OrtPrefix(self, list(tokens))


class OrtPrefix:
    def __init__(self, engine: OrtEngine, tokens: list[int]) -> None:
        self.engine = engine
        logits, self.past = engine.run(tokens, None, 0, with_cache=True)
        self.length = len(tokens)
        self.last_logits = logits[-1]

    def extend(self, tokens: Sequence[int]) -> np.ndarray:
        # session inputs are not written to, so the context's cache stays as it is
        return self.engine.run(list(tokens), self.past, self.length, with_cache=False)[0]


class OrtDecoding:
    def __init__(self, engine: OrtEngine, prompt: list[int]) -> None:
        self.engine = engine
        logits, self.past = engine.run(prompt, None, 0, with_cache=True)
        self.length = len(prompt)
        self.last = logits[-1]

    def next_logits(self) -> np.ndarray:
        return self.last

    def append(self, token: int) -> None:
        logits, self.past = self.engine.run([token], self.past, self.length, with_cache=True)
        self.length += 1
        self.last = logits[-1]
