"""One side of ``vllm_rows.py``'s loop table: a backend answers a run's requests in-process.

    python vllm_loop.py --side {lm-eval-vllm,lmeval-vllm,lmeval-hf} --requests FILE --model DIR
                        --engine_args JSON [--calls 2] [--batch_size auto] [--profile FILE]

Started by ``vllm_rows.py`` (lm-eval's side with the python of ``benchmarks/.work/
ref-vllm-venv``, lmeval's with the dev venv's). ``FILE`` maps row names to ``{kind: [arguments,
...]}`` as lm-eval's sample files give them (``model_loop.requests_of``). The side builds its
model once (engine start not timed), then for every row and kind times ``--calls`` calls of
``loglikelihood`` / ``loglikelihood_rolling`` / ``generate_until`` as each tool's evaluator makes
them (tokenization, grouping, engine calls, parsing; no imports, task building or writing).
vLLM's prefix cache is emptied before every call, so no call is served by an earlier one.
Before the timed calls each side makes one untimed warm-up call (the first 8 requests of the
first loglikelihood row; ``--no_warmup``: none), timed on its own as ``warmup``: a process's
first log-probability request makes vLLM ``torch.compile`` its rank counter
(``batched_count_greater_than``, 1–3 s, even with ``enforce_eager``), a cost of each process
(the whole-command table has it) that would otherwise land on whichever row runs first.
``--profile``: one more, cProfiled call per loglikelihood row; the top functions go to FILE.
Prints one ``VLLM_LOOP {json}`` line.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import resource
import time
from pathlib import Path
from typing import Any


def _build_lm_eval(args: argparse.Namespace, engine: dict[str, Any]) -> tuple[Any, Any]:
    from lm_eval.api.instance import Instance
    from lm_eval.models.vllm_causallms import VLLM

    lm = VLLM(pretrained=str(args.model), batch_size=args.batch_size, **engine)

    def call(kind: str, items: list) -> list:
        reqs = [Instance(kind, {}, tuple(a if kind != "loglikelihood_rolling" else a[:1]), i)
                for i, a in enumerate(items)]
        return getattr(lm, kind)(reqs, disable_tqdm=True)

    return call, lm.model


def _build_lmeval(args: argparse.Namespace, engine: dict[str, Any]) -> tuple[Any, Any]:
    from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest

    if args.side == "lmeval-vllm":
        from lmeval_vllm.models import VLLM

        lm = VLLM(pretrained=str(args.model), batch_size=args.batch_size, **engine)
        llm = lm.engine.llm
    else:
        import torch
        from lmeval_hf.models import HFLM

        torch.set_num_threads(args.threads)
        lm = HFLM(pretrained=str(args.model), dtype=engine.get("dtype", "float32"),
                  batch_size=args.batch_size, device="cpu")
        llm = None

    def call(kind: str, items: list) -> list:
        if kind == "loglikelihood":
            reqs: list = [LoglikelihoodRequest(c, x) for c, x in items]
        elif kind == "loglikelihood_rolling":
            reqs = [RollingRequest(t) for t, _ in items]
        else:
            reqs = [GenerateRequest.make(c, g) for c, g in items]
        return getattr(lm, kind)(reqs)

    return call, llm


def _top(profile: cProfile.Profile, n: int = 25) -> dict[str, Any]:
    stream = io.StringIO()
    stats = pstats.Stats(profile, stream=stream)
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = []
    for (path, line, name), (_cc, calls, tottime, cumtime, _callers) in \
            stats.stats.items():  # type: ignore[attr-defined]
        rows.append({"function": f"{Path(path).name}:{line}({name})", "calls": calls,
                     "tottime_s": round(tottime, 3), "cumtime_s": round(cumtime, 3)})
    return {"total_s": round(total, 3),
            "by_cumtime": sorted(rows, key=lambda r: -r["cumtime_s"])[:n],
            "by_tottime": sorted(rows, key=lambda r: -r["tottime_s"])[:n]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--side", required=True, choices=["lm-eval-vllm", "lmeval-vllm", "lmeval-hf"])
    ap.add_argument("--requests", type=Path, required=True)
    ap.add_argument("--model", type=Path, required=True)
    ap.add_argument("--engine_args", required=True, help="JSON: the engine arguments")
    ap.add_argument("--calls", type=int, default=2)
    ap.add_argument("--batch_size", default="auto")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--profile", type=Path)
    ap.add_argument("--no_warmup", action="store_true", help="no untimed first call")
    args = ap.parse_args()
    engine = json.loads(args.engine_args)
    rows = json.loads(args.requests.read_text())
    t0 = time.perf_counter()
    build = _build_lm_eval if args.side == "lm-eval-vllm" else _build_lmeval
    call, llm = build(args, engine)
    out: dict[str, Any] = {"side": args.side, "build_s": time.perf_counter() - t0, "rows": {}}
    first = next((items for kinds in rows.values() for kind, items in kinds.items()
                  if kind == "loglikelihood"), None)
    if first and not args.no_warmup:
        r0, w0 = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
        call("loglikelihood", first[:8])
        w1, r1 = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
        out["warmup"] = {"requests": len(first[:8]), "wall_s": w1 - w0,
                         "cpu_s": r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime}
    profiles: dict[str, Any] = {}
    for row, kinds in rows.items():
        for kind, items in kinds.items():
            walls, cpus, answers = [], [], []
            for _ in range(args.calls):
                if llm is not None:
                    llm.reset_prefix_cache()
                r0, w0 = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
                answers = call(kind, items)
                w1, r1 = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
                walls.append(w1 - w0)
                cpus.append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
            out["rows"].setdefault(row, {})[kind] = {
                "requests": len(items), "wall_s": walls, "cpu_s": cpus,
                "answers": [list(a) if isinstance(a, tuple) else a for a in answers]}
            if args.profile and kind == "loglikelihood":
                if llm is not None:
                    llm.reset_prefix_cache()
                prof = cProfile.Profile()
                prof.enable()
                call(kind, items)
                prof.disable()
                profiles[row] = _top(prof)
    out["peak_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if args.profile:
        args.profile.write_text(json.dumps(profiles, indent=1) + "\n")
    print("VLLM_LOOP " + json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
