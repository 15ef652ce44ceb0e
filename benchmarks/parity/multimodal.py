"""Multimodal parity: lmeval ``hf-multimodal`` against lm-eval 0.4.13's ``hf-multimodal``.

    .venv/bin/python benchmarks/parity/multimodal.py [--limit N] [--max-gen-toks 64]
        [--batch-size 4] [--json benchmarks/results/parity_multimodal.json]

Both tools run a tiny random Llava (``lmeval_testkit.vlm.build_tiny_llava``: CLIP tower 32x32
pixels, 16 image tokens, Llama 64 hidden) on the multimodal pack's fixture data (MMMU- and
ChartQA-schema parquet with PIL-drawn images, ``datasets``' schema), each with **its own task
YAML**: lm-eval's ``mmmu`` and ``chartqa`` files from its wheel, lmeval's from
``lmeval-tasks-multimodal``, through wrapper YAMLs that point both at the same parquet files
(``par_`` names). Compared per document: the prompt, the images (sha256 of each, in order), the
generation, the filtered answer and every metric; then the task and group aggregates. Two
settings: plain prompts (``<image>`` replaced by the model's image token), and
``--apply_chat_template`` (prompts become text and image parts for the processor's template).

lm-eval 0.4.13's ``hf-multimodal`` refuses log-likelihood requests with images, so there are no
log-probabilities to compare for image requests.

MMMU guesses a letter when it finds none in a multiple-choice answer (most answers of a random
model). lm-eval draws the guess from Python's global random stream, seeded 42 when MMMU's
``utils.py`` is imported and then also drawn from by other code before scoring (dataset loading
among it), so its guesses are not reproducible from the seed; lmeval draws them from a private
stream seeded 42. Such documents are counted as ``guessed`` and their ``acc`` is not compared;
every other document's is, and the MMMU aggregates are compared after giving lm-eval's guessed
documents lmeval's ``acc`` (``aggregates_differ`` counts the rest).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PACK = ROOT / "packages" / "lmeval-tasks-multimodal"
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(PACK / "tests" / "tools"))

from reference_env import installed, reference_python  # noqa: E402

PACK_TASKS = PACK / "src" / "lmeval_tasks_multimodal" / "tasks"
CHARTQA = ("chartqa", "chartqa_llama", "chartqa_llama_90")


def ref_tasks_dir(ref_python: Path) -> Path:
    out = subprocess.run([str(ref_python), "-c", "import lm_eval, os; print(os.path.dirname("
                          "lm_eval.__file__))"], capture_output=True, text=True, check=True)
    return Path(out.stdout.strip()) / "tasks"


@contextlib.contextmanager
def _pack_generators() -> Any:
    """Imports inside see the pack's ``generate/`` modules afresh: every pack's generators name
    their shared module ``_common``, and a process that imported another pack's first (the test
    suite collects every pack's tests) would hand that one to this pack's ``mmmu``. The modules
    imported before are back afterwards."""
    names = ("_common", "mmmu", "make_fixtures")
    saved = {k: sys.modules.pop(k) for k in names if k in sys.modules}
    sys.path.insert(0, str(PACK / "generate"))
    try:
        yield
    finally:
        sys.path.remove(str(PACK / "generate"))
        for k in names:
            sys.modules.pop(k, None)
        sys.modules.update(saved)


def write_wrappers(root: Path, tasks_dir: Path, mirror: Path) -> list[str]:
    """``par_*`` task YAMLs including ``tasks_dir``'s own files, reading ``mirror``'s parquet."""
    with _pack_generators():
        from mmmu import DISCIPLINES, subject_task

    root.mkdir(parents=True, exist_ok=True)
    chart = mirror / "HuggingFaceM4" / "ChartQA" / "default" / "test.parquet"
    for name in CHARTQA:
        (root / f"par_{name}.yaml").write_text(
            f"include: {tasks_dir / 'chartqa' / (name + '.yaml')}\ntask: par_{name}\n"
            f"dataset_path: parquet\ndataset_name: null\n"
            f"dataset_kwargs:\n  data_files:\n    test: {chart}\n")
    groups = []
    for (suffix, alias, _), subjects in DISCIPLINES.items():
        members = []
        for subject in subjects:
            task = f"par_{subject_task(subject)}"
            members.append(task)
            data = mirror / "MMMU" / "MMMU" / subject / "validation.parquet"
            (root / f"{task}.yaml").write_text(
                f"include: {tasks_dir / 'mmmu' / '_template_yaml'}\ntask: {task}\n"
                f"task_alias: {subject.replace('_', ' ')}\ndataset_path: parquet\n"
                f"dataset_kwargs:\n  data_files:\n    validation: {data}\n")
        group = f"par_mmmu_val_{suffix}"
        groups.append(group)
        (root / f"_{group}.yaml").write_text(
            f"group: {group}\ngroup_alias: {alias}\ntask:\n" + "".join(f"  - {m}\n" for m in members)
            + "aggregate_metric_list:\n  - metric: acc\n    aggregation: mean\n    weight_by_size: true\n")
    (root / "_par_mmmu_val.yaml").write_text(
        "group: par_mmmu_val\ntask:\n" + "".join(f"  - {g}\n" for g in groups)
        + "aggregate_metric_list:\n  - metric: acc\n    aggregation: mean\n    weight_by_size: true\n")
    return ["par_mmmu_val", *(f"par_{n}" for n in CHARTQA)]


def env_for(work: Path, threads: str = "2") -> dict[str, str]:
    return {**os.environ, "OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads,
            "TOKENIZERS_PARALLELISM": "false", "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1", "HF_HOME": str(work / "hf-home"),
            "HF_DATASETS_CACHE": str(work / "hf-home" / "datasets"),
            "LMEVAL_CACHE_DIR": str(work / "lmeval-cache"), "TQDM_DISABLE": "1"}


def run_tool(tool: str, ref_python: Path, model: Path, include: Path, tasks: list[str],
             out: Path, env: dict, args: argparse.Namespace, chat: bool) -> float:
    common = ["--model", "hf-multimodal", "--tasks", ",".join(tasks), "--include_path",
              str(include), "--batch_size", str(args.batch_size), "--log_samples",
              "--output_path", str(out), "--gen_kwargs", f"max_gen_toks={args.max_gen_toks}"]
    if args.limit:
        common += ["--limit", str(args.limit)]
    if chat:
        common += ["--apply_chat_template"]
    if tool == "lm-eval":
        cmd = [str(ref_python), "-m", "lm_eval", *common, "--model_args",
               f"pretrained={model},dtype=float32", "--device", "cpu"]
    else:
        cmd = [sys.executable, "-m", "lmeval", "run", *common, "--model_args",
               f"pretrained={model},dtype=float32", "--device", "cpu"]
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    start = time.perf_counter()
    with (out / "log.txt").open("w") as log:
        proc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, timeout=3600)
    if proc.returncode != 0:
        raise SystemExit(f"{tool} failed ({proc.returncode}):\n"
                         + (out / "log.txt").read_text(errors="replace")[-4000:])
    return time.perf_counter() - start


def read_run(out: Path) -> tuple[dict[str, Any], dict[str, dict[int, dict]]]:
    """The newest run under ``out``: its results and its samples by task and document."""
    latest = max(out.rglob("results_*.json"), key=lambda p: p.name)
    stamp = latest.stem[len("results_"):]
    results = json.loads(latest.read_text())
    samples: dict[str, dict[int, dict]] = {}
    for path in latest.parent.glob(f"samples_*_{stamp}.jsonl"):
        task = path.name[len("samples_"):-len(f"_{stamp}.jsonl")]
        samples[task] = {s["doc_id"]: s for s in map(json.loads, path.read_text().splitlines())}
    return results, samples


def _args(sample: dict) -> dict:
    args = sample["arguments"]
    return args["gen_args_0"] if isinstance(args, dict) else dict(
        (f"arg_{j}", a) for j, a in enumerate(args[0]))


def guessed(sample: dict) -> bool:
    """Whether MMMU's parser had to guess the letter of this multiple-choice answer."""
    doc = sample.get("doc") or {}
    if doc.get("question_type") != "multiple-choice":
        return False
    import ast

    sys.path.insert(0, str(PACK_TASKS / "mmmu"))
    import utils as mmmu

    class NoGuess:
        def choice(self, seq: Any) -> None:
            return None

    options = ast.literal_eval(doc["options"])
    response = sample["filtered_resps"]
    response = response[0] if isinstance(response, list) else response
    saved, mmmu._GUESSES = mmmu._GUESSES, NoGuess()
    try:
        return mmmu.parse_multi_choice_response(
            response, list(mmmu.LETTERS[:len(options)]),
            dict(zip(mmmu.LETTERS, options, strict=False))) is None
    finally:
        mmmu._GUESSES = saved


def _regroup(results: dict[str, Any], samples: dict[str, dict[int, dict]],
             replace: dict[tuple[str, int], float]) -> dict[str, float]:
    """Each MMMU subject's and group's ``acc`` with ``replace``'s documents given other values
    (groups: the size-weighted mean of their members, as weight_by_size)."""
    with _pack_generators():
        from mmmu import DISCIPLINES, subject_task

    acc: dict[str, tuple[float, int]] = {}
    for task, docs in samples.items():
        if "mmmu" not in task:
            continue
        values = [replace.get((task, d), s["acc"]) for d, s in docs.items()]
        acc[task] = (sum(values) / len(values), len(values))
    groups: dict[str, tuple[float, int]] = {}
    for (suffix, _, _), subjects in DISCIPLINES.items():
        members = [acc[f"par_{subject_task(s)}"] for s in subjects if f"par_{subject_task(s)}" in acc]
        n = sum(m[1] for m in members)
        if n:
            groups[f"par_mmmu_val_{suffix}"] = (sum(v * k for v, k in members) / n, n)
    n = sum(g[1] for g in groups.values())
    if n:
        groups["par_mmmu_val"] = (sum(v * k for v, k in groups.values()) / n, n)
    return {name: value for name, (value, _) in {**acc, **groups}.items()}


def compare(ref: tuple, ours: tuple) -> dict[str, Any]:
    (ref_results, ref_samples), (our_results, our_samples) = ref, ours
    row: dict[str, Any] = {"docs": 0, "prompts_differ": 0, "images_differ": 0,
                           "predictions_differ": 0, "metrics_differ": 0, "guessed": 0,
                           "guessed_same_acc": 0,
                           "notes": []}
    replace: dict[tuple[str, int], float] = {}
    if set(ref_samples) != set(our_samples):
        row["notes"].append(f"tasks: {sorted(ref_samples)} vs {sorted(our_samples)}")
    for task in sorted(set(ref_samples) & set(our_samples)):
        a, b = ref_samples[task], our_samples[task]
        if set(a) != set(b):
            row["notes"].append(f"{task}: documents {sorted(a)} vs {sorted(b)}")
        for doc_id in sorted(set(a) & set(b)):
            row["docs"] += 1
            ra, rb = _args(a[doc_id]), _args(b[doc_id])
            if ra.get("arg_0") != rb.get("arg_0"):
                row["prompts_differ"] += 1
                row["notes"].append(f"{task}/{doc_id}: prompt {ra.get('arg_0')!r} vs {rb.get('arg_0')!r}")
            if ra.get("arg_2") != rb.get("arg_2"):
                row["images_differ"] += 1
                row["notes"].append(f"{task}/{doc_id}: images {ra.get('arg_2')} vs {rb.get('arg_2')}")
            if a[doc_id]["resps"] != b[doc_id]["resps"] or a[doc_id]["filtered_resps"] != b[doc_id]["filtered_resps"]:
                row["predictions_differ"] += 1
                row["notes"].append(f"{task}/{doc_id}: {a[doc_id]['resps']!r} vs {b[doc_id]['resps']!r}")
            metrics = [m for m in a[doc_id] if m in ("acc", "exact_match", "relaxed_accuracy",
                                                      "anywhere_accuracy")]
            if guessed(a[doc_id]) and guessed(b[doc_id]):
                row["guessed"] += 1
                row["guessed_same_acc"] += a[doc_id]["acc"] == b[doc_id]["acc"]
                replace[(task, doc_id)] = b[doc_id]["acc"]
                continue
            if any(a[doc_id][m] != b[doc_id].get(m) for m in metrics):
                row["metrics_differ"] += 1
                row["notes"].append(f"{task}/{doc_id}: metrics "
                                    f"{ {m: a[doc_id][m] for m in metrics} } vs "
                                    f"{ {m: b[doc_id].get(m) for m in metrics} }")
    agg_differ = []
    regrouped = _regroup(ref_results, ref_samples, replace)
    for name, values in ref_results["results"].items():
        ours_values = our_results["results"].get(name, {})
        if name in regrouped:
            values = {**values, "acc,none": regrouped[name]}
        for key, value in values.items():
            if key.endswith(",none") and "stderr" not in key and isinstance(value, (int, float)):
                other = ours_values.get(key)
                if other is None or abs(float(other) - float(value)) > 1e-9:
                    agg_differ.append(f"{name} {key}: {value} vs {other}")
    row["aggregates_compared"] = sum(1 for v in ref_results["results"].values()
                                     for k in v if k.endswith(",none") and "stderr" not in k)
    row["aggregates_differ"] = len(agg_differ)
    row["notes"] += agg_differ
    return row


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="documents per task (all: 3 "
                        "per MMMU subject, 8 for ChartQA)")
    parser.add_argument("--max-gen-toks", type=int, default=64)
    parser.add_argument("--batch-size", type=int, default=4)
    parser.add_argument("--work", type=Path, default=HERE.parent / ".work" / "multimodal")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--settings", nargs="+", default=["plain", "chat"])
    parser.add_argument("--tasks", nargs="+", default=None,
                        help="par_* task or group names to run (default: par_mmmu_val and the "
                             "three ChartQA tasks)")
    args = parser.parse_args(argv)

    from importlib.metadata import version

    from lmeval_testkit.vlm import build_tiny_llava

    with _pack_generators():
        import make_fixtures

    ref_python = reference_python(transformers=version("transformers"))
    if installed(ref_python, "pillow") is None:  # lm-eval's image tasks need it; [hf] lacks it
        subprocess.run([str(ref_python), "-m", "pip", "install", "-q", f"pillow=={version('pillow')}"],
                       check=True)
    work = args.work
    model = build_tiny_llava(work / "llava")
    mirror = work / "mirror"
    make_fixtures.main(mirror)
    env = env_for(work)
    tasks = write_wrappers(work / "ours", PACK_TASKS, mirror)
    write_wrappers(work / "ref", ref_tasks_dir(ref_python), mirror)
    tasks = args.tasks or tasks
    report: dict[str, Any] = {"model": "tiny-llava (build_tiny_llava defaults)",
                              "limit": args.limit, "max_gen_toks": args.max_gen_toks,
                              "batch_size": args.batch_size, "rows": []}
    for setting in args.settings:
        chat = setting == "chat"
        seconds = {}
        for tool, include in (("lm-eval", work / "ref"), ("lmeval", work / "ours")):
            seconds[tool] = run_tool(tool, ref_python, model, include, tasks,
                                     work / "runs" / setting / tool, env, args, chat)
        row = compare(read_run(work / "runs" / setting / "lm-eval"),
                      read_run(work / "runs" / setting / "lmeval"))
        row["tasks"] = tasks
        row.update(setting=setting, lm_eval_s=round(seconds["lm-eval"], 1),
                   lmeval_s=round(seconds["lmeval"], 1))
        report["rows"].append(row)
        print(json.dumps({k: v for k, v in row.items() if k != "notes"}), flush=True)
        for note in row["notes"][:20]:
            print("  ", note)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return report


if __name__ == "__main__":
    main()
