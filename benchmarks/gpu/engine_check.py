"""GPU check of the GPU-first engines against ``hf`` on a tiny random model built on the spot.

    python benchmarks/gpu/engine_check.py megatron|sglang|nemo [--out DIR] [--keep]

Builds lmeval-hf's tiny Llama (``lmeval_testkit.hf.build_tiny_llama``, wider than the test
one), runs the same requests through ``hf`` on the GPU and through the engine, and prints one
table row per request: both log-probabilities, their difference, both ``is_greedy`` flags,
then rolling log-likelihoods and greedy generations. Exit status 0 when every difference is
within tolerance, 1 when not, 3 when the engine is not installed on this machine (the line
says which package is missing; nothing is downloaded).

* megatron: the model converted to megatron-core weights, saved as a standard
  (``model_optim_rng.pt``) and a distributed (``.distcp``) Megatron-LM checkpoint, each loaded
  by ``megatron_lm``. float32 (tolerance 2e-3).
* sglang: ``sglang.Engine`` on the HF directory, bfloat16 on both sides (tolerance 0.15 per
  request; greedy flags and generations may differ on near-ties and are reported, not failed).
* nemo: the HF directory imported to a NeMo 2 checkpoint with ``llm.import_ckpt``, loaded by
  ``nemo_lm`` (bf16-mixed; hf in bfloat16; tolerance 0.15).
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

LL = [
    ("Question: the cat is", " red"),
    ("The river and the moon ", "were blue."),
    ("", "hello world"),
    ("Question: What is 40 plus 17?\nAnswer:", " 57"),
    ("science history music " * 40, " paper"),
    ("The city of music and science was known for its", " university"),
]
ROLLING = ["The city of music and science was known. " * 30, "Answer: yes"]
GEN = [("Question: the dog?\nAnswer:", {"until": ["\n"], "max_gen_toks": 16}),
       ("1 + 2 =", {"until": ["."], "max_gen_toks": 12}),
       ("The house", {"max_gen_toks": 10})]
MAX_LEN = 128


def _requests():
    from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest

    return ([LoglikelihoodRequest(c, x) for c, x in LL], [RollingRequest(t) for t in ROLLING],
            [GenerateRequest.make(c, k) for c, k in GEN])


def _missing(*modules: str) -> str | None:
    for m in modules:
        if importlib.util.find_spec(m) is None:
            return m
    return None


def compare(name: str, engine_lm, hf_lm, tol: float, strict_greedy: bool) -> bool:
    ll, rolling, gen = _requests()
    t0 = time.time()
    ours = engine_lm.loglikelihood(ll)
    our_roll = engine_lm.loglikelihood_rolling(rolling)
    our_gen = engine_lm.generate_until(gen)
    took = time.time() - t0
    ref, ref_roll, ref_gen = (hf_lm.loglikelihood(ll), hf_lm.loglikelihood_rolling(rolling),
                              hf_lm.generate_until(gen))
    ok = True
    print(f"\n== {name} vs hf  (tolerance {tol:g}; engine time {took:.2f}s)")
    print(f"{'request':<44} {'hf':>11} {'engine':>11} {'|diff|':>9}  greedy hf/engine")
    for (c, x), (a, ga), (b, gb) in zip(LL, ref, ours, strict=True):
        d = abs(a - b)
        bad = d > tol or (strict_greedy and ga != gb)
        ok &= not bad
        label = (repr(c[-28:]) + " + " + repr(x))[:44]
        print(f"{label:<44} {a:11.4f} {b:11.4f} {d:9.2e}  {ga!s:>5}/{gb!s:<5}{'  <-' if bad else ''}")
    for t, a, b in zip(ROLLING, ref_roll, our_roll, strict=True):
        d = abs(a - b)
        ok &= d <= tol * max(1, len(t) // 40)
        print(f"{'rolling ' + repr(t[:30]):<44} {a:11.4f} {b:11.4f} {d:9.2e}")
    # the engine's own greedy continuation must be greedy for both backends
    from lmeval.protocol import GenerateRequest, LoglikelihoodRequest

    context = "Question: the moon"
    text = engine_lm.generate_until([GenerateRequest.make(context, {"max_gen_toks": 3})])[0]
    (a, ga), (b, gb) = (hf_lm.loglikelihood([LoglikelihoodRequest(context, text)])[0],
                        engine_lm.loglikelihood([LoglikelihoodRequest(context, text)])[0])
    bad = abs(a - b) > tol or not gb or (strict_greedy and not ga)
    ok &= not bad
    print(f"{'own greedy ' + repr(text):<44} {a:11.4f} {b:11.4f} {abs(a - b):9.2e}  "
          f"{ga!s:>5}/{gb!s:<5}{'  <-' if bad else ''}")
    same = sum(a == b for a, b in zip(ref_gen, our_gen, strict=True))
    for (c, _), a, b in zip(GEN, ref_gen, our_gen, strict=True):
        print(f"generate {c[:20]!r:<24} hf={a!r:<28} {name}={b!r}{'' if a == b else '  (differs)'}")
    if strict_greedy:
        ok &= same == len(GEN)
    print(f"generations equal: {same}/{len(GEN)};  verdict: {'PASS' if ok else 'FAIL'}")
    return ok


def check_megatron(work: Path, cpu: bool = False) -> int:
    if (m := _missing("megatron.core", "torch", "psutil")):
        print(f"SKIP megatron: {m} is not installed (pip install megatron-core==0.16.1 psutil)")
        return 3
    import contextlib

    import torch
    from lmeval_hf.models import HFLM
    from lmeval_megatron.models import MegatronLM
    from lmeval_testkit import megatron as mt
    from lmeval_testkit.hf import build_tiny_llama

    if not cpu and not torch.cuda.is_available():
        print("SKIP megatron: no CUDA device (--cpu runs the script's code path on the CPU)")
        return 3
    device = "cpu" if cpu else "cuda"
    hf_dir = build_tiny_llama(work / "llama", hidden=256, layers=4, heads=8, kv_heads=4)
    with mt.cpu_shims() if cpu else contextlib.nullcontext():
        if not cpu:
            torch.cuda.set_device(0)
        mt.init_single_process(backend="gloo" if cpu else "nccl")
        if not cpu:
            from megatron.core import tensor_parallel

            tensor_parallel.model_parallel_cuda_manual_seed(1234)
        ok = True
        hf = HFLM(pretrained=str(hf_dir), device=device, dtype="float32", batch_size=4,
                  max_length=MAX_LEN, prefix_reuse=False)
        for fmt in ("standard", "distributed"):
            ckpt = mt.build_megatron_checkpoint(work / f"megatron-{fmt}", hf_dir, fmt=fmt,
                                                device=device)
            lm = MegatronLM(load=str(ckpt), seq_length=MAX_LEN, batch_size=4,
                            device="cpu" if cpu else None)
            ok &= compare(f"megatron_lm[{fmt}]", lm, hf, 2e-3, strict_greedy=True)
    return 0 if ok else 1


def check_sglang(work: Path) -> int:
    if (m := _missing("sglang", "torch")):
        print(f"SKIP sglang: {m} is not installed (pip install sglang)")
        return 3
    from lmeval_hf.models import HFLM
    from lmeval_sglang.models import SGLangLM
    from lmeval_testkit.hf import build_tiny_llama

    hf_dir = build_tiny_llama(work / "llama", hidden=256, layers=4, heads=8, kv_heads=4)
    hf = HFLM(pretrained=str(hf_dir), device="cuda", dtype="bfloat16", batch_size=4,
              max_length=MAX_LEN - 1, prefix_reuse=False)
    lm = SGLangLM(pretrained=str(hf_dir), dtype="bfloat16", max_model_len=MAX_LEN,
                  mem_fraction_static=0.3, batch_size="auto")
    try:
        ok = compare("sglang", lm, hf, 0.15, strict_greedy=False)
    finally:
        lm.shutdown()
    return 0 if ok else 1


def check_nemo(work: Path) -> int:
    if (m := _missing("nemo", "torch")) or (m := _missing("nemo.collections.llm")):
        print(f"SKIP nemo: {m} is not installed (pip install 'nemo_toolkit[llm]>=2.0,<3', "
              "or use an NGC NeMo container)")
        return 3
    from lmeval_hf.models import HFLM
    from lmeval_nemo.models import NeMoLM
    from lmeval_testkit.hf import build_tiny_llama
    from nemo.collections import llm

    hf_dir = build_tiny_llama(work / "llama", hidden=256, layers=4, heads=8, kv_heads=4)
    out = work / "nemo2-llama"
    if not out.exists():
        llm.import_ckpt(model=llm.LlamaModel(llm.Llama32Config1B()), source=f"hf://{hf_dir}",
                        output_path=out)
    hf = HFLM(pretrained=str(hf_dir), device="cuda", dtype="bfloat16", batch_size=4,
              max_length=MAX_LEN, prefix_reuse=False)
    lm = NeMoLM(path=str(out), max_length=MAX_LEN, batch_size=4, precision="bf16-mixed")
    return 0 if compare("nemo_lm", lm, hf, 0.15, strict_greedy=False) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine", choices=["megatron", "sglang", "nemo"])
    parser.add_argument("--out", help="work directory (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--cpu", action="store_true",
                        help="megatron only: run on the CPU under the test shims (checks the "
                             "script itself where there is no GPU)")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    work = Path(args.out or tempfile.mkdtemp(prefix=f"lmeval-gpu-{args.engine}-"))
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    try:
        if args.engine == "megatron":
            rc = check_megatron(work, cpu=args.cpu)
        else:
            rc = {"sglang": check_sglang, "nemo": check_nemo}[args.engine](work)
    finally:
        if not args.keep and not args.out:
            shutil.rmtree(work, ignore_errors=True)
    print(json.dumps({"engine": args.engine, "exit": rc, "seconds": round(time.time() - t0, 1)}))
    return rc


if __name__ == "__main__":
    sys.exit(main())
