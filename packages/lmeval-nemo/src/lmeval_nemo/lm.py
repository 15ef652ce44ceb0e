"""The ``nemo_lm`` backend: a NeMo GPT model, scored on its megatron-core module.

NeMo loads the checkpoint (:mod:`lmeval_nemo.engine`); scoring and generation then run on
the megatron-core ``GPTModel`` inside it with lmeval-megatron's runner and lmeval-hf's
``Scorer`` — the ``hf`` backend's token contract and scoring path, on exact token ids (lm-eval's
nemo_lm decodes tokens back to text for NeMo's generate, which can re-tokenize differently).
Tokenizers backed by Hugging Face go through the core's ``lmeval.encoding.TokenEncoder``; others (NeMo's
SentencePiece, ...) through their ``text_to_ids``/``ids_to_text``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import torch
from lmeval.batch_size import BatchSizer, parse_batch_size, probe_batch_size
from lmeval.distributed import launcher_world
from lmeval.encoding import TokenEncoder
from lmeval.errors import UsageError, did_you_mean
from lmeval.generation import parse_think_end_token
from lmeval.modelargs import named_parameters
from lmeval.protocol import LM, GenerateRequest, LoglikelihoodRequest, RequestKind, RollingRequest
from lmeval.rolling import loglikelihood_windows, score_rolling
from lmeval_hf import Scorer
from lmeval_megatron.generation import generate_until
from lmeval_megatron.runner import MCoreRunner
from lmeval_megatron.tokenizer import TextIdsEncoder

from lmeval_nemo import engine
from lmeval_nemo.layout import detect_checkpoint, plan_parallelism

log = logging.getLogger("lmeval.nemo")


def nemo_encoder(tokenizer: Any, *, add_bos_token: bool | None = None,
                 prefix_token_id: int | None = None) -> Any:
    """lm-eval's encoding contract over a NeMo tokenizer."""
    inner = getattr(tokenizer, "tokenizer", None)
    if inner is not None and hasattr(inner, "apply_chat_template") and hasattr(inner, "decode"):
        return TokenEncoder(inner, add_bos_token=add_bos_token, prefix_token_id=prefix_token_id)
    if callable(getattr(tokenizer, "apply_chat_template", None)) and \
            callable(getattr(tokenizer, "decode", None)) and hasattr(tokenizer, "bos_token_id"):
        return TokenEncoder(tokenizer, add_bos_token=add_bos_token,
                            prefix_token_id=prefix_token_id)
    return TextIdsEncoder(
        tokenizer.text_to_ids, tokenizer.ids_to_text, bos_id=_int(tokenizer, "bos_id"),
        eos_id=_int(tokenizer, "eos_id"), vocab_size=_int(tokenizer, "vocab_size"),
        add_bos_token=add_bos_token, prefix_token_id=prefix_token_id,
        name=type(tokenizer).__name__)


def _int(obj: Any, name: str) -> int | None:
    try:
        value = getattr(obj, name)
    except (AttributeError, NotImplementedError, AssertionError):
        return None
    return int(value) if isinstance(value, int) else None


class NeMoLM(LM):
    """A NeMo GPT model: ``path`` to a NeMo 2 checkpoint or a NeMo 1 ``.nemo``.

    Model arguments follow lm-eval's ``nemo_lm``: ``path``, ``devices``,
    ``tensor_model_parallel_size``, ``pipeline_model_parallel_size``, ``num_nodes`` (1),
    ``max_length`` (4096), ``batch_size``, ``max_gen_toks``, ``precision`` (bf16); plus
    ``add_bos_token``, ``prefix_token_id`` and ``think_end_token`` as in ``hf``.
    """

    supported_kinds = frozenset(RequestKind)
    backend_name = "nemo_lm"
    #: How the model is split over devices: a run resumes with other values.
    cache_neutral_args = frozenset({"devices", "num_nodes", "tensor_model_parallel_size",
                                    "pipeline_model_parallel_size"})
    chunk_size = 4096

    def __init__(self, path: str | None = None, max_length: int = 4096,
                 batch_size: int | str | None = 1, max_batch_size: int | None = 64,
                 max_gen_toks: int = 256, devices: int = 1, num_nodes: int = 1,
                 tensor_model_parallel_size: int = 1, pipeline_model_parallel_size: int = 1,
                 precision: Any = "bf16", add_bos_token: bool | None = None,
                 prefix_token_id: int | None = None, think_end_token: str | int | None = None,
                 device: str | None = None, **unknown: Any) -> None:
        super().__init__()
        if unknown:
            names = sorted(unknown)
            raise UsageError(f"nemo_lm: unknown model argument(s) {', '.join(names)}"
                             f"{did_you_mean(names[0], _KNOWN)}")
        if not path:
            raise UsageError("nemo_lm needs path=<NeMo 2 checkpoint directory or .nemo file>")
        if device not in (None, "cuda") and not str(device).startswith("cuda"):
            raise UsageError(f"nemo_lm runs on CUDA GPUs (device={device!r})")
        self.plan = plan_parallelism(int(devices), int(tensor_model_parallel_size),
                                     int(pipeline_model_parallel_size), int(num_nodes))
        engine.precision_of(precision)
        self.checkpoint = detect_checkpoint(path)
        _, _, world = launcher_world()
        if world != self.plan.devices:
            raise UsageError(
                f"nemo_lm: devices={self.plan.devices} but {world} process(es) were launched; "
                f"run torchrun --nproc-per-node={self.plan.devices} --no-python lmeval run ..."
                if self.plan.devices > 1 else
                f"nemo_lm: devices=1 but {world} processes were launched; set devices={world}")
        self.spec = parse_batch_size(batch_size)
        self.max_batch_size = int(max_batch_size or 64)
        self._max_length = int(max_length)
        self._max_gen_toks = int(max_gen_toks)
        self.think_end_token = parse_think_end_token(think_end_token)
        self._checkpoint = {"path": str(Path(path).expanduser().resolve()),
                            "format": self.checkpoint.format}
        load = engine.load_nemo2 if self.checkpoint.format == "nemo2" else engine.load_nemo1
        loaded = load(self.checkpoint.path, devices=self.plan.devices,
                      tensor=self.plan.tensor, pipeline=self.plan.pipeline, precision=precision)
        self.model, self._device = loaded.module, loaded.device
        self.nemo_tokenizer = loaded.tokenizer
        self.encoder = nemo_encoder(loaded.tokenizer, add_bos_token=add_bos_token,
                                    prefix_token_id=prefix_token_id)
        if self.plan.data_parallel:
            self._rank = torch.distributed.get_rank() if torch.distributed.is_initialized() else 0
            self._world_size = self.plan.devices
        self.runner = MCoreRunner(self.model, self._device, vocab_size=self._vocab_size(),
                                  lockstep=self.plan.model_parallel,
                                  pipeline=self.plan.pipeline > 1)
        self.sizer = BatchSizer(self.spec, self.max_batch_size, self._detect_batch_size)
        self.scorer = Scorer(self.runner.hf_forward, device=self._device, causal=True,
                             max_length=self._max_length, sizer=self.sizer, prefix_reuse=False)

    def _vocab_size(self) -> int | None:
        tok = getattr(self.encoder, "tokenizer", None)
        if tok is not None:
            return len(tok)
        return getattr(self.encoder, "vocab_size", None)

    # ------------------------------------------------------------------ properties
    @property
    def max_length(self) -> int:
        return self._max_length

    @property
    def max_gen_toks(self) -> int:
        return self._max_gen_toks

    @property
    def prefix_token_id(self) -> int:
        return self.encoder.prefix_token_id

    @property
    def owns_ranks(self) -> bool:
        """Ranks are this backend's: under TP/PP every rank is one worker of a single model."""
        return True

    @property
    def tokenizer_name(self) -> str:
        tok = getattr(self.encoder, "tokenizer", None)
        name = getattr(tok, "name_or_path", None) or getattr(self.encoder, "name", "")
        return str(name).replace("/", "__")

    @property
    def chat_template(self) -> str | None:
        template = getattr(getattr(self.encoder, "tokenizer", None), "chat_template", None)
        return template.get("default") if isinstance(template, dict) else template

    def identity_extras(self) -> Mapping[str, Any]:
        """The checkpoint found: its absolute path and format."""
        return self._checkpoint

    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        tok = getattr(self.encoder, "tokenizer", None)
        if tok is None or not getattr(tok, "chat_template", None):
            return super().apply_chat_template(messages, add_generation_prompt)
        return tok.apply_chat_template([dict(m) for m in messages], tokenize=False,
                                       add_generation_prompt=add_generation_prompt,
                                       continue_final_message=not add_generation_prompt)

    def _text(self, context: Any) -> str:
        return context if isinstance(context, str) else self.apply_chat_template(list(context))

    def _detect_batch_size(self, length: int) -> int:
        length = max(1, min(int(length), self.max_length))
        if self._device.type != "cuda":
            return min(self.max_batch_size, 8)

        def run(batch: int) -> None:
            ids = torch.ones((batch, length), dtype=torch.long)
            torch.nn.functional.log_softmax(self.runner.logits(ids), dim=-1)

        size = probe_batch_size(run, self.max_batch_size, clear=torch.cuda.empty_cache)
        if torch.distributed.is_initialized() and torch.distributed.get_world_size() > 1:
            t = torch.tensor([size], device=self._device)
            torch.distributed.all_reduce(t, op=torch.distributed.ReduceOp.MIN)
            size = int(t.item())
        return size

    def all_gather_object(self, obj: Any) -> list[Any]:
        if self.world_size <= 1:
            return [obj]
        out: list[Any] = [None] * self.world_size
        torch.distributed.all_gather_object(out, obj)
        return out

    # ------------------------------------------------------------------ request kinds
    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        pairs = [self.encoder.pair(self._text(r.context), r.continuation) for r in requests]
        return self.scorer.score(pairs, self.report_answers)

    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        windows = [loglikelihood_windows(self.encoder.encode(r.text), self.prefix_token_id,
                                         self.max_length) for r in requests]
        return score_rolling(self.scorer.score, windows, self.report_answers)

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        items = [(self._text(r.context), {"until": list(r.until), **r.generation_kwargs()})
                 for r in requests]
        return generate_until(self.runner, self.encoder, items, max_length=self.max_length,
                              max_gen_toks=self.max_gen_toks,
                              batch_size=self.sizer.single(self.max_length),
                              think_end_token=self.think_end_token,
                              on_answers=self.report_answers)


_KNOWN = sorted(named_parameters(NeMoLM)[0])  # for a direct NeMoLM(...) call
