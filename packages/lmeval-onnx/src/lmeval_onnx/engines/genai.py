"""onnxruntime-genai: ``og.Model`` with providers chosen on an ``og.Config``."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from lmeval.errors import UsageError
from lmeval.requires import require

from lmeval_onnx.export import ModelBuilderExport, explain_load_error
from lmeval_onnx.providers import genai_provider, ort_name

log = logging.getLogger("lmeval.onnx")



def import_genai() -> Any:
    return require("onnxruntime_genai", needed_by="the onnxruntime-genai backend",
                   library="onnxruntime-genai", install="onnxruntime-genai (CPU)",
                   note="or onnxruntime-genai-cuda (CUDA) or onnxruntime-genai-directml (DirectML)")


def runtime_versions(og: Any) -> str:
    try:
        import onnxruntime

        ort = f", onnxruntime {onnxruntime.__version__}"
    except ImportError:
        ort = ""
    return f"onnxruntime-genai {og.__version__}{ort}"


class GenAIEngine:
    """Scores and decodes with ``og.Generator``; one sequence at a time."""

    def __init__(self, export: ModelBuilderExport, execution_provider: str | None,
                 provider_options: Mapping[str, str]) -> None:
        if not export.has_genai_config:
            raise UsageError(f"{export.directory} has no genai_config.json: onnxruntime-genai "
                             "runs Model Builder output directories only")
        self.og = import_genai()
        self.runtime = runtime_versions(self.og)
        self.export = export
        config = self.og.Config(str(export.directory))
        if export.explicit_graph is not None:
            if export.explicit_graph.parent != export.directory:
                raise UsageError(f"{export.explicit_graph} must sit in its export directory")
            config.overlay(json.dumps(
                {"model": {"decoder": {"filename": export.explicit_graph.name}}}))
        self.providers = self.select_providers(config, execution_provider, provider_options)
        try:
            self.model = self.og.Model(config)
        except Exception as exc:  # genai raises RuntimeError for every load failure
            raise explain_load_error(exc, export, self.runtime) or UsageError(
                f"{self.runtime} could not load {export.directory}: {exc}") from None

    def select_providers(self, config: Any, requested: str | None,
                         options: Mapping[str, str]) -> list[str]:
        """Set providers on ``config``; unset keeps those genai_config.json declares."""
        declared = [name for name, _ in self.export.declared_providers()]
        if requested is None:
            if options and declared:
                for key, value in options.items():
                    config.set_provider_option(declared[0], key, value)
            elif options:
                log.warning("lmeval-onnx: provider_options ignored: CPU takes none")
            return [ort_name(n) for n in declared] + ["CPUExecutionProvider"]
        config.clear_providers()
        name = genai_provider(requested)
        if name is None:
            return ["CPUExecutionProvider"]
        try:
            config.append_provider(name)
            for key, value in options.items():
                config.set_provider_option(name, key, value)
        except Exception as exc:
            raise UsageError(f"onnxruntime-genai refused execution_provider={requested!r}: "
                             f"{exc}") from None
        return [ort_name(name), "CPUExecutionProvider"]

    def _generator(self, max_length: int) -> Any:
        params = self.og.GeneratorParams(self.model)
        # The KV buffer is sized to max_length: keep it to what the request needs.
        params.set_search_options(max_length=max_length, do_sample=False)
        return self.og.Generator(self.model, params)

    def logits(self, tokens: Sequence[int]) -> np.ndarray:
        generator = self._generator(len(tokens))
        generator.append_tokens(np.asarray(tokens, dtype=np.int32))
        logits = np.asarray(generator.get_output("logits"))
        return _rows(logits, len(tokens))

    def start(self, prompt: Sequence[int], max_total: int) -> GenAIDecoding:
        return GenAIDecoding(self._generator(max_total), prompt)

    def prefix(self, tokens: Sequence[int], max_extra: int) -> GenAIPrefix:
        return GenAIPrefix(self._generator(len(tokens) + max_extra), tokens)


class GenAIPrefix:
    def __init__(self, generator: Any, tokens: Sequence[int]) -> None:
        self.generator = generator
        self.length = len(tokens)
        generator.append_tokens(np.asarray(tokens, dtype=np.int32))
        self.last_logits = _rows(np.asarray(generator.get_output("logits")), len(tokens))[-1]

    def extend(self, tokens: Sequence[int]) -> np.ndarray:
        self.generator.append_tokens(np.asarray(tokens, dtype=np.int32))
        rows = _rows(np.asarray(self.generator.get_output("logits")), len(tokens)).copy()
        self.generator.rewind_to(self.length)
        return rows


class GenAIDecoding:
    def __init__(self, generator: Any, prompt: Sequence[int]) -> None:
        self.generator = generator
        generator.append_tokens(np.asarray(prompt, dtype=np.int32))

    def next_logits(self) -> np.ndarray:
        return _rows(np.asarray(self.generator.get_logits()), None)[-1]

    def append(self, token: int) -> None:
        self.generator.append_tokens(np.asarray([token], dtype=np.int32))


def _rows(logits: np.ndarray, n: int | None) -> np.ndarray:
    """``[batch=1, seq, vocab]`` (or ``[seq, vocab]``) logits as float32 ``[seq, vocab]``."""
    if logits.ndim == 3:
        logits = logits[0]
    if logits.ndim != 2 or (n is not None and logits.shape[0] != n):
        raise RuntimeError(f"unexpected logits shape {logits.shape} from onnxruntime-genai")
    return logits.astype(np.float32, copy=False)
