"""One tool's side of the GPU benchmark, run in that tool's own python.

    python benchmarks/gpu/bench_side.py PLAN.json

``PLAN.json`` (written by ``gpu_bench.py``) names the tool (``lm-eval`` or ``lmeval``), the
backend (``hf``, ``vllm``, ``megatron_lm``), the model arguments, the device, the batch sizes
and the benchmark configs. For each batch size the model is built once, as each tool's CLI
builds it (lm-eval: ``get_model(name).create_from_arg_string``; lmeval:
``lmeval.evaluator.build_model``), warmed up on one document of every config (CUDA kernels,
dataset caches), then every config is evaluated
in-process through the tool's own API (``lm_eval.simple_evaluate`` / ``lmeval.evaluator.
evaluate``, the functions behind ``lm-eval run`` and ``lmeval run``, with the CLIs' defaults)
and written with the tool's own writer (lm-eval's ``EvaluationTracker``, lmeval's
``write_results``), so the files are what ``--output_path ... --log_samples`` writes.

Each evaluation is timed between two CUDA synchronisations, with the peak of CUDA memory reset
before it; one JSON line per evaluation goes to ``<out>/metrics.jsonl`` (and stdout) as it ends.
Only the standard library and the tool are imported: this runs in lm-eval's reference venv too.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        return None
    return torch


def _sync() -> None:
    torch = _torch()
    if torch is not None and torch.cuda.is_available():
        torch.cuda.synchronize()


def _free() -> None:
    gc.collect()
    torch = _torch()
    if torch is not None and torch.cuda.is_available():
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()


def _peak() -> dict[str, float | None]:
    torch = _torch()
    if torch is None or not torch.cuda.is_available():
        return {"peak_allocated_gib": None, "peak_reserved_gib": None}
    return {"peak_allocated_gib": torch.cuda.max_memory_allocated() / 2**30,
            "peak_reserved_gib": torch.cuda.max_memory_reserved() / 2**30}


class LmEvalSide:
    """lm-eval 0.4.13 through ``simple_evaluate``, as its ``run`` subcommand calls it."""

    def __init__(self, plan: dict[str, Any]) -> None:
        from lm_eval.tasks import TaskManager

        self.plan = plan
        self.task_manager = TaskManager(include_path=plan["tasks_dir"])

    def load(self, batch_size: str) -> Any:
        from lm_eval.api.registry import get_model

        return get_model(self.plan["backend"]).create_from_arg_string(
            self.plan["model_args"],
            {"batch_size": batch_size, "max_batch_size": None, "device": self.plan["device"]})

    def evaluate(self, lm: Any, config: dict[str, Any], out: Path, batch_size: str) -> None:
        from lm_eval import simple_evaluate
        from lm_eval.loggers import EvaluationTracker

        tracker = EvaluationTracker(output_path=str(out))
        results = simple_evaluate(
            model=lm, model_args=self.plan["model_args"], tasks=config["tasks"],
            num_fewshot=config["num_fewshot"], batch_size=batch_size,
            device=self.plan["device"], limit=config["limit"], log_samples=True,
            evaluation_tracker=tracker, task_manager=self.task_manager)
        samples = results.pop("samples")
        tracker.save_results_aggregated(results=results, samples=samples)
        for task_name in results["configs"]:
            tracker.save_results_samples(task_name=task_name, samples=samples[task_name])


class LmevalSide:
    """lmeval through ``lmeval.evaluator.evaluate``, as ``lmeval run`` calls it."""

    def __init__(self, plan: dict[str, Any]) -> None:
        from lmeval.plugins import get_plugin_manager

        self.plan = plan
        self.pm = get_plugin_manager()

    def load(self, batch_size: str) -> Any:
        from lmeval.evaluator import build_model

        return build_model(self.pm, self.plan["backend"], self.plan["model_args"],
                           batch_size=_int_or_str(batch_size), device=self.plan["device"])

    def evaluate(self, lm: Any, config: dict[str, Any], out: Path, batch_size: str) -> None:
        from lmeval.evaluator import evaluate
        from lmeval.outputs.results import write_results

        results = evaluate(
            lm, self.plan["model_args"], config["tasks"], num_fewshot=config["num_fewshot"],
            batch_size=_int_or_str(batch_size), device=self.plan["device"],
            limit=config["limit"], include_path=self.plan["tasks_dir"], log_samples=True,
            plugins=self.pm)
        results["config"]["num_fewshot"] = config["num_fewshot"]
        write_results(results, out)


def _int_or_str(value: str) -> int | str:
    return int(value) if str(value).isdigit() else value


def convert_megatron(spec: dict[str, Any], device: str) -> None:
    """The HF model as a standard Megatron-LM checkpoint (lmeval-megatron's converter)."""
    if (Path(spec["out"]) / "latest_checkpointed_iteration.txt").is_file():
        return
    from lmeval_testkit import megatron as mt

    mt.init_single_process(backend="nccl" if device.startswith("cuda") else "gloo")
    if device.startswith("cuda"):
        from megatron.core import tensor_parallel

        tensor_parallel.model_parallel_cuda_manual_seed(1234)
    mt.build_megatron_checkpoint(spec["out"], spec["hf_dir"], fmt="standard",
                                 dtype="float32", device=device)
    _free()


def run(plan: dict[str, Any]) -> int:
    out_root = Path(plan["out"])
    out_root.mkdir(parents=True, exist_ok=True)
    metrics = (out_root / "metrics.jsonl").open("a", encoding="utf-8")

    def emit(record: dict[str, Any]) -> None:
        record = {"tool": plan["tool"], "backend": plan["backend"], "dtype": plan["dtype"],
                  **record}
        line = json.dumps(record, default=str)
        metrics.write(line + "\n")
        metrics.flush()
        print("bench_side:", line, flush=True)

    failures = 0
    shims: Any = contextlib.nullcontext()
    if plan.get("cpu_shims"):  # megatron-core on a CUDA-less torch (the --cpu dry run only)
        from lmeval_testkit.megatron import cpu_shims

        shims = cpu_shims()
    with shims:
        if plan.get("megatron_checkpoint"):
            t0 = time.perf_counter()
            convert_megatron(plan["megatron_checkpoint"], plan["device"])
            emit({"event": "converted", "seconds": time.perf_counter() - t0})
        side = (LmEvalSide if plan["tool"] == "lm-eval" else LmevalSide)(plan)
        for batch_size in plan["batch_sizes"]:
            if time.time() > plan["deadline"]:
                for config in plan["configs"]:
                    emit({"batch_size": batch_size, "config": config["name"],
                          "status": "skipped", "why": "time budget spent"})
                continue
            _free()
            t0 = time.perf_counter()
            try:
                lm = side.load(batch_size)
            except Exception as exc:  # noqa: BLE001 - recorded, the other batch sizes go on
                failures += 1
                emit({"batch_size": batch_size, "event": "load", "status": "failed",
                      "error": f"{type(exc).__name__}: {exc}",
                      "traceback": traceback.format_exc()[-2000:]})
                continue
            load_s = time.perf_counter() - t0
            # one document of every config first: CUDA kernels and cuBLAS handles of both
            # request kinds, and each tool's own dataset caches (lm-eval's Arrow files)
            t0 = time.perf_counter()
            warm_errors = []
            with tempfile.TemporaryDirectory() as tmp:
                for config in plan["configs"]:
                    try:
                        side.evaluate(lm, dict(config, limit=1), Path(tmp) / config["name"],
                                      batch_size)
                    except Exception as exc:  # noqa: BLE001 - the timed run reports it
                        warm_errors.append(f"{config['name']}: {type(exc).__name__}: {exc}")
            emit({"batch_size": batch_size, "event": "warmup",
                  "seconds": time.perf_counter() - t0, "load_seconds": load_s,
                  "errors": warm_errors})
            broken = None
            for config in plan["configs"]:
                record: dict[str, Any] = {"batch_size": batch_size, "config": config["name"],
                                          "limit": config["limit"], "load_seconds": load_s}
                if time.time() > plan["deadline"]:
                    emit({**record, "status": "skipped", "why": "time budget spent"})
                    continue
                if broken:  # a failed engine can hang on its next call: no further use
                    emit({**record, "status": "skipped",
                          "why": f"{broken} failed on this model first"})
                    continue
                out = out_root / batch_size / config["name"]
                _free()
                _sync()
                t0 = time.perf_counter()
                try:
                    side.evaluate(lm, config, out, batch_size)
                    _sync()
                    record.update(status="ok", seconds=time.perf_counter() - t0, out=str(out),
                                  **_peak())
                except Exception as exc:  # noqa: BLE001 - recorded, the next config goes on
                    failures += 1
                    broken = config["name"]
                    record.update(status="failed", error=f"{type(exc).__name__}: {exc}",
                                  traceback=traceback.format_exc()[-2000:])
                emit(record)
            close = getattr(lm, "close", None)
            if callable(close):
                close()
            del lm
            _free()
    metrics.close()
    return 1 if failures else 0


if __name__ == "__main__":
    os.environ.setdefault("TQDM_DISABLE", "1")
    sys.exit(run(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))))
