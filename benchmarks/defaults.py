"""Task defaults against lm-eval 0.4.13: the same command must give the same scores.

For every task YAML of every installed task pack (``packages/lmeval-tasks-*``) with the same task
name in lm-eval 0.4.13, compare the settings that change a score when nobody passes a flag:
few-shot count, split and sampler, the scored and few-shot splits, generation arguments,
delimiters, output type, dataset, metrics and their keywords, filters and repeats.

lm-eval is read, never imported: its wheel is fetched with ``pip download lm_eval==0.4.13
--no-deps`` into ``benchmarks/.work/`` (or give ``--lm-eval-tasks DIR``) and its YAMLs are parsed
with lmeval's own loader (includes merged, ``!function`` left unresolved).

    python benchmarks/defaults.py [--lm-eval-tasks DIR] [--out benchmarks/results/defaults.json]

Exit code 1 when a difference is neither fixed nor listed in ``DELIBERATE`` below.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORK = Path(__file__).resolve().parent / ".work"
sys.path.insert(0, str(ROOT / "packages" / "lmeval-core" / "src"))

from lmeval.errors import ConfigError  # noqa: E402
from lmeval.tasks.yamlio import FunctionRef, load_config  # noqa: E402

FIELDS = ("num_fewshot", "fewshot_split", "fewshot_config", "test_split", "validation_split",
          "training_split", "generation_kwargs", "target_delimiter", "fewshot_delimiter",
          "output_type", "dataset_path", "dataset_name", "metric_list", "filter_list", "repeats")

#: (task glob, field) → why the difference is kept; every other difference is a bug to fix.
DELIBERATE: dict[tuple[str, str], str] = {
    ("bbh_*", "filter_list"): "lm-eval's !function filter classes (MultiChoiceRegexFilter ...) are "
    "registered filters of lmeval-tasks-bbh with the same behaviour (bbh_multiple_choice ...); "
    "dyck_languages writes `\\\"` where lm-eval writes `\"`, the same regex",
    ("afrimmlu_*", "metric_list"): "the same weighted F1 (sklearn average='weighted') under another "
    "function name; the keywords lm-eval writes on these multiple-choice metrics (average, "
    "hf_evaluate, ignore_case ...) never reach a function in lm-eval either",
    ("cruxeval_*", "generation_kwargs"): "the pack follows the paper's harness "
    "(facebookresearch/cruxeval), as its prompts do (docs/tasks/code.md): stop [/ANSWER] only, "
    "top_p 0.95 at T=0.8",
    ("cruxeval_*", "target_delimiter"): "the paper's prompts, byte for byte (docs/tasks/code.md)",
    ("cruxeval_*", "fewshot_config"): "the paper's few-shot examples under another function name",
    ("cruxeval_*", "filter_list"): "the paper's program construction (docs/tasks/code.md)",
    ("afrimgsm*-irokobench", "aggregate_metric_list"): "lm-eval's group averages `acc`, which its "
    "generate_until members never report, so lm-eval prints no group score; lmeval averages the "
    "members' exact_match per filter",
}


#: Group keys compared: what a group pushes down to its members, and how it aggregates.
GROUP_KEYS = {"group", "group_alias", "task", "metadata", "include"}


def group_configs(root: Path) -> dict[str, tuple[Path, dict]]:
    """Group name → (file, merged config) for every group YAML under ``root``."""
    out: dict[str, tuple[Path, dict]] = {}
    for path in sorted([*root.rglob("*.yaml"), *root.rglob("*.yml")]):
        try:
            raw = load_config(path)
        except ConfigError:
            continue
        if isinstance(raw.get("group"), str) and isinstance(raw.get("task"), list):
            out.setdefault(raw["group"], (path, raw))
    return out


def compare_groups(ours: dict, theirs: dict) -> dict[str, tuple[Any, Any]]:
    def aggs(raw: dict) -> list[dict]:
        value = raw.get("aggregate_metric_list") or []
        entries = value if isinstance(value, list) else [value]
        return [{**_plain(e), "weight_by_size": bool(e.get("weight_by_size", True)),
                 "aggregation": _plain(e.get("aggregation", "mean"))} for e in entries]

    diffs = {}
    pushed = ({k: _plain(v) for k, v in ours.items() if k not in GROUP_KEYS | {"aggregate_metric_list"}},
              {k: _plain(v) for k, v in theirs.items() if k not in GROUP_KEYS | {"aggregate_metric_list"}})
    if pushed[0] != pushed[1]:
        diffs["pushed down to members"] = pushed
    if aggs(ours) != aggs(theirs):
        diffs["aggregate_metric_list"] = (aggs(ours), aggs(theirs))
    return diffs


def _difference(name: str, field: str, ours: Any, theirs: Any) -> dict[str, Any]:
    why = deliberate(name, field)
    return {"deliberate": why} if why else {"lmeval": ours, "lm_eval": theirs, "deliberate": None}


def deliberate(task: str, field: str) -> str | None:
    """The key of ``DELIBERATE`` (``"glob field"``) that explains this difference, if any."""
    from fnmatch import fnmatchcase

    return next((f"{glob} {f}" for (glob, f) in DELIBERATE
                 if f == field and fnmatchcase(task, glob)), None)


def lm_eval_tasks() -> Path:
    """lm-eval 0.4.13's ``lm_eval/tasks`` directory, from its wheel (downloaded once)."""
    target = WORK / "lm_eval-0.4.13"
    tasks = target / "lm_eval" / "tasks"
    if tasks.is_dir():
        return tasks
    WORK.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "lm_eval==0.4.13", "--no-deps",
                    "-d", str(WORK), "-q"], check=True)
    wheel = next(WORK.glob("lm_eval-0.4.13-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(target)
    return tasks


def _plain(value: Any) -> Any:
    if isinstance(value, FunctionRef):
        return f"!function {value.spec.rpartition('.')[2]}"  # module paths differ by design
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def task_configs(root: Path) -> dict[str, tuple[Path, dict]]:
    """Task name → (file, merged config) for every single-task YAML under ``root``."""
    out: dict[str, tuple[Path, dict]] = {}
    for path in sorted([*root.rglob("*.yaml"), *root.rglob("*.yml")]):
        try:
            raw = load_config(path)
        except ConfigError:
            continue
        name = raw.get("task")
        if isinstance(name, str):  # a group's `task:` is a list
            out.setdefault(name, (path, raw))
    return out


#: lm-eval's value for a field a YAML leaves out.
IMPLIED = {"num_fewshot": 0, "target_delimiter": " ", "fewshot_delimiter": "\n\n", "repeats": 1,
           "output_type": "generate_until"}


def compare(ours: dict, theirs: dict, fields: tuple[str, ...] = FIELDS) -> dict[str, tuple[Any, Any]]:
    diffs = {}
    for field in fields:
        a = _plain(ours.get(field, IMPLIED.get(field)))
        b = _plain(theirs.get(field, IMPLIED.get(field)))
        if a is None and field in IMPLIED:
            a = IMPLIED[field]
        if b is None and field in IMPLIED:
            b = IMPLIED[field]
        if field == "dataset_path" and a != b and isinstance(a, str) and a.startswith("json"):
            continue  # a pack that ships its data locally (none today)
        if a != b:
            diffs[field] = (a, b)
    return diffs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lm-eval-tasks", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "defaults.json")
    args = parser.parse_args()
    tasks_dir = args.lm_eval_tasks or lm_eval_tasks()
    reference = task_configs(tasks_dir)
    reference_groups = group_configs(tasks_dir)
    report: dict[str, Any] = {"lm_eval": "0.4.13", "fields": list(FIELDS),
                              "deliberate": {f"{g} {f}": why for (g, f), why in DELIBERATE.items()},
                              "packs": {}}
    unexplained = 0
    for pack in sorted((ROOT / "packages").glob("lmeval-tasks-*")):
        ours = task_configs(pack / "src")
        matched = sorted(n for n in ours if n in reference)
        differences = {}
        for name in matched:
            diffs = compare(ours[name][1], reference[name][1])
            if diffs:
                differences[name] = {
                    "file": str(ours[name][0].relative_to(ROOT)),
                    "lm_eval_file": str(reference[name][0]).split("lm_eval/tasks/")[-1],
                    "fields": {k: _difference(name, k, a, b)
                               for k, (a, b) in diffs.items()},
                }
                unexplained += sum(1 for k in diffs if deliberate(name, k) is None)
        groups = group_configs(pack / "src")
        for name in sorted(g for g in groups if g in reference_groups):
            diffs = compare_groups(groups[name][1], reference_groups[name][1])
            if diffs:
                differences[name] = {
                    "file": str(groups[name][0].relative_to(ROOT)),
                    "lm_eval_file": str(reference_groups[name][0]).split("lm_eval/tasks/")[-1],
                    "fields": {k: _difference(name, k, a, b)
                               for k, (a, b) in diffs.items()},
                }
                unexplained += sum(1 for k in diffs if deliberate(name, k) is None)
        report["packs"][pack.name] = {
            "tasks": len(ours), "compared": len(matched),
            "groups": len(groups), "groups_compared": sum(1 for g in groups if g in reference_groups),
            "not_in_lm_eval": sorted(n for n in [*ours, *groups] if n not in reference
                                     and n not in reference_groups),
            "differences": differences,
        }
        kept = sum(1 for d in differences.values() if all(p["deliberate"] for p in d["fields"].values()))
        print(f"{pack.name}: {len(matched)}/{len(ours)} tasks and "
              f"{report['packs'][pack.name]['groups_compared']}/{len(groups)} groups compared "
              f"with lm-eval 0.4.13, {len(differences)} differ ({kept} only deliberately)")
        for name, d in differences.items():
            for field, pair in d["fields"].items():
                if pair["deliberate"] is None:
                    print(f"  {name}: {field}: lmeval {pair['lmeval']!r} != lm-eval {pair['lm_eval']!r}")
    print(f"{unexplained} difference(s) neither fixed nor deliberate")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False, default=str) + "\n",
                        encoding="utf-8")
    print(f"written {args.out}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
