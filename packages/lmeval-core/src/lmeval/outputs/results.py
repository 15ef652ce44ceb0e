"""Results: the JSON file, per-sample JSONL, and the markdown table lm-eval prints."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any

EvaluationResults = dict[str, Any]

HIGHER_IS_BETTER_SYMBOLS = {True: "↑", False: "↓"}
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def _hierarchy(group_subtasks: dict[str, list[str]], names: set[str]) -> tuple[list[int], list[str]]:
    """Table rows in tree order (a task under two groups is listed under both), with depths."""
    children = {g for subs in group_subtasks.values() for g in subs}
    roots = [g for g in group_subtasks if g not in children]
    depth: dict[str, int] = {}
    order: list[str] = []
    levels: list[int] = []

    def visit(name: str, level: int, path: tuple[str, ...] = ()) -> None:
        if name in path:
            return
        depth.setdefault(name, level)
        if name in names:
            order.append(name)
            levels.append(level)
        for child in group_subtasks.get(name, []):
            visit(child, level + 1, (*path, name))

    for root in roots:
        visit(root, 0)
    for name in sorted(names):
        if name not in depth:
            depth[name] = 0
            order.append(name)
            levels.append(0)
    return levels, order


def _markdown(headers: list[str], rows: list[list[str]]) -> str:
    columns = list(zip(*rows, strict=False)) if rows else [[] for _ in headers]
    right = [bool(col) and all(_NUMBER.match(v.strip()) or not v.strip() for v in col)
             and any(v.strip() for v in col) for col in columns]
    widths = [max([len(h), *(len(v) for v in col)]) for h, col in zip(headers, columns, strict=False)]
    widths = [max(w, 3) for w in widths]

    def cell(text: str, width: int, align_right: bool) -> str:
        return text.rjust(width) if align_right else text.ljust(width)

    head = "|" + "|".join(h.center(w) for h, w in zip(headers, widths, strict=False)) + "|"
    sep = "|" + "|".join(("-" * (w - 1) + ":") if r else "-" * w for w, r in zip(widths, right, strict=False)) + "|"
    body = ["|" + "|".join(cell(v, w, r) for v, w, r in zip(row, widths, right, strict=False)) + "|" for row in rows]
    return "\n".join([head, sep, *body]) + "\n"


def make_table(results: EvaluationResults, column: str = "results", sort_results: bool = False) -> str:
    """The markdown table of ``results[column]``, as lm-eval prints it."""
    headers = ["Groups" if column == "groups" else "Tasks", "Version", "Filter", "n-shot",
               "Metric", "", "Value", "", "Stderr"]
    data = results.get(column, {})
    levels, order = _hierarchy(results.get("group_subtasks", {}), set(data))
    keyed = [(n, 0) for n in sorted(data)] if sort_results else list(zip(order, levels, strict=False))
    rows: list[list[str]] = []
    for name, level in keyed:
        metrics = dict(data[name])
        version = results.get("versions", {}).get(name)
        version_text = "    N/A" if version is None else str(version)
        shots = str(results.get("n-shot", {}).get(name, " "))
        hib = results.get("higher_is_better", {}).get(name, {})
        label = metrics.pop("alias", name)
        for drop in ("name", "sample_len", "sample_count"):
            metrics.pop(drop, None)
        if level > 0:
            label = " " * level + "- " + label
        first = True
        for key, value in sorted(metrics.items()):
            metric, _, filt = key.partition(",")
            if metric.endswith("_stderr"):
                continue
            arrow = HIGHER_IS_BETTER_SYMBOLS.get(hib.get(metric), "")
            shown = f"{value:.4f}" if isinstance(value, float) else str(value)
            se_key = f"{metric}_stderr,{filt}"
            if se_key in metrics:
                se = metrics[se_key]
                se_text = "   N/A" if se == "N/A" else f"{se:.4f}"
                row = [label, version_text, filt, shots, metric, arrow, shown, "±", se_text]
            else:
                row = [label, version_text, filt, shots, metric, arrow, shown, "", ""]
            if not first:
                row[0], row[1] = "", ""
            rows.append(row)
            first = False
    return _markdown(headers, rows)


def summary_line(config: dict[str, Any]) -> str:
    return (f"{config.get('model')} ({config.get('model_args') or ''}), gen_kwargs: "
            f"({config.get('gen_kwargs')}), limit: {config.get('limit')}, num_fewshot: "
            f"{config.get('num_fewshot')}, batch_size: {config.get('batch_size')}")


def _default(obj: Any) -> Any:
    if hasattr(obj, "item"):
        return obj.item()
    if isinstance(obj, (set, tuple)):
        return list(obj)
    return str(obj)


def write_results(results: EvaluationResults, output_path: str | Path) -> Path:
    """Write ``results_<timestamp>.json`` (and sample JSONL files) under ``output_path``."""
    samples = results.get("samples")
    if samples:  # as lm-eval: one hash per task over its samples' doc, prompt and target hashes
        import hashlib

        results["task_hashes"] = {
            task: hashlib.sha256("".join(
                f"{s.get('doc_hash', '')}{s.get('prompt_hash', '')}{s.get('target_hash', '')}"
                for s in entries).encode("utf-8")).hexdigest()
            for task, entries in samples.items()}
    stamp = datetime.now().strftime("%Y-%m-%dT%H-%M-%S.%f")
    out = Path(output_path)
    if out.suffix == ".json":
        directory, file = out.parent, out
        named = re.match(r"^results_(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d+)?)\.json$", out.name)
        if named:  # results_<stamp>.json: its samples files carry the same stamp (found beside it)
            stamp = named.group(1)
    else:
        directory = out / (results.get("model_name_sanitized") or "model")
        file = directory / f"results_{stamp}.json"
    directory.mkdir(parents=True, exist_ok=True)
    # each file whole or absent (temporary file, then rename); the samples first, so a results
    # file never stands beside missing or truncated samples
    from lmeval.outputs import write_atomic

    if samples:  # lm-eval 0.4.13's layout: arguments as gen_args_i/arg_j, values stringified
        from lmeval.samplefile import dumps

        for task_name, entries in samples.items():
            write_atomic(directory / f"samples_{task_name}_{stamp}.jsonl",
                         (dumps(entry) + "\n" for entry in entries))
    body = {k: v for k, v in results.items() if k != "samples"}
    write_atomic(file, json.dumps(body, indent=2, default=_default, ensure_ascii=False) + "\n")
    return file


def read_results(path: str | Path) -> EvaluationResults:
    return json.loads(Path(path).read_text(encoding="utf-8"))
