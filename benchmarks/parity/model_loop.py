"""The model loop alone: both tools' ``hf`` backends answer the same requests in-process.

    python benchmarks/parity/model_loop.py --run RUN_DIR [--model PATH] [--rounds 2]
                                           [--calls 2] [--batch_size 8] [--threads 2]

``RUN_DIR`` is one lm-eval run of ``run.py`` (``<work>/runs/<model>/<config>/lm-eval-0``): its
sample files give every request as lm-eval sent it (loglikelihood, rolling and generation
arguments). Each side loads the model once in its own process (lm-eval 0.4.13's ``HFLM`` in
the reference venv, lmeval-hf's ``HFLM`` here), then times ``--calls`` calls of
``loglikelihood`` / ``loglikelihood_rolling`` / ``generate_until`` over all the requests of
each kind, as each tool's evaluator makes them (tokenization, sorting, batching, forwards,
log-softmax; no imports, task building, model loading or writing). The sides alternate over
``--rounds`` processes; the table gives each side's fastest call (wall and the process's CPU
time of that call) and the ratio lm-eval / lmeval: the marginal speed-up without the noise of
subtracting two whole-command times.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))


def requests_of(run: Path) -> dict[str, list]:
    """``{kind: [arguments, ...]}`` in the order of lm-eval's sample files."""
    import compare

    results, files = compare.run_files(run)
    out: dict[str, list] = {"loglikelihood": [], "loglikelihood_rolling": [],
                            "generate_until": []}
    for task in sorted(files):
        otype = results["configs"][task]["output_type"]
        kind = {"multiple_choice": "loglikelihood"}.get(otype, otype)
        seen: set = set()
        with open(files[task]) as f:
            for line in f:
                sample = json.loads(line)
                if sample["doc_id"] in seen:  # one line per (document, filter): one request set
                    continue
                seen.add(sample["doc_id"])
                args = sample["arguments"]
                for key in sorted(args, key=lambda k: int(k.rsplit("_", 1)[1])):
                    a = args[key]
                    out[kind].append([a["arg_0"], a.get("arg_1")])
    return {k: v for k, v in out.items() if v}


def side_main(args: argparse.Namespace) -> None:
    """One side: load the model, time the calls, print JSON."""
    import torch

    torch.set_num_threads(args.threads)
    reqs = json.loads(Path(args.requests).read_text())
    if args.side == "lm-eval":
        from lm_eval.api.instance import Instance
        from lm_eval.models.huggingface import HFLM

        lm = HFLM(pretrained=str(args.model), dtype="float32", batch_size=args.batch_size,
                  device="cpu")

        def build(kind: str, items: list) -> list:
            return [Instance(kind, {}, tuple(a if kind != "loglikelihood_rolling" else a[:1]),
                             i) for i, a in enumerate(items)]

        calls = {"loglikelihood": lambda r: lm.loglikelihood(r, disable_tqdm=True),
                 "loglikelihood_rolling": lambda r: lm.loglikelihood_rolling(r, disable_tqdm=True),
                 "generate_until": lambda r: lm.generate_until(r, disable_tqdm=True)}
    else:
        from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest
        from lmeval_hf.models import HFLM

        extra = dict(kv.split("=", 1) for kv in args.lmeval_arg)
        if "prefix_reuse" in extra:
            extra["prefix_reuse"] = extra["prefix_reuse"].lower() in ("1", "true", "yes")
        lm = HFLM(pretrained=str(args.model), dtype="float32", batch_size=args.batch_size,
                  device="cpu", **extra)

        def build(kind: str, items: list) -> list:
            if kind == "loglikelihood":
                return [LoglikelihoodRequest(c, x) for c, x in items]
            if kind == "loglikelihood_rolling":
                return [RollingRequest(t) for t, _ in items]
            return [GenerateRequest.make(c, g) for c, g in items]

        calls = {"loglikelihood": lm.loglikelihood,
                 "loglikelihood_rolling": lm.loglikelihood_rolling,
                 "generate_until": lm.generate_until}
    import floor

    counter = floor.ForwardCounter(lm.model)
    out = {}
    for kind, items in reqs.items():
        built = build(kind, items)
        walls, cpus, counts = [], [], []
        for _ in range(args.calls):
            counter.reset()
            r0, t0 = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
            answers = calls[kind](built)
            t1, r1 = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
            walls.append(t1 - t0)
            cpus.append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
            counts.append(counter.as_dict())
        out[kind] = {"requests": len(built), "wall_s": walls, "cpu_s": cpus,
                     "counts": counts[walls.index(min(walls))],
                     "answers": [a if not isinstance(a, tuple) else list(a) for a in answers]}
    counter.close()
    shape = floor.model_shape(lm.model)
    out["gemm"] = floor.gemm_gflops(shape)
    out["shape"] = {k: v for k, v in shape.items() if k not in ("linear_shapes",)}
    for kind in reqs:
        out[kind]["floor_s"] = floor.floor_seconds(shape, out[kind]["counts"], out["gemm"])
    out["peak_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("MODEL_LOOP " + json.dumps(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--run", type=Path, help="an lm-eval run folder of run.py")
    ap.add_argument("--model", type=Path, help="default: the model of --run's row "
                                               "(<work>/models/<model>)")
    ap.add_argument("--rounds", type=int, default=2, help="processes per side, alternated")
    ap.add_argument("--calls", type=int, default=2, help="timed calls per process")
    ap.add_argument("--batch_size", type=int, default=8)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--output", type=Path, help="write the rows as JSON here")
    ap.add_argument("--lmeval-arg", action="append", default=[], metavar="K=V",
                    help="a model argument of lmeval's side (prefix_reuse=False)")
    ap.add_argument("--label", help="the row's name (default: the run's config folder)")
    ap.add_argument("--side", choices=["lm-eval", "lmeval"], help=argparse.SUPPRESS)
    ap.add_argument("--requests", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.side:
        side_main(args)
        return
    if args.run is None:
        ap.error("--run is required")
    from importlib.metadata import version

    import run as parity
    from reference_env import reference_python

    run = args.run.resolve()
    work, model_name, config = run.parents[3], run.parents[1].name, run.parent.name
    config = args.label or config
    model = args.model or work / "models" / model_name
    reqs = requests_of(run)
    req_file = run.parent / "model_loop_requests.json"
    req_file.write_text(json.dumps(reqs))
    ref_python = reference_python(transformers=version("transformers"))
    env = parity.tool_env(work, str(args.threads))
    timings: dict[str, list[dict]] = {"lm-eval": [], "lmeval": []}
    for rnd in range(args.rounds):
        for side, python in (("lm-eval", str(ref_python)), ("lmeval", sys.executable)):
            proc = subprocess.run(
                [python, __file__, "--side", side, "--requests", str(req_file), "--model",
                 str(model), "--calls", str(args.calls), "--batch_size", str(args.batch_size),
                 "--threads", str(args.threads),
                 *[x for kv in args.lmeval_arg for x in ("--lmeval-arg", kv)]],
                env=env, capture_output=True, text=True)
            line = next((x for x in proc.stdout.splitlines() if x.startswith("MODEL_LOOP ")),
                        None)
            if proc.returncode != 0 or line is None:
                raise SystemExit(f"{side} failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
            timings[side].append(json.loads(line[len("MODEL_LOOP "):]))
            print(f"  {config} round {rnd + 1} {side}: " + ", ".join(
                f"{k} {min(v['wall_s']):.2f} s" for k, v in timings[side][-1].items()
                if isinstance(v, dict) and "wall_s" in v), file=sys.stderr, flush=True)
    # the machine's throughput: the best GEMM measurement of any process of the row (load only
    # ever slows a measurement down), so both sides' floors use the same figure
    import floor

    gemm = {k: max(t["gemm"][k] for ts in timings.values() for t in ts)
            for k in ("body_gflops", "head_gflops", "attention_gflops")
            if k in timings["lmeval"][0]["gemm"]}
    for ts in timings.values():
        for t in ts:
            for kind in reqs:
                t[kind]["floor_s"] = floor.floor_seconds(t["shape"], t[kind]["counts"], gemm)
                t[kind]["kernel_floor_s"] = floor.floor_seconds(t["shape"], t[kind]["counts"],
                                                                gemm, kernel=True)
    rows = []
    for kind in reqs:
        row = {"model": model_name, "gemm": gemm, "config": config, "kind": kind, "requests": len(reqs[kind])}
        for side in timings:
            key = side.replace("-", "_")
            walls = [w for t in timings[side] for w in t[kind]["wall_s"]]
            cpus = [c for t in timings[side] for c in t[kind]["cpu_s"]]
            row |= {f"{key}_s_min": min(walls), f"{key}_s_median": statistics.median(walls),
                    f"{key}_cpu_s_min": min(cpus),
                    f"{key}_peak_mib": max(t["peak_mib"] for t in timings[side])}
            # the floor: each process's fastest call over that process's own GEMM-speed floor
            best = min(timings[side], key=lambda t: min(t[kind]["wall_s"]) / t[kind]["floor_s"])
            row |= {f"{key}_floor_s": best[kind]["floor_s"],
                    f"{key}_x_floor": min(best[kind]["wall_s"]) / best[kind]["floor_s"],
                    f"{key}_forward_x_floor": best[kind]["counts"]["forward_s"] / best[kind]["floor_s"],
                    f"{key}_kernel_floor_s": best[kind]["kernel_floor_s"],
                    f"{key}_x_kernel_floor": min(best[kind]["wall_s"]) / best[kind]["kernel_floor_s"],
                    f"{key}_gemm_gflops": max(t["gemm"]["body_gflops"] for t in timings[side]),
                    f"{key}_counts": best[kind]["counts"]}
        row["speedup"] = row["lm_eval_s_min"] / row["lmeval_s_min"]
        row["speedup_cpu"] = row["lm_eval_cpu_s_min"] / row["lmeval_cpu_s_min"]
        ours, ref = timings["lmeval"][0][kind]["answers"], timings["lm-eval"][0][kind]["answers"]
        if kind != "generate_until":
            first = [a[0] if isinstance(a, list) else a for a in ours]
            theirs = [a[0] if isinstance(a, list) else a for a in ref]
            row["max_abs_dlogprob"] = max(abs(a - b) for a, b in zip(first, theirs, strict=True))
        else:
            row["generations_differ"] = sum(a != b for a, b in zip(ours, ref, strict=True))
        rows.append(row)
    print("| model | config | kind | requests | lm-eval s (min / med) | lmeval s (min / med) "
          "| speed-up wall / CPU | peak MiB lm-eval / lmeval | agreement | tokens fed lm-eval / lmeval "
          "| floor s lm-eval / lmeval | loop × floor lm-eval / lmeval | forwards × floor lm-eval / lmeval "
          "| loop × kernel floor lm-eval / lmeval | GEMM / attention GFLOP/s |")
    print("|" + "---|" * 15)
    for r in rows:
        agree = (f"max \\|Δ\\| {r['max_abs_dlogprob']:.1e}" if "max_abs_dlogprob" in r
                 else f"{r['generations_differ']} generations differ")
        print(f"| {r['model']} | {r['config']} | {r['kind']} | {r['requests']} | "
              f"{r['lm_eval_s_min']:.2f} / {r['lm_eval_s_median']:.2f} | "
              f"{r['lmeval_s_min']:.2f} / {r['lmeval_s_median']:.2f} | "
              f"×{r['speedup']:.2f} / ×{r['speedup_cpu']:.2f} | "
              f"{r['lm_eval_peak_mib']:.0f} / {r['lmeval_peak_mib']:.0f} | {agree} | "
              f"{r['lm_eval_counts']['tokens_fed']:,} / {r['lmeval_counts']['tokens_fed']:,} | "
              f"{r['lm_eval_floor_s']:.2f} / {r['lmeval_floor_s']:.2f} | "
              f"×{r['lm_eval_x_floor']:.2f} / ×{r['lmeval_x_floor']:.2f} | "
              f"×{r['lm_eval_forward_x_floor']:.2f} / ×{r['lmeval_forward_x_floor']:.2f} | "
              f"×{r['lm_eval_x_kernel_floor']:.2f} / ×{r['lmeval_x_kernel_floor']:.2f} | "
              f"{gemm['body_gflops']:.0f} / {gemm['attention_gflops']:.0f} |")
    if args.output:
        previous = json.loads(args.output.read_text()) if args.output.is_file() else {"rows": []}
        done = {(r["model"], r["config"], r["kind"]) for r in rows}
        kept = [r for r in previous["rows"] if (r["model"], r["config"], r["kind"]) not in done]
        args.output.write_text(json.dumps({
            "what": "the model loop alone, in-process (benchmarks/parity/model_loop.py)",
            "settings": {"batch_size": args.batch_size, "threads": args.threads,
                         "rounds": args.rounds, "calls": args.calls},
            "rows": kept + rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
