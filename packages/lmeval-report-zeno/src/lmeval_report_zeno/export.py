"""Zeno projects as files, from logged samples — what lm-eval's ``scripts/zeno_visualize.py``
uploads, written to disk instead (no account, no network).

For each task, ``<output_dir>/<project_name>[_<task>]/`` holds:

* ``project.json``: the arguments of ``ZenoClient.create_project`` (``name``, ``view`` =
  ``text-classification``, ``metrics``: one ``mean`` metric per mean-aggregated per-sample
  metric) and of ``upload_dataset`` (``id_column``, ``data_column``, ``label_column``);
* ``dataset.jsonl``: one row per sample: ``id`` (``doc_id``, or ``doc_id.filter`` when the task
  has filters), ``doc_id``, ``data`` (the prompt; the choices listed for multiple choice),
  ``input_len``, ``labels``, ``output_type``;
* ``systems/<model>.jsonl``: per model, the same ``id`` with ``output`` (the filtered answer;
  the choices' log-likelihoods for multiple choice; correct/incorrect for loglikelihood), and
  the per-sample metric columns.

Command line (as zeno_visualize.py: every folder under ``--data_path`` holding results files is
one model, named by its path)::

    lmeval zeno-export --data_path output --project_name "Eleuther Project" --output_dir zeno
    lmeval-zeno-export ...   # the same, as a script of its own
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

VIEW = "text-classification"


def _arguments(entry: dict[str, Any]) -> list[list[Any]]:
    args = entry.get("arguments") or []
    if isinstance(args, dict):  # lm-eval's sample files
        return [list(v.values()) for _, v in sorted(args.items(), key=lambda kv: int(kv[0].split("_")[-1]))]
    return [a if isinstance(a, list) else [a] for a in args]


def _ids(entries: list[dict], config: dict) -> list[Any]:
    if config.get("filter_list"):
        return [f"{e['doc_id']}.{e['filter']}" for e in entries]
    return [e["doc_id"] for e in entries]


def dataset_rows(entries: list[dict[str, Any]], config: dict[str, Any]) -> list[dict[str, Any]]:
    output_type = config.get("output_type", "")
    rows = []
    for id_, e in zip(_ids(entries, config), entries, strict=True):
        args = _arguments(e)
        first = args[0] if args else ["", ""]
        label: Any = e.get("target")
        if output_type == "multiple_choice":
            data = f"{first[0]}\n\n" + "\n".join(f"- {a[1]}" for a in args if len(a) > 1)
        else:
            data = first[0] if first else ""
            if output_type == "loglikelihood" and len(first) > 1:
                label = first[1]
        data = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        rows.append({"id": id_, "doc_id": e["doc_id"], "data": data, "input_len": len(data),
                     "labels": label if isinstance(label, (str, int, float)) else json.dumps(label),
                     "output_type": output_type})
    return rows


def per_sample_metrics(config: dict[str, Any], entries: list[dict[str, Any]]) -> list[str]:
    names = [m["metric"] for m in config.get("metric_list") or [] if isinstance(m, dict) and "metric" in m]
    if not names and entries:
        names = list(entries[0].get("metrics", []))
    return [n for n in dict.fromkeys(names) if any(n in e for e in entries)]


def system_rows(entries: list[dict[str, Any]], config: dict[str, Any]) -> list[dict[str, Any]]:
    output_type = config.get("output_type", "")
    metrics = per_sample_metrics(config, entries)
    rows = []
    for id_, e in zip(_ids(entries, config), entries, strict=True):
        resps = e.get("filtered_resps") or []
        row: dict[str, Any] = {"id": id_, "doc_id": e["doc_id"]}
        if config.get("filter_list"):
            row["filter"] = e.get("filter")
        if output_type == "loglikelihood":
            row["output"] = "correct" if resps and resps[0][1] is True else "incorrect"
        elif output_type == "multiple_choice":
            row["output"] = ", ".join(str(r[0]) for r in resps)
            row["num_answers"] = len(resps)
        else:
            first = resps[0] if isinstance(resps, list) and resps else resps
            row["output"] = str(first)
            if output_type == "generate_until":
                row["output_length"] = len(row["output"])
        for m in metrics:
            row[m] = e.get(m)
        rows.append(row)
    return rows


def mean_metrics(config: dict[str, Any], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Zeno ``mean`` metrics: per-sample metrics aggregated by mean with numeric values."""
    aggregation = {m.get("metric"): m.get("aggregation", "mean") for m in config.get("metric_list") or []
                   if isinstance(m, dict)}
    out = []
    for name in per_sample_metrics(config, entries):
        values = [e.get(name) for e in entries]
        if aggregation.get(name, "mean") == "mean" and all(isinstance(v, (int, float)) for v in values):
            out.append({"name": name, "type": "mean", "columns": [name]})
    return out


def _sanitize(name: str) -> str:
    return re.sub(r"[\"<>:/|\\?*\[\]]+", "__", name)


def _write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")


def write_projects(systems: dict[str, tuple[dict[str, Any], dict[str, list[dict]]]], output_dir: str | Path,
                   project_name: str) -> list[Path]:
    """``systems``: model name -> (results, samples by task). One project per common task;
    the dataset comes from the first model, as in zeno_visualize.py."""
    if not systems:
        raise ValueError("no runs to export")
    task_sets = [set(samples) for _, samples in systems.values()]
    tasks = sorted(set.intersection(*task_sets))
    if not tasks:
        raise ValueError("the runs have no task with logged samples in common (run with --log_samples)")
    written = []
    first_results, first_samples = next(iter(systems.values()))
    for task in tasks:
        config = first_results.get("configs", {}).get(task, {})
        entries = first_samples[task]
        project = Path(output_dir) / (project_name + (f"_{task}" if len(tasks) > 1 else ""))
        project.mkdir(parents=True, exist_ok=True)
        meta = {"name": project.name, "view": VIEW, "metrics": mean_metrics(config, entries),
                "id_column": "id", "data_column": "data", "label_column": "labels",
                "output_column": "output", "task": task, "systems": list(systems)}
        (project / "project.json").write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n",
                                              encoding="utf-8")
        _write_jsonl(project / "dataset.jsonl", dataset_rows(entries, config))
        for model, (results, samples) in systems.items():
            cfg = results.get("configs", {}).get(task, config)
            _write_jsonl(project / "systems" / f"{_sanitize(model)}.jsonl", system_rows(samples[task], cfg))
        written.append(project)
    return written


def export(data_path: str | Path, output_dir: str | Path, project_name: str) -> list[Path]:
    """Every folder under ``data_path`` with results files is one model (its newest run)."""
    from lmeval.report import load_run

    root = Path(data_path)
    dirs = sorted({p.parent for p in root.rglob("results*.json")}, key=lambda p: p.as_posix())
    if not dirs:
        raise ValueError(f"no results files under {root} (lmeval run --output_path ... --log_samples)")
    systems = {}
    for d in dirs:
        run = load_run(d)
        rel = d.relative_to(root).as_posix()
        name = _sanitize(rel if rel != "." else d.name)
        samples = {t: run.samples(t) for t in run.sample_files}
        systems[name] = (run.results, {t: s for t, s in samples.items() if s is not None})
    return write_projects(systems, output_dir, project_name)


class ZenoReporter:
    """The current run as a Zeno project (``--reporter zeno:output_dir=DIR,project_name=NAME``)."""

    def __init__(self, output_dir: str = "zeno", project_name: str = "lmeval", model_name: str = "") -> None:
        self.output_dir, self.project_name, self.model_name = output_dir, project_name, model_name

    def report(self, results: dict[str, Any], samples: dict[str, list[dict]] | None) -> None:
        if not samples:
            print("lmeval: the zeno reporter needs --log_samples; nothing exported", file=sys.stderr)
            return
        model = self.model_name or str(results.get("model_name_sanitized") or results.get("model_name") or "model")
        written = write_projects({model: (results, samples)}, self.output_dir, self.project_name)
        print(f"lmeval: Zeno project(s) written: {', '.join(map(str, written))}", file=sys.stderr)


def command(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    """``lmeval zeno-export``: adds the arguments to ``parser``, returns the handler."""
    parser.add_argument("--data_path", required=True, help="folder of runs; each subfolder with results is a model")
    parser.add_argument("--project_name", required=True, help="project name (suffixed with _<task> per task)")
    parser.add_argument("--output_dir", default="zeno", help="where the projects are written (default: zeno)")
    return run


def run(args: argparse.Namespace) -> int:
    from lmeval.errors import UsageError

    try:
        written = export(args.data_path, args.output_dir, args.project_name)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for path in written:
        print(path)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``lmeval-zeno-export``, the same as ``lmeval zeno-export``."""
    from lmeval.errors import UsageError

    p = argparse.ArgumentParser(prog="lmeval-zeno-export", description=__doc__.split("\n\n")[0])
    handler = command(p)
    try:
        return handler(p.parse_args(argv))
    except UsageError as exc:
        print(f"lmeval-zeno-export: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
