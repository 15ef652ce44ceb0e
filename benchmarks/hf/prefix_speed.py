"""Shared-prefix scoring vs. the plain path: time, tokens fed, agreement (CPU, by hand).

    python benchmarks/hf/prefix_speed.py [--questions 40] [--hidden 256]

Builds a small random Llama (lmeval_testkit.hf) and a 5-shot multiple-choice request set
shaped like MMLU (one few-shot block shared by every question, four choices per question),
plus a sampler-per-question variant (different shots per question, only the choices share).
Prints seconds for each path (the minimum of ``--repeats`` interleaved runs), the speedup, the max |Δ| of log-likelihoods, and the ratio of
tokens fed to the token count of the prefix trie (1.0 is the floor; the plain path's ratio is
printed beside it).
"""

from __future__ import annotations

import argparse
import logging
import random
import tempfile
import time
from pathlib import Path


def request_sets(n_questions: int, seed: int = 0):
    from lmeval.protocol import LoglikelihoodRequest
    from lmeval_testkit.hf import generate_corpus

    lines = generate_corpus(seed=seed, n_lines=400)
    rng = random.Random(seed)

    def shots(idx):
        return "The following are multiple choice questions.\n\n" + "".join(
            f"Question: {lines[i]}\nA. {lines[i + 1][:20]}\nB. {lines[i + 2][:20]}\n"
            f"C. {lines[i + 3][:20]}\nD. {lines[i + 4][:20]}\nAnswer: B\n\n" for i in idx)

    fixed = shots(range(0, 25, 5))
    same, varied = [], []
    for q in range(n_questions):
        body = f"Question: {lines[100 + q]}\nA. x\nB. y\nC. z\nD. w\nAnswer:"
        per_q = shots(rng.sample(range(0, 300, 5), 5))
        for choice in (" A", " B", " C", " D"):
            same.append(LoglikelihoodRequest(fixed + body, choice))
            varied.append(LoglikelihoodRequest(per_q + body, choice))
        for words in (lines[200 + q].split()[:4], lines[250 + q].split()[:6]):
            cont = " " + " ".join(words)
            same.append(LoglikelihoodRequest(fixed + body, cont))
            varied.append(LoglikelihoodRequest(per_q + body, cont))
    return {"5-shot, shared block": same, "5-shot, shots per question": varied}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--models", default=None)
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    import torch
    from lmeval_hf.models import HFLM
    from lmeval_testkit.hf import build_tiny_llama

    torch.set_num_threads(max(1, torch.get_num_threads()))
    root = Path(args.models or tempfile.mkdtemp())
    path = str(build_tiny_llama(root / f"llama-{args.hidden}x{args.layers}", hidden=args.hidden,
                                layers=args.layers, heads=8, kv_heads=4, max_position=2048))
    on = HFLM(pretrained=path, batch_size=args.batch_size, max_length=2048)
    off = HFLM(pretrained=path, batch_size=args.batch_size, max_length=2048, prefix_reuse=False)
    on.loglikelihood(request_sets(1)["5-shot, shared block"][:2])  # warm-up and self-check
    off.loglikelihood(request_sets(1)["5-shot, shared block"][:2])
    print(f"model: llama hidden={args.hidden} layers={args.layers}, batch_size={args.batch_size}, "
          f"torch threads={torch.get_num_threads()}")
    for name, reqs in request_sets(args.questions).items():
        s0 = on.prefix_stats.tokens_fed, on.prefix_stats.trie_tokens, on.prefix_stats.tokens_plain
        a = on.loglikelihood(reqs)
        fed = on.prefix_stats.tokens_fed - s0[0]
        trie = on.prefix_stats.trie_tokens - s0[1]
        plain = on.prefix_stats.tokens_plain - s0[2]
        b = off.loglikelihood(reqs)
        t_on, t_off = float("inf"), float("inf")
        for _ in range(args.repeats):  # interleaved; the minimum resists a busy machine
            t = time.perf_counter()
            on.loglikelihood(reqs)
            t_on = min(t_on, time.perf_counter() - t)
            t = time.perf_counter()
            off.loglikelihood(reqs)
            t_off = min(t_off, time.perf_counter() - t)
        delta = max(abs(x[0] - y[0]) for x, y in zip(a, b, strict=True))
        greedy = sum(x[1] != y[1] for x, y in zip(a, b, strict=True))
        print(f"{name}: {len(reqs)} requests | plain {t_off:.2f}s, prefix {t_on:.2f}s, "
              f"speedup x{t_off / t_on:.2f} | tokens fed/trie {fed / trie:.3f} "
              f"(plain path {plain / trie:.2f}) | max|Δ| {delta:.2e}, is_greedy diffs {greedy}")


if __name__ == "__main__":
    main()
