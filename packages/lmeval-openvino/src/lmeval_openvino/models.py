"""``openvino``: lm-eval's ``OptimumLM`` (an HFLM whose model is optimum-intel's
``OVModelForCausalLM``) on the OpenVINO runtime.

Request semantics are the kernel's, as lmeval-hf uses them: token pairs from
:class:`lmeval.backend.encoding.TokenEncoder`, rolling windows from :mod:`lmeval.backend.rolling`, batch sizes
from :mod:`lmeval.backend.batch_size`, stop strings and thinking from :mod:`lmeval.backend.generation`.
Loglikelihood rows are HFLM's: ``(context + continuation)[-(max_length + 1):][:-1]``,
right-padded, longest first; generation is greedy unless sampling is asked for, one request at a
time on the KV state, stopped by EOS, a stop string or ``max_gen_toks``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
from lmeval.backend import logits as logits_lib
from lmeval.backend.batch_size import BatchSizer, estimate_cpu_batch, parse_batch_size
from lmeval.backend.encoding import TokenEncoder, resolve_max_length
from lmeval.backend.generation import (
    decode_generation,
    normalize_gen_kwargs,
    parse_think_end_token,
    prompt_budget,
    stop_sequences,
)
from lmeval.backend.rolling import loglikelihood_windows, score_rolling
from lmeval.backend.tokenizer_chat import TokenizerChat
from lmeval.errors import UsageError
from lmeval.protocol import LM, GenerateRequest, LoglikelihoodRequest, RequestKind, RollingRequest
from lmeval.requires import require

from lmeval_openvino.engine import OVEngine
from lmeval_openvino.ir import IRModel, parse_device, parse_ov_config

log = logging.getLogger("lmeval.openvino")

Pair = tuple[list[int], list[int]]
Answer = tuple[float, bool]
DEFAULT_MAX_GEN_TOKS = 256


class OpenVINOLM(TokenizerChat, LM):
    """A causal LM exported to OpenVINO IR.

    Model args: ``pretrained`` (the export directory or its ``.xml``), ``ov_config`` (a JSON
    file of OpenVINO properties, or an inline JSON object), ``pipeline_parallel`` (adds
    ``MODEL_DISTRIBUTION_POLICY=PIPELINE_PARALLEL`` for ``--device HETERO:...``), ``device``
    (an OpenVINO device: ``cpu``, ``gpu``, ``gpu.1``, ``HETERO:GPU.1,GPU.0``, ``AUTO``),
    ``batch_size``/``max_batch_size`` (lm-eval's grammar), ``max_length``, ``max_gen_toks``,
    ``tokenizer``, ``add_bos_token``, ``prefix_token_id``, ``trust_remote_code``,
    ``think_end_token``, ``seed`` (sampling), ``backend`` (``causal`` only), ``revision`` and
    ``dtype`` (accepted as lm-eval does; neither changes a local export).
    """

    backend_name = "openvino"
    supported_kinds: ClassVar[frozenset[RequestKind]] = frozenset(RequestKind)
    chat_log = log
    chat_log_prefix = "openvino"

    @staticmethod
    def extra_generation_kwargs() -> frozenset[str]:
        """``max_length`` (prompt plus new tokens), read beside the core's generation keys."""
        return frozenset({"max_length"})

    def __init__(self, pretrained: str | None = None, device: str | None = "cpu",
                 ov_config: Any = None, pipeline_parallel: bool = False,
                 backend: str = "causal", revision: str | None = "main", dtype: Any = None,
                 tokenizer: str | None = None, max_length: int | None = None,
                 max_gen_toks: int = DEFAULT_MAX_GEN_TOKS, add_bos_token: bool | None = None,
                 prefix_token_id: int | None = None, trust_remote_code: bool = False,
                 think_end_token: str | int | None = None, seed: int = 1234,
                 batch_size: Any = 1, max_batch_size: Any = 64) -> None:
        super().__init__()
        if backend not in ("causal", "default"):
            raise UsageError(f"openvino: backend={backend!r} is not supported; lmeval's "
                             "openvino backend runs causal LMs (OVModelForCausalLM exports)")
        if revision not in (None, "main"):
            raise UsageError(f"openvino: revision={revision!r} needs a hub download; pass "
                             "pretrained=<local export directory>")
        if dtype not in (None, "auto"):
            log.info("openvino: dtype=%s does not apply to an IR export; set "
                     "INFERENCE_PRECISION_HINT in ov_config", dtype)
        self.spec = parse_batch_size(batch_size)
        self.max_batch_size = int(max_batch_size or 64)
        self.ir = IRModel.open(pretrained)
        self.pretrained = str(pretrained)
        self.device = parse_device(device)
        self.ov_config = parse_ov_config(ov_config, bool(pipeline_parallel))
        self._max_gen_toks = int(max_gen_toks)
        self.think_end_token = parse_think_end_token(think_end_token)
        self._rng = np.random.default_rng(int(seed))
        transformers = require("transformers", needed_by="the openvino backend, to read the "
                               "export's tokenizer and config,")
        self.config = transformers.AutoConfig.from_pretrained(
            str(self.ir.directory), trust_remote_code=trust_remote_code)
        source = tokenizer or str(self.ir.directory)
        try:
            self.tokenizer = transformers.AutoTokenizer.from_pretrained(
                source, trust_remote_code=trust_remote_code)
        except (OSError, ValueError) as exc:
            raise UsageError(f"cannot load the tokenizer from {source}: {exc}. optimum-cli "
                             "export openvino saves it beside the model; else pass "
                             "tokenizer=<directory of the source model>") from None
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token_id = self.tokenizer.eos_token_id
        self.tok = TokenEncoder(self.tokenizer, add_bos_token=add_bos_token,
                                prefix_token_id=prefix_token_id)
        self.max_length = int(max_length) if max_length else resolve_max_length(
            self.config, self.tokenizer)
        self.sizer = BatchSizer(self.spec, self.max_batch_size, self._detect_batch_size)
        self.engine = OVEngine(self.ir, self.device, self.ov_config)
        log.info("openvino: %s on %s (%s)", self.ir.xml, ", ".join(self.engine.execution_devices),
                 self.engine.runtime)

    # -- identity ------------------------------------------------------------------------
    def identity_extras(self) -> Mapping[str, Any]:
        """The graph, the properties it was compiled with, and the export's files."""
        return {"graph": str(self.ir.xml), "ov_config": self.ov_config,
                "runtime": self.engine.runtime, "max_length": self.max_length,
                "files": self.ir.files()}

    # -- loglikelihood --------------------------------------------------------------------
    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[Answer]:
        pairs = self.tok.pairs([(self.context_text(r.context), r.continuation) for r in requests])
        return self.score(pairs, self.report_answers)

    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        windows = [loglikelihood_windows(self.tok.encode(r.text), self.tok.prefix_token_id,
                                         self.max_length) for r in requests]
        return score_rolling(self.score, windows, self.report_answers)

    def score(self, pairs: Sequence[Pair],
              on_answers: Callable[[dict[int, Answer]], None] | None = None) -> list[Answer]:
        """``(logprob, is_greedy)`` of each continuation; identical inputs share a row, rows go
        longest first in batches from the sizer; each batch's answers go to ``on_answers``."""
        results: list[Answer | None] = [None] * len(pairs)
        rows: dict[tuple[int, ...], list[int]] = {}
        done = {}
        for i, (ctx, cont) in enumerate(pairs):
            if not cont:
                results[i] = done[i] = (0.0, True)
                continue
            if len(cont) > self.max_length:
                raise UsageError(f"a continuation of {len(cont)} tokens is longer than "
                                 f"max_length={self.max_length}")
            whole = [*(ctx or [self.tok.prefix_token_id]), *cont]
            rows.setdefault(tuple(whole[-(self.max_length + 1):-1]), []).append(i)
        if done and on_answers is not None:
            on_answers(done)
        order = sorted(rows, key=lambda r: (-len(r), r))
        for start, stop in self.sizer.plan([len(r) for r in order]):
            batch = order[start:stop]
            logits = self.engine.logits([list(r) for r in batch])
            answered = {}
            for row, inp in zip(logits, batch, strict=True):
                for i in rows[inp]:
                    cont = list(pairs[i][1])
                    results[i] = answered[i] = logits_lib.gather(row[len(inp) - len(cont):len(inp)], cont)
            if on_answers is not None:
                on_answers(answered)
        return results  # type: ignore[return-value]

    def _detect_batch_size(self, length: int) -> int:
        return estimate_cpu_batch(self.config, max(1, min(length, self.max_length)),
                                  self.max_batch_size)

    # -- generation -----------------------------------------------------------------------
    @property
    def max_gen_toks(self) -> int:
        return self._max_gen_toks

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        out = []
        for i, r in enumerate(requests):
            out.append(self._generate_one(r))
            self.report_answers({i: out[-1]})
        return out

    def _generate_one(self, request: GenerateRequest) -> str:
        kwargs = normalize_gen_kwargs({"until": list(request.until),
                                       **request.generation_kwargs()}, self._max_gen_toks)
        eos_text = self.tok.decode([self.tok.eot_token_id], skip_special_tokens=False)
        until = stop_sequences(kwargs.pop("until", None), eos_text)
        max_gen_toks = int(kwargs.pop("max_gen_toks"))
        prompt = self.tok.encode_prompt(self.context_text(request.context))
        prompt = prompt[-prompt_budget(self.max_length, max_gen_toks):]
        total = int(kwargs.pop("max_length", None) or len(prompt) + max_gen_toks)
        temperature = float(kwargs.get("temperature") or 0.0)
        do_sample = kwargs.get("do_sample")
        do_sample = temperature > 0.0 if do_sample is None else bool(do_sample)
        tokens = self.generate_tokens(prompt, total - len(prompt), until, do_sample=do_sample,
                                      temperature=temperature or 1.0, top_p=kwargs.get("top_p"),
                                      top_k=kwargs.get("top_k"))
        return decode_generation(tokens, self.tok.decode, until, self.think_end_token)

    def generate_tokens(self, prompt: Sequence[int], max_new_tokens: int,
                        until: Sequence[str] = (), *, do_sample: bool = False,
                        temperature: float = 1.0, top_p: Any = None, top_k: Any = None
                        ) -> list[int]:
        """New ids after ``prompt``: up to EOS (kept), a stop string (looked for in the last
        tokens, as lmeval-hf's stopping criterion) or ``max_new_tokens``."""
        if max_new_tokens <= 0 or not prompt:
            return []
        return logits_lib.decode(
            self.engine.start(prompt), max_new_tokens,
            eos_ids={self.tok.eot_token_id, *_config_eos(self.config)} - {None}, until=until,
            encode=lambda s: self.tokenizer.encode(s, add_special_tokens=False),
            decode_text=lambda ids: self.tok.decode(ids, skip_special_tokens=False),
            pick=(lambda logits: logits_lib.sample(logits, self._rng, temperature, top_p, top_k))
            if do_sample else None)


def _config_eos(config: Any) -> list[int]:
    eos = getattr(config, "eos_token_id", None)
    if eos is None:
        return []
    return [int(e) for e in eos] if isinstance(eos, (list, tuple)) else [int(eos)]
