"""Forward passes and generation on a megatron-core GPT model, and :class:`MCoreLM`, the
request methods of a backend built on them (shared with ``lmeval-nemo``).

Scoring uses lmeval-hf's :class:`~lmeval_hf.scoring.Scorer` — lm-eval's HFLM path: inputs
right-padded, no padding mask, continuation tokens read from the logits just before them —
with :meth:`MCoreRunner.logits` as the model call. Right padding is exact under a causal
mask (a token never sees the padding after it), so each row gets natural positions
``0..n-1`` and batching never changes a score. Logits are gathered across tensor-parallel
ranks and cut to the tokenizer's vocabulary (Megatron pads the embedding table).

Generation has no KV cache: every new token re-runs the batch (as lm-eval's megatron_lm
does). Rows stop at EOS or when their decoded text contains a stop string.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import torch
from lmeval.backend.batch_size import BatchSizer, probe_batch_size
from lmeval.backend.rolling import loglikelihood_windows, score_rolling
from lmeval.protocol import LM, GenerateRequest, LoglikelihoodRequest, RollingRequest

from lmeval_megatron.generation import generate_until

if TYPE_CHECKING:
    from lmeval_hf import Scorer

log = logging.getLogger("lmeval.megatron")


def causal_mask(length: int, device: Any) -> torch.Tensor:
    """Megatron's attention mask: ``True`` where a query may not look (the future)."""
    return torch.ones((1, 1, length, length), dtype=torch.bool, device=device).triu(1)


def unwrap(model: Any) -> Any:
    """The innermost module that has ``set_input_tensor`` (DDP/Float16Module wrappers off)."""
    while not hasattr(model, "set_input_tensor") and hasattr(model, "module"):
        model = model.module
    return model


class MCoreRunner:
    """Runs a megatron-core ``GPTModel`` (or a wrapper with its forward signature).

    ``vocab_size`` is the tokenizer's vocabulary: logits beyond it (Megatron's vocabulary
    padding) are dropped. ``lockstep`` says the ranks of the default process group run one
    model together (tensor/expert/pipeline parallel): generated tokens are then broadcast
    from rank 0 so every rank takes the same path.
    """

    def __init__(self, model: Any, device: torch.device, *, vocab_size: int | None = None,
                 lockstep: bool = False, pipeline: bool = False) -> None:
        self.model = model
        self.device = device
        self.vocab_size = vocab_size
        self.lockstep = lockstep
        self.pipeline = pipeline
        self.forward_calls = 0

    # ------------------------------------------------------------------ forward
    @torch.no_grad()
    def logits(self, input_ids: torch.Tensor) -> torch.Tensor:
        """``[batch, seq, vocab]`` logits (float32) of right-padded ``input_ids``."""
        input_ids = input_ids.to(self.device)
        b, s = input_ids.shape
        positions = torch.arange(s, dtype=torch.long, device=self.device).unsqueeze(0).expand(b, -1)
        mask = causal_mask(s, self.device)
        self.forward_calls += 1
        if self.pipeline:
            out = self._pipeline_forward(input_ids, positions, mask)
        else:
            out = self.model(input_ids, positions, mask, runtime_gather_output=True)
        out = out.float()
        if self.vocab_size and out.shape[-1] > self.vocab_size:
            out = out[..., :self.vocab_size]
        return out

    def hf_forward(self, input_ids: torch.Tensor, **_: Any) -> SimpleNamespace:
        """The call :class:`lmeval_hf.scoring.Scorer` makes: an object with ``.logits``."""
        return SimpleNamespace(logits=self.logits(input_ids))

    def _pipeline_forward(self, ids: torch.Tensor, positions: torch.Tensor,
                          mask: torch.Tensor) -> torch.Tensor:
        """One pipeline-parallel forward; the last stage's logits broadcast to every stage."""
        from megatron.core import parallel_state
        from megatron.core.inference.communication_utils import (
            broadcast_from_last_pipeline_stage,
            is_pipeline_first_stage,
            is_pipeline_last_stage,
            recv_from_prev_pipeline_rank_,
            send_to_next_pipeline_rank,
        )

        group = parallel_state.get_pipeline_model_parallel_group()
        inner = unwrap(self.model)
        config = inner.config
        b, s = ids.shape
        recv = None
        if not is_pipeline_first_stage(group):
            recv = torch.empty((s, b, config.hidden_size), dtype=config.params_dtype,
                               device=self.device)
            recv_from_prev_pipeline_rank_(recv, group)
        inner.set_input_tensor(recv)
        out = self.model(ids, positions, mask, runtime_gather_output=True)
        logits = None
        if is_pipeline_last_stage(group):
            logits = out.float().contiguous()
        else:
            send_to_next_pipeline_rank(out.to(config.params_dtype), group)
        return broadcast_from_last_pipeline_stage([b, s, inner.vocab_size], torch.float32,
                                                  logits, group)

    # ------------------------------------------------------------------ generation
    @torch.no_grad()
    def generate(self, contexts: Sequence[Sequence[int]], *, max_gen_toks: int,
                 stop: Sequence[str], decode: Callable[[list[int]], str], eos_id: int | None,
                 temperature: float = 0.0, top_k: int = 0, top_p: float = 1.0) -> list[list[int]]:
        """New tokens of each context (greedy unless ``temperature > 0``)."""
        rows = [list(c) for c in contexts]
        start = [len(r) for r in rows]
        done = [False] * len(rows)
        for _ in range(max_gen_toks):
            live = [i for i, d in enumerate(done) if not d]
            if not live:
                break
            width = max(len(rows[i]) for i in live)
            ids = torch.zeros((len(live), width), dtype=torch.long)
            for j, i in enumerate(live):
                ids[j, :len(rows[i])] = torch.tensor(rows[i], dtype=torch.long)
            logits = self.logits(ids)
            last = torch.stack([logits[j, len(rows[i]) - 1] for j, i in enumerate(live)])
            nxt = self._choose(last, temperature, top_k, top_p)
            for j, i in enumerate(live):
                tok = int(nxt[j])
                rows[i].append(tok)
                new = rows[i][start[i]:]
                if eos_id is not None and tok == eos_id:
                    done[i] = True
                elif stop:
                    text = decode(new)
                    done[i] = any(s and s in text for s in stop)
        return [r[s:] for r, s in zip(rows, start, strict=True)]

    def _choose(self, logits: torch.Tensor, temperature: float, top_k: int,
                top_p: float) -> torch.Tensor:
        if temperature and temperature > 0:
            logits = logits / temperature
            if top_k and top_k > 0:
                kth = torch.topk(logits, min(int(top_k), logits.shape[-1])).values[:, -1:]
                logits = logits.masked_fill(logits < kth, float("-inf"))
            if top_p is not None and top_p < 1.0:
                sorted_logits, order = torch.sort(logits, descending=True)
                cum = torch.cumsum(torch.softmax(sorted_logits, dim=-1), dim=-1)
                drop = cum > top_p
                drop[:, 1:] = drop[:, :-1].clone()
                drop[:, 0] = False
                logits = logits.masked_fill(drop.scatter(1, order, drop), float("-inf"))
            nxt = torch.multinomial(torch.softmax(logits, dim=-1), num_samples=1).squeeze(-1)
        else:
            nxt = logits.argmax(dim=-1)
        if self.lockstep and torch.distributed.is_initialized() \
                and torch.distributed.get_world_size() > 1:
            nxt = nxt.to(self.device).contiguous()
            torch.distributed.broadcast(nxt, src=0)
        return nxt.cpu()


class MCoreLM(LM):
    """The request methods of a backend that scores on an :class:`MCoreRunner`.

    ``megatron_lm`` and ``nemo_lm`` differ only in how they load the model; a subclass sets
    ``encoder`` (a token encoder), ``runner``, ``sizer`` (a :class:`~lmeval.backend.batch_size.BatchSizer`),
    ``scorer`` (lmeval-hf's ``Scorer`` over ``runner.hf_forward``), ``think_end_token``,
    ``_device``, ``_max_length``, ``_max_gen_toks`` and ``_checkpoint`` (what
    :meth:`identity_extras` reports).
    """

    encoder: Any
    runner: MCoreRunner
    sizer: BatchSizer
    scorer: Scorer
    think_end_token: str | int | None
    max_batch_size: int
    _device: torch.device
    _max_length: int
    _max_gen_toks: int
    _checkpoint: dict[str, Any]

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
        """Ranks are this backend's: under TP/PP/EP every rank is one worker of a single model."""
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
        """The checkpoint found (its absolute path, format and, where known, iteration) and
        the content digests of its files (:func:`lmeval.run.identity.local_files`, on first use)."""
        if "files" not in self._checkpoint:
            from lmeval.run.identity import local_files

            root = self._checkpoint.get("directory") or self._checkpoint.get("path")
            self._checkpoint["files"] = (local_files(root, suffixes=("",), recursive=True)
                                         if root else None)
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

    def _vocab_size(self) -> int | None:
        """The tokenizer's vocabulary size (logits beyond it are Megatron's padding)."""
        tok = getattr(self.encoder, "tokenizer", None)
        if tok is not None:
            return len(tok)
        return getattr(self.encoder, "vocab_size", None)

    # ------------------------------------------------------------------ batch size and ranks
    def _probe_batch_size(self, length: int) -> int:
        """The largest batch of ``length`` tokens that fits on the GPU."""
        def run(batch: int) -> None:
            ids = torch.ones((batch, length), dtype=torch.long)
            torch.nn.functional.log_softmax(self.runner.logits(ids), dim=-1)

        return probe_batch_size(run, self.max_batch_size, clear=torch.cuda.empty_cache)

    def _smallest_over_ranks(self, size: int) -> int:
        """``size`` made the minimum over the ranks, so every rank runs the same batches."""
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
        # the core's batched encoding (each distinct string once) as hf uses it: same ids
        pairs = self.encoder.pairs([(self._text(r.context), r.continuation) for r in requests])
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
