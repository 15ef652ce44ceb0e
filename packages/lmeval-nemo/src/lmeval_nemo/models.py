"""The ``nemo_lm`` backend: a NeMo GPT model, scored on its megatron-core module.

NeMo loads the checkpoint (:mod:`lmeval_nemo.engine`); scoring and generation then run on
the megatron-core ``GPTModel`` inside it with lmeval-megatron's runner and lmeval-hf's
``Scorer`` — the ``hf`` backend's token contract and scoring path, on exact token ids (lm-eval's
nemo_lm decodes tokens back to text for NeMo's generate, which can re-tokenize differently).
The request methods are lmeval-megatron's :class:`~lmeval_megatron.runner.MCoreLM`, as for
``megatron_lm``.
Tokenizers backed by Hugging Face go through the core's ``lmeval.backend.encoding.TokenEncoder``; others (NeMo's
SentencePiece, ...) through their ``text_to_ids``/``ids_to_text``.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import torch
from lmeval.backend.batch_size import BatchSizer, parse_batch_size
from lmeval.backend.distributed import launcher_world
from lmeval.backend.encoding import TokenEncoder
from lmeval.backend.generation import parse_think_end_token
from lmeval.errors import UsageError, did_you_mean
from lmeval.protocol import RequestKind
from lmeval.run.modelargs import named_parameters
from lmeval_hf import Scorer
from lmeval_megatron.runner import MCoreLM, MCoreRunner
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


class NeMoLM(MCoreLM):
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

    def _detect_batch_size(self, length: int) -> int:
        length = max(1, min(int(length), self.max_length))
        if self._device.type != "cuda":
            return min(self.max_batch_size, 8)
        return self._smallest_over_ranks(self._probe_batch_size(length))


_KNOWN = sorted(named_parameters(NeMoLM)[0])  # for a direct NeMoLM(...) call
