"""The machine's matmul floor of a model loop: what the tokens a tool feeds cost at GEMM speed.

Used by ``model_loop.py`` (and through it ``run.py --floor``) on either side: hooks on the
Hugging Face model count what each forward pass computes, and a GEMM benchmark in the same
process, with the same thread count, gives the machine's float32 throughput on the model's own
matrix shapes. The floor of a loop is

    (2 x body parameters x tokens fed + 2 x lm_head parameters x logit rows
     + 4 x hidden x layers x attended (query, key) pairs) / GEMM throughput

* *tokens fed*: ``input_ids`` elements of every forward, padding included (a padded position
  costs the same matmuls as a real one; a tool that pads less has a smaller floor);
* *body parameters*: every weight except the input embedding (a gather, not a matmul) and the
  ``lm_head``, counted apart because a tool may compute logits only where it scores
  (``logits_to_keep``): *logit rows* are the rows of the ``logits`` each forward returns;
* *attended pairs*: per row, ``T x P + T (T + 1) / 2`` for ``T`` new tokens after ``P`` cached
  ones (causal attention; QK^T and AV, 2 x hidden FLOPs each per pair and layer).

A second, *kernel* floor prices the attention pairs at the measured speed of the attention
kernel itself (``scaled_dot_product_attention``, causal, the model's heads and head size) rather
than at GEMM speed: with small heads (32 dimensions here) attention runs several times below
matmul speed on a CPU, so tokens that attend to a long cached prefix cost more per token at any
implementation's best.

A loop at ×1.0 would spend all its time in matmuls at the measured speed; the multiple is the
loop's wall time (tokenization, batching, forwards, log-softmax, everything the call does) over
its floor. The floor is the tool's own: it does not credit a tool for feeding fewer tokens
(``tokens fed`` and the trie columns show that), only for feeding them cheaply.
"""

from __future__ import annotations

import time
from typing import Any


class ForwardCounter:
    """Hooks on ``model`` that add up what its forward passes compute."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.calls = 0
        self.tokens = 0
        self.logit_rows = 0
        self.pairs = 0
        self.forward_s = 0.0
        self._t0 = 0.0
        self._handles = [model.register_forward_pre_hook(self._pre, with_kwargs=True),
                         model.register_forward_hook(self._post, with_kwargs=True)]

    def _pre(self, _module: Any, args: tuple, kwargs: dict) -> None:
        ids = kwargs.get("input_ids", args[0] if args else None)
        if ids is None or ids.dim() != 2:
            return
        rows, new = ids.shape
        past = 0
        mask = kwargs.get("attention_mask")
        cache = next((kwargs[k] for k in ("past_key_values", "cache", "past_key_value")
                      if kwargs.get(k) is not None), None)
        if cache is not None:
            if mask is not None and mask.shape[-1] > new:
                past = int(mask.shape[-1]) - new
            elif hasattr(cache, "get_seq_length"):
                past = int(cache.get_seq_length())
            elif isinstance(cache, (tuple, list)) and cache and cache[0] is not None:
                past = int(cache[0][0].shape[-2])
        self.calls += 1
        self.tokens += rows * new
        self.pairs += rows * (new * past + new * (new + 1) // 2)
        self._t0 = time.perf_counter()

    def _post(self, _module: Any, _args: tuple, _kwargs: dict, output: Any) -> None:
        self.forward_s += time.perf_counter() - self._t0
        logits = getattr(output, "logits", None)
        if logits is not None:
            self.logit_rows += int(logits.shape[0]) * int(logits.shape[1])

    def reset(self) -> None:
        self.calls = self.tokens = self.logit_rows = self.pairs = 0
        self.forward_s = 0.0

    def close(self) -> None:
        for h in self._handles:
            h.remove()

    def as_dict(self) -> dict[str, float]:
        return {"forward_calls": self.calls, "tokens_fed": self.tokens,
                "logit_rows": self.logit_rows, "attended_pairs": self.pairs,
                "forward_s": self.forward_s}


def model_shape(model: Any) -> dict[str, Any]:
    """Parameter counts and the distinct matmul shapes of ``model``'s linear layers."""
    import torch

    emb = model.get_input_embeddings()
    head = model.get_output_embeddings()
    skip = {id(p) for m in (emb, head) if m is not None for p in m.parameters()}
    body = sum(p.numel() for p in model.parameters() if id(p) not in skip)
    head_params = head.weight.numel() if head is not None else 0
    shapes: dict[tuple[int, int], int] = {}
    for module in model.modules():
        if isinstance(module, torch.nn.Linear) and module is not head:
            key = (module.in_features, module.out_features)
            shapes[key] = shapes.get(key, 0) + 1
    cfg = model.config
    heads = int(cfg.num_attention_heads)
    return {"body_params": body, "head_params": head_params,
            "hidden": int(cfg.hidden_size), "layers": int(cfg.num_hidden_layers),
            "heads": heads, "kv_heads": int(getattr(cfg, "num_key_value_heads", None) or heads),
            "head_dim": int(getattr(cfg, "head_dim", None) or cfg.hidden_size // heads),
            "linear_shapes": shapes,
            "head_shape": (head.in_features, head.out_features) if head is not None else None}


def gemm_gflops(shape: dict[str, Any], *, rows: int = 2048, repeats: int = 5) -> dict[str, float]:
    """float32 GEMM throughput (GFLOP/s) on the model's shapes with ``rows`` tokens: the body's
    linear layers together (FLOP-weighted: the time one pass of them takes) and the lm_head."""
    import torch

    def best(k: int, n: int) -> float:
        a, b = torch.randn(rows, k), torch.randn(k, n)
        torch.matmul(a, b)  # warm-up
        fastest = float("inf")
        for _ in range(repeats):
            t0 = time.perf_counter()
            torch.matmul(a, b)
            fastest = min(fastest, time.perf_counter() - t0)
        return fastest

    flops = seconds = 0.0
    for (k, n), count in shape["linear_shapes"].items():
        flops += count * 2.0 * rows * k * n
        seconds += count * best(k, n)
    out = {"body_gflops": flops / seconds / 1e9, "rows": rows}
    if shape["head_shape"]:
        k, n = shape["head_shape"]
        out["head_gflops"] = 2.0 * rows * k * n / best(k, n) / 1e9
    out["attention_gflops"] = attention_gflops(shape, tokens=512, repeats=repeats)
    return out


def attention_gflops(shape: dict[str, Any], *, tokens: int = 512, repeats: int = 5) -> float:
    """Causal ``scaled_dot_product_attention`` throughput (GFLOP/s, 4 x head_dim x heads per
    attended pair) on one row of ``tokens`` with the model's heads, fused kernel, no mask."""
    import torch
    import torch.nn.functional as F

    h, kvh, d = shape["heads"], shape["kv_heads"], shape["head_dim"]
    q, k, v = torch.randn(1, h, tokens, d), torch.randn(1, kvh, tokens, d), torch.randn(1, kvh, tokens, d)
    extra = {"enable_gqa": True} if kvh != h else {}
    F.scaled_dot_product_attention(q, k, v, is_causal=True, **extra)
    fastest = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        F.scaled_dot_product_attention(q, k, v, is_causal=True, **extra)
        fastest = min(fastest, time.perf_counter() - t0)
    pairs = tokens * (tokens + 1) / 2
    return 4.0 * d * h * pairs / fastest / 1e9


def floor_seconds(shape: dict[str, Any], counts: dict[str, float], gemm: dict[str, float],
                  *, kernel: bool = False) -> float:
    """Seconds the counted forwards need at the measured GEMM throughput (``kernel``: the
    attention pairs at the attention kernel's measured throughput instead)."""
    body = 2.0 * shape["body_params"] * counts["tokens_fed"]
    attention = 4.0 * shape["head_dim"] * shape["heads"] * shape["layers"] * counts["attended_pairs"]
    head = 2.0 * shape["head_params"] * counts["logit_rows"]
    if kernel:
        seconds = body / (gemm["body_gflops"] * 1e9) + attention / (gemm["attention_gflops"] * 1e9)
    else:
        seconds = (body + attention) / (gemm["body_gflops"] * 1e9)
    if head:
        seconds += head / (gemm.get("head_gflops", gemm["body_gflops"]) * 1e9)
    return seconds
