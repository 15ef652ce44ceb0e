"""Compare lmeval-hf with lm-eval 0.4.13's HFLM on the tiny test models (run by hand).

    python benchmarks/hf/parity_lm_eval.py --ref /tmp/ref/lib/python3.11/site-packages

lm-eval is never a dependency: its site-packages directory is appended to ``sys.path`` only
here. Prints the max |Δ| of loglikelihoods and rolling loglikelihoods, is_greedy and
generation mismatches, for each model kind (llama, gpt2, t5).
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path


def requests():
    from lmeval_testkit.hf import generate_corpus

    lines = generate_corpus(seed=7, n_lines=60)
    shots = "\n\n".join(lines[:5]) + "\n\n"
    ll = []
    for line in lines[5:25]:
        words = line.split()
        ctx = shots + " ".join(words[: max(1, len(words) // 2)])
        ll.append((ctx, " " + " ".join(words[len(words) // 2:])))
        ll.append((ctx + " ", "maybe"))
        ll.append((ctx, " A"))
    ll += [("", "The cat is red."), ("x" * 3, "")]
    ll += [("Question: " + lines[30] * 40, " answer")]  # longer than max_length
    rolling = [lines[40], " ".join(lines[41:60]) * 3]
    gen = [(shots + lines[i][:20], {"until": ["\n\n", "."], "max_gen_toks": 16})
           for i in range(30, 36)]
    gen += [(lines[37], {"until": ["\n"], "max_new_tokens": 8, "do_sample": False})]
    return ll, rolling, gen


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ref", default="/tmp/ref/lib/python3.11/site-packages")
    parser.add_argument("--models", default=None, help="directory for the tiny models")
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    sys.path.append(args.ref)
    from lm_eval.api.instance import Instance
    from lm_eval.models.huggingface import HFLM as RefLM
    from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest
    from lmeval_hf.models import HFLM
    from lmeval_testkit.hf import build_tiny_gpt2, build_tiny_llama, build_tiny_t5

    root = Path(args.models or tempfile.mkdtemp())
    ll, rolling, gen = requests()
    for name, build, max_length in (("llama", build_tiny_llama, 128), ("gpt2", build_tiny_gpt2, 128),
                                    ("t5", build_tiny_t5, 128)):
        path = str(build(root / name))
        ref = RefLM(pretrained=path, device="cpu", batch_size=4, max_length=max_length)
        ours = HFLM(pretrained=path, device="cpu", batch_size=4, max_length=max_length)
        inst = [Instance("loglikelihood", {}, (c, x), i) for i, (c, x) in enumerate(ll)
                if x]
        r_ll = ref.loglikelihood(inst, disable_tqdm=True)
        o_ll = ours.loglikelihood([LoglikelihoodRequest(c, x) for c, x in ll if x])
        d_ll = max(abs(a[0] - b[0]) for a, b in zip(r_ll, o_ll, strict=True))
        g_ll = sum(a[1] != b[1] for a, b in zip(r_ll, o_ll, strict=True))
        r_ro = ref.loglikelihood_rolling(
            [Instance("loglikelihood_rolling", {}, (t,), i) for i, t in enumerate(rolling)],
            disable_tqdm=True)
        o_ro = ours.loglikelihood_rolling([RollingRequest(t) for t in rolling])
        d_ro = max(abs(a - b) for a, b in zip(r_ro, o_ro, strict=True))
        r_g = ref.generate_until([Instance("generate_until", {}, (c, dict(k)), i)
                                  for i, (c, k) in enumerate(gen)], disable_tqdm=True)
        o_g = ours.generate_until([GenerateRequest.make(c, k) for c, k in gen])
        g_mis = sum(a != b for a, b in zip(r_g, o_g, strict=True))
        print(f"{name:6s} loglikelihood n={len(o_ll)} max|Δ|={d_ll:.2e} is_greedy mismatches={g_ll}"
              f" | rolling n={len(o_ro)} max|Δ|={d_ro:.2e} | generate n={len(o_g)} "
              f"mismatches={g_mis}")


if __name__ == "__main__":
    main()
