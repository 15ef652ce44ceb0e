"""Loglikelihood of token pairs: lm-eval's batched path, and shared-prefix scoring.

Both paths score a ``(context_tokens, continuation_tokens)`` pair the same way: the input is
``(context + continuation)[-(max_length + 1):][:-1]`` (left truncation), each continuation
token is scored by the logit just before it, and ``is_greedy`` says every one of them is the
argmax. The plain path feeds each distinct input whole, right-padded, as lm-eval does. The
shared-prefix path (causal models) computes the keys and values of a shared block and of each
question head once and scores only the suffixes against the cached prefix; see
:mod:`lmeval_hf.prefix_plan`. Both agree within float rounding (1e-5 in float32). Each batch's
answers go to ``on_answers`` as soon as the batch is scored (the scheduler commits them).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import torch
import torch.nn.functional as F
from lmeval.backend.batch_size import BatchSizer

from lmeval_hf import kv_cache
from lmeval_hf.attention import grouped_heads_with_masks
from lmeval_hf.prefix_plan import Cluster, Group, Row, plan_prefixes

log = logging.getLogger("lmeval.hf")

Pair = tuple[list[int], list[int]]
Answer = tuple[float, bool]
#: receives ``{pair index: answer}`` after each batch
OnAnswers = Callable[[dict[int, Answer]], None]

#: tokens of the row the shared-prefix self-check runs on, and the least of them in its suffix
_CHECK_TOKENS = 64
_CHECK_SUFFIX = 8


@dataclass
class PrefixStats:
    """Token counts behind shared-prefix scoring, summed over calls.

    ``tokens_fed`` counts real (unpadded) tokens forwarded; ``tokens_plain`` what the plain
    path would forward; ``trie_tokens`` the nodes of the token trie of the inputs, the floor.
    """

    requests: int = 0
    rows: int = 0
    tokens_plain: int = 0
    tokens_fed: int = 0
    tokens_padded: int = 0
    trie_tokens: int = 0
    forward_calls: int = 0

    @property
    def fed_per_trie_token(self) -> float:
        return self.tokens_fed / self.trie_tokens if self.trie_tokens else 1.0

    def as_dict(self) -> dict[str, float]:
        out: dict[str, float] = dict(vars(self))
        out["fed_per_trie_token"] = self.fed_per_trie_token
        return out


class Scorer:
    """Scores token pairs with ``forward(**model_kwargs)`` (the backend's guarded model call)."""

    def __init__(self, forward: Callable[..., Any], *, device: Any, causal: bool,
                 max_length: int, sizer: BatchSizer, softmax_dtype: Any = None,
                 features: dict | None = None, prefix_reuse: bool = True,
                 min_block: int = 16, min_saved: int = 64, mask_dtype: Any = None) -> None:
        self.forward = forward
        self.device = device
        self.causal = causal
        self.max_length = max_length
        self.sizer = sizer
        self.softmax_dtype = softmax_dtype
        self.features = features or {}
        self.prefix_reuse = prefix_reuse and causal and bool(self.features.get("cache"))
        self.min_block = min_block
        self.min_saved = min_saved
        self.stats = PrefixStats()
        self.mask_dtype = mask_dtype or torch.float32
        self._verified: bool | None = None
        #: choices of a question packed into one row under a 4-D mask (no cache copies);
        #: set on first use when the model honours 4-D masks, else one row per choice
        self.packed_choices = False
        self._on_answers: OnAnswers | None = None
        self._fresh: list[int] = []

    # ------------------------------------------------------------------ entry point
    def score(self, pairs: Sequence[Pair], on_answers: OnAnswers | None = None) -> list[Answer]:
        """``(logprob, is_greedy)`` per pair; ``on_answers`` gets each batch's as it finishes."""
        self._on_answers, self._fresh = on_answers, []
        try:
            results = self._score(pairs)
            self._report(results)
            return results
        finally:
            self._on_answers, self._fresh = None, []

    def _report(self, results: list) -> None:
        """Hand the answers finished since the last report to ``on_answers``."""
        if self._fresh:
            fresh, self._fresh = self._fresh, []
            if self._on_answers is not None:
                self._on_answers({i: results[i] for i in fresh})

    def _score(self, pairs: Sequence[Pair]) -> list[Answer]:
        results: list[tuple[float, bool] | None] = [None] * len(pairs)
        todo = []
        for i, (_, cont) in enumerate(pairs):
            if not cont:
                results[i] = (0.0, True)
                self._fresh.append(i)
            elif len(cont) > self.max_length:
                raise ValueError(f"a continuation of {len(cont)} tokens is longer than "
                                 f"max_length={self.max_length}")
            else:
                todo.append(i)
        if not todo:
            return results  # type: ignore[return-value]
        if not self.causal:
            self._seq2seq([(i, pairs[i]) for i in todo], results)
            return results  # type: ignore[return-value]
        rows = self._rows([(i, pairs[i]) for i in todo])
        self.stats.requests += len(todo)
        self.stats.rows += len(rows)
        self.stats.tokens_plain += sum(len(r.tokens) for r in rows)
        if self.prefix_reuse and self._prefix_ok(rows):
            plan = plan_prefixes(rows, min_block=self.min_block, min_saved=self.min_saved)
            self.stats.trie_tokens += plan.trie_tokens
            plain = list(plan.plain)
            with grouped_heads_with_masks():
                for cluster in plan.clusters:
                    plain.extend(self._score_cluster(cluster, results))
            self._plain(plain, results)
        else:
            from lmeval_hf.prefix_plan import trie_size

            self.stats.trie_tokens += trie_size([r.tokens for r in rows])
            self._plain(rows, results)
        return results  # type: ignore[return-value]

    # ------------------------------------------------------------------ rows
    def _rows(self, items: Sequence[tuple[int, Pair]]) -> list[Row]:
        rows: dict[tuple[int, ...], Row] = {}
        truncated = 0
        limit = self.max_length + 1
        for i, (ctx, cont) in items:
            whole = ctx + cont
            if len(whole) > limit:
                truncated += 1
            tokens = tuple(whole[-limit:][:-1])
            row = rows.get(tokens)
            if row is None:
                row = rows[tokens] = Row(tokens, len(tokens))
            row.start = min(row.start, len(tokens) - len(cont))
            row.members.append((i, cont))
        if truncated:
            log.warning("%d request(s) longer than max_length=%d were truncated from the left",
                        truncated, self.max_length)
        return list(rows.values())

    def _finish(self, row: Row, logprobs: torch.Tensor, results: list) -> None:
        """Answer ``row``'s members from log-probs of its positions ``start..len-1``."""
        n = len(row.tokens)
        greedy = logprobs.argmax(dim=-1)
        for i, cont in row.members:
            m = len(cont)
            lo = n - m - row.start
            target = torch.tensor(cont, dtype=torch.long, device=logprobs.device)
            picked = torch.gather(logprobs[lo:lo + m], 1, target.unsqueeze(-1)).squeeze(-1)
            results[i] = (float(picked.sum()), bool((greedy[lo:lo + m] == target).all()))
            self._fresh.append(i)

    def _log_softmax(self, logits: torch.Tensor) -> torch.Tensor:
        return F.log_softmax(logits, dim=-1, dtype=self.softmax_dtype)

    def _call(self, input_ids: torch.Tensor, *, attention_mask: torch.Tensor | None = None,
              position_ids: torch.Tensor | None = None, cache: Any = None,
              keep: int | None = None, want_cache: bool = False) -> Any:
        kwargs: dict[str, Any] = {"input_ids": input_ids}
        if attention_mask is not None:
            kwargs["attention_mask"] = attention_mask
        if position_ids is not None and self.features.get("position_ids"):
            kwargs["position_ids"] = position_ids
        if cache is not None:
            kwargs[self.features["cache"]] = cache
        if want_cache or cache is not None:
            kwargs["use_cache"] = True
        if keep is not None and self.features.get("logits_to_keep"):
            kwargs[self.features["logits_to_keep"]] = keep
        self.stats.forward_calls += 1
        self.stats.tokens_padded += int(input_ids.numel())
        return self.forward(**kwargs)

    # ------------------------------------------------------------------ plain path
    def _plain(self, rows: Sequence[Row], results: list) -> None:
        """lm-eval's path: longest first, right-padded whole inputs, no attention mask."""
        if not rows:
            return
        order = sorted(rows, key=lambda r: (-(len(r.tokens) + 1), r.tokens))
        lengths = [len(r.tokens) for r in order]
        for lo, hi in self.sizer.plan(lengths):
            batch = order[lo:hi]
            width = max(len(r.tokens) for r in batch)
            ids = torch.zeros((len(batch), width), dtype=torch.long)
            for j, r in enumerate(batch):
                ids[j, :len(r.tokens)] = torch.tensor(r.tokens, dtype=torch.long)
            keep = max(width - r.start for r in batch)
            self.stats.tokens_fed += sum(len(r.tokens) for r in batch)
            logits = self._call(ids.to(self.device), keep=keep).logits
            offset = width - logits.shape[1]  # logits cover positions offset..width-1
            for j, r in enumerate(batch):
                part = logits[j, r.start - offset:len(r.tokens) - offset]
                self._finish(r, self._log_softmax(part), results)
            self._report(results)

    # ------------------------------------------------------------------ shared prefixes
    def _prefix_ok(self, rows: Sequence[Row]) -> bool:
        """Check once, on a real row, that cached-prefix logits equal full-forward logits."""
        if self._verified is not None:
            return self._verified
        real = next((r for r in rows if 0 < r.start), None)
        if real is None:
            return True
        # The check is on the cache mechanics (positions, masks, cache layout), not on length:
        # the first _CHECK_TOKENS tokens of a real row, split as that row is. Three forwards of
        # a whole 5-shot prompt cost ~1.4 s of a GPT-2-sized model's start-up on this CPU.
        n = min(len(real.tokens), _CHECK_TOKENS)
        row = Row(real.tokens[:n], max(1, min(real.start, n - _CHECK_SUFFIX)))
        try:
            full = self._call(self._ids([row.tokens]), keep=len(row.tokens) - row.start).logits
            full = self._log_softmax(full[0, -(len(row.tokens) - row.start):])
            head = self._call(self._ids([row.head]), want_cache=True, keep=1)
            kv = kv_cache.cache_tensors(kv_cache.output_cache(head))
            if kv is None:
                raise TypeError("the model's cache is not a plain key/value cache")
            tail = self._call(self._ids([row.suffix]), cache=kv_cache.build_cache(kv),
                              attention_mask=torch.ones((1, len(row.tokens)), dtype=torch.long,
                                                        device=self.device),
                              position_ids=torch.arange(row.start, len(row.tokens),
                                                        device=self.device)[None]).logits
            tail = self._log_softmax(tail[0])
            diff = float((full - tail).abs().max())
            # over every vocabulary entry, not only the scored tokens: on a GPT-2-sized float32
            # model the two kernel paths differ by ~1e-3 on improbable tokens. A cache that is
            # wrong (sliding windows, shifted positions) is off by O(1); 1e-2 keeps the margin.
            tol = 1e-2 if full.dtype == torch.float32 else 0.1
            self._verified = diff <= tol
            if not self._verified:
                log.warning("prefix_reuse disabled: cached-prefix log-probs differ from full "
                            "forwards by %.3g on this model", diff)
                return False
            self.packed_choices = self._packed_ok(row, kv, full, tol)
        except Exception as exc:  # any model that cannot continue from a cache
            log.warning("prefix_reuse disabled: %s", exc)
            self._verified = False
        return self._verified

    def _packed_ok(self, row: Row, kv: Any, full: torch.Tensor, tol: float) -> bool:
        """Whether the model honours 4-D masks: the row's suffix twice in one packed row."""
        try:
            n = len(row.suffix)
            qmask = torch.ones((1, row.start), dtype=torch.long, device=self.device)
            ids, pos, mask = self._packed_inputs([[row.suffix, row.suffix]], qmask,
                                                 torch.tensor([row.start], device=self.device))
            logits = self._call(ids, attention_mask=mask, position_ids=pos,
                                cache=kv_cache.build_cache(kv)).logits[0]
            diff = max(float((self._log_softmax(logits[i * n:(i + 1) * n]) - full).abs().max())
                       for i in range(2))
            return diff <= tol
        except Exception as exc:  # noqa: BLE001 - a model without 4-D mask support
            log.info("prefix_reuse: packed choices unavailable (%s); one row per choice", exc)
            return False

    def _packed_inputs(self, suffixes: Sequence[Sequence[Sequence[int]]], qmask: torch.Tensor,
                       base: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """One row per group: its suffixes back to back, each seeing the cache and itself.

        ``qmask`` marks the real cached positions of each group, ``base`` the position of each
        group's first suffix token. Returns input ids, position ids and an additive 4-D mask.
        """
        dev = self.device
        k, width = len(suffixes), max(sum(len(x) for x in group) for group in suffixes)
        ids = torch.zeros((k, width), dtype=torch.long)
        offset = torch.zeros((k, width), dtype=torch.long)
        seg = torch.full((k, width), -1, dtype=torch.long)
        for g, group in enumerate(suffixes):
            at = 0
            for j, suffix in enumerate(group):
                n = len(suffix)
                ids[g, at:at + n] = torch.tensor(suffix, dtype=torch.long)
                offset[g, at:at + n] = torch.arange(n)
                seg[g, at:at + n] = j
                at += n
        ids, offset, seg = ids.to(dev), offset.to(dev), seg.to(dev)
        pos = base[:, None] + offset
        idx = torch.arange(width, device=dev)
        own = (seg[:, :, None] == seg[:, None, :]) & (seg[:, :, None] >= 0) & (
            idx[:, None] >= idx[None, :])[None]
        past = qmask.bool()[:, None, :].expand(k, width, qmask.shape[1])
        allowed = torch.cat([past, own], dim=-1)
        mask = torch.zeros(allowed.shape, dtype=self.mask_dtype, device=dev)
        mask.masked_fill_(~allowed, torch.finfo(self.mask_dtype).min)
        return ids, pos, mask[:, None]

    def _ids(self, seqs: Sequence[Sequence[int]]) -> torch.Tensor:
        width = max(len(s) for s in seqs)
        ids = torch.zeros((len(seqs), width), dtype=torch.long)
        for j, s in enumerate(seqs):
            ids[j, :len(s)] = torch.tensor(s, dtype=torch.long)
        return ids.to(self.device)

    def _score_cluster(self, cluster: Cluster, results: list) -> list[Row]:
        """Score a cluster through its cached block; returns rows it could not handle."""
        b = len(cluster.block)
        block_kv = None
        if b:
            out = self._call(self._ids([cluster.block]), want_cache=True, keep=1,
                             position_ids=torch.arange(b, device=self.device)[None])
            self.stats.tokens_fed += b
            block_kv = kv_cache.cache_tensors(kv_cache.output_cache(out))
            if block_kv is None:
                return [r for g in cluster.groups for r in g.rows]
        leftover: list[Row] = []
        # a group of one row (every choice the same input: one-token choices, or choices
        # whose last token is never fed) needs no separate head pass: it is a plain row fed
        # against the cached block, one pass per batch instead of two
        for lone in (False, True):
            groups = sorted((g for g in cluster.groups if (len(g.rows) == 1) == lone),
                            key=lambda g: (-(len(g.head) + max(len(r.suffix) for r in g.rows)),
                                           g.head))
            lengths = [len(g.head) + max(len(r.suffix) for r in g.rows) for g in groups]
            score = self._score_rows_on_block if lone else self._score_groups
            for lo, hi in self.sizer.plan(lengths):
                leftover.extend(score(groups[lo:hi], b, block_kv, results))
        return leftover

    def _score_rows_on_block(self, groups: Sequence[Group], b: int, block_kv: Any,
                             results: list) -> list[Row]:
        """Groups of one row each: the rows after the block, right-padded, in one causal pass
        (no mask, as in the plain path), logits kept from the first scored position on."""
        rows = [g.rows[0] for g in groups]
        tails = [r.tokens[b:] for r in rows]
        width = max(len(t) for t in tails)
        cache = kv_cache.build_cache(kv_cache.expand_rows(block_kv, len(rows))) if b else None
        keep = max(width - (r.start - b) for r in rows)
        logits = self._call(self._ids(tails), cache=cache, keep=keep,
                            position_ids=(b + torch.arange(width, device=self.device))[None]
                            .expand(len(rows), -1)).logits
        self.stats.tokens_fed += sum(len(t) for t in tails)
        offset = width - logits.shape[1]  # logits cover positions offset..width-1
        for j, r in enumerate(rows):
            self._finish(r, self._log_softmax(logits[j, r.start - b - offset:
                                                        len(r.tokens) - b - offset]), results)
        self._report(results)
        return []

    def _score_groups(self, groups: Sequence[Group], b: int, block_kv: Any,
                      results: list) -> list[Row]:
        dev = self.device
        k = len(groups)
        qs = [g.head[b:] for g in groups]
        qlen = torch.tensor([len(q) for q in qs], dtype=torch.long, device=dev)
        qmax = int(qlen.max())
        if qmax == 0:
            kv = kv_cache.expand_rows(block_kv, k)
            qmask = torch.ones((k, b), dtype=torch.long, device=dev)
        else:
            ids = self._ids([q if q else (0,) for q in qs])
            qmask = torch.cat([torch.ones((k, b), dtype=torch.long, device=dev),
                               (torch.arange(qmax, device=dev)[None] < qlen[:, None]).long()], 1)
            cache = kv_cache.build_cache(kv_cache.expand_rows(block_kv, k)) if b else None
            # right padding needs no mask here: causal attention keeps it out of real rows,
            # and without a mask SDPA can take its fused causal kernel
            out = self._call(ids, cache=cache, want_cache=True, keep=1,
                             position_ids=(b + torch.arange(qmax, device=dev))[None].expand(k, -1))
            self.stats.tokens_fed += int(qlen.sum())
            kv = kv_cache.cache_tensors(kv_cache.output_cache(out))
            if kv is None:
                return [r for g in groups for r in g.rows]
        if self.packed_choices:
            base = b + qlen
            ids, pos, mask = self._packed_inputs([[r.suffix for r in g.rows] for g in groups],
                                                 qmask, base)
            logits = self._call(ids, attention_mask=mask, position_ids=pos,
                                cache=kv_cache.build_cache(kv)).logits
            self.stats.tokens_fed += sum(len(r.suffix) for g in groups for r in g.rows)
            for gi, g in enumerate(groups):
                at = 0
                for r in g.rows:
                    n = len(r.suffix)
                    self._finish(r, self._log_softmax(logits[gi, at:at + n]), results)
                    at += n
            self._report(results)
            return []
        rows = [(gi, r) for gi, g in enumerate(groups) for r in g.rows]
        rows.sort(key=lambda x: -len(x[1].suffix))
        step = self.sizer.single(b + qmax + len(rows[0][1].suffix))
        for lo in range(0, len(rows), step):
            part = rows[lo:lo + step]
            gidx = torch.tensor([gi for gi, _ in part], dtype=torch.long, device=dev)
            suffixes = [r.suffix for _, r in part]
            smax = max(len(s) for s in suffixes)
            slen = torch.tensor([len(s) for s in suffixes], dtype=torch.long, device=dev)
            smask = (torch.arange(smax, device=dev)[None] < slen[:, None]).long()
            mask = torch.cat([qmask.index_select(0, gidx), smask], 1)
            pos = b + qlen.index_select(0, gidx)[:, None] + torch.arange(smax, device=dev)[None]
            if bool((gidx == gidx[0]).all()):
                rows_kv = kv_cache.expand_rows(kv_cache.select_rows(kv, gidx[:1]), len(part))
            else:
                rows_kv = kv_cache.select_rows(kv, gidx)
            cache = kv_cache.build_cache(rows_kv)
            logits = self._call(self._ids(suffixes), attention_mask=mask, position_ids=pos,
                                cache=cache).logits
            self.stats.tokens_fed += int(slen.sum())
            for j, (_, r) in enumerate(part):
                self._finish(r, self._log_softmax(logits[j, :len(r.suffix)]), results)
            self._report(results)
        return []

    # ------------------------------------------------------------------ seq2seq
    def _seq2seq(self, items: Sequence[tuple[int, Pair]], results: list) -> None:
        """Encoder reads the context, decoder is teacher-forced on the continuation."""
        order = sorted(items, key=lambda it: (-(len(it[1][0]) + len(it[1][1])),
                                              tuple(it[1][0] + it[1][1])))
        lengths = [len(ctx) + len(cont) for _, (ctx, cont) in order]
        L = self.max_length
        for lo, hi in self.sizer.plan(lengths):
            batch = order[lo:hi]
            ctxs = [ctx[-L:] for _, (ctx, _) in batch]
            conts = [cont[-L:] for _, (_, cont) in batch]
            enc = self._ids(ctxs)
            enc_mask = torch.zeros_like(enc)
            for j, c in enumerate(ctxs):
                enc_mask[j, :len(c)] = 1
            labels = self._ids(conts)
            self.stats.forward_calls += 1
            self.stats.tokens_fed += sum(len(c) for c in ctxs) + sum(len(c) for c in conts)
            logits = self.forward(input_ids=enc, attention_mask=enc_mask, labels=labels).logits
            for j, (i, (_, cont)) in enumerate(batch):
                lp = self._log_softmax(logits[j, :len(conts[j])])
                row = Row(tuple(conts[j]), 0, [(i, cont)])
                self._finish(row, lp, results)
            self._report(results)
