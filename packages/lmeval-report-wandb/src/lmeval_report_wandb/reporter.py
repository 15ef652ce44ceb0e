"""The ``wandb`` reporter: what lm-eval's ``--wandb_args`` logs, with the same names.

* ``wandb.init(**wandb_args)`` when the reporter is built (before the evaluation), or the
  active run; ``--wandb_config_args`` go to ``run.config``; ``step`` is popped and used for
  every ``log`` call.
* Config: ``task_configs`` and ``cli_configs``.
* Metrics: ``<task>/<metric>`` (``,none`` dropped, other filters kept: ``acc,strict-match``)
  logged as history; string values (aliases, ``N/A`` stderrs) go to the summary.
* Tables: ``evaluation/eval_results`` (and ``evaluation/group_eval_results``), and with
  ``--log_samples`` one ``<task>_eval_results`` table of samples per task.
* Artifacts: ``results`` (``results.json``, type ``eval_results``) and, with samples, one
  ``<task>`` artifact (``<task>_eval_samples.json``, type ``samples_by_task``) per task.
* The run is finished after the report when this reporter started it.
"""

from __future__ import annotations

import json
from typing import Any

from lmeval.errors import UsageError
from lmeval.requires import require

_PAIR_METRICS = {"word_perplexity": "words", "byte_perplexity": "bytes", "bits_per_byte": "bytes"}


def _wandb() -> Any:
    return require("wandb", needed_by="--wandb_args", install="lmeval-report-wandb")


def metric_key(task: str, key: str) -> str:
    metric, _, filt = key.partition(",")
    return f"{task}/{metric}" if filt in ("", "none") else f"{task}/{key}"


def split_results(results: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(history, summary)``: numeric metrics to log, string values for the summary."""
    history: dict[str, Any] = {}
    summary: dict[str, Any] = {}
    for task, values in results.get("results", {}).items():
        for key, value in values.items():
            name = metric_key(task, key)
            if isinstance(value, str):
                summary[name] = value
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                history[name] = value
    return history, summary


def results_rows(results: dict[str, Any], section: str = "results") -> list[list[Any]]:
    """Rows of lm-eval's results table: name, version, filter, n-shot, metric, value, stderr."""
    rows = []
    groups = set(results.get("groups", {}))
    for name, values in results.get(section, {}).items():
        if section == "results" and name in groups:
            continue
        version = results.get("versions", {}).get(name)
        shots = results.get("n-shot", {}).get(name)
        for key, value in values.items():
            metric, _, filt = key.partition(",")
            if not filt or metric.endswith("_stderr"):
                continue
            se = values.get(f"{metric}_stderr,{filt}", "")
            se_text = f"{se:.4f}" if isinstance(se, (int, float)) else str(se)
            rows.append([name, None if version == "N/A" else version, filt, shots, metric, str(value), se_text])
    return rows


def _arguments(entry: dict[str, Any]) -> list[list[Any]]:
    args = entry.get("arguments") or []
    if isinstance(args, dict):  # lm-eval's Hub shape
        return [list(v.values()) for _, v in sorted(args.items())]
    return [a if isinstance(a, list) else [a] for a in args]


def sample_rows(entries: list[dict[str, Any]], output_type: str, metrics: list[str]) -> tuple[list[str], list[list[Any]]]:
    """Columns and rows of a task's samples table (lm-eval's ``<task>_eval_results``)."""
    columns = ["id", "filter", "data"]
    if output_type == "multiple_choice":
        columns.append("choices")
    columns += ["input_len", "labels", "output_type", "raw_predictions", "filtered_predictions"]
    metric_columns: list[str] = []
    for m in metrics:
        if m in _PAIR_METRICS:
            metric_columns += [f"{m}_loglikelihood", f"{m}_{_PAIR_METRICS[m]}"]
        else:
            metric_columns.append(m)
    rows = []
    for e in entries:
        args = _arguments(e)
        data = str(args[0][0]) if args and args[0] else ""
        label: Any = e.get("target")
        resps, filtered = e.get("resps") or [], e.get("filtered_resps") or []
        row: list[Any] = [e.get("doc_id"), e.get("filter"), data]
        if output_type == "multiple_choice":
            row.append("\n".join(f"{i}. {a[1]}" for i, a in enumerate(args) if len(a) > 1))
            raw = max(range(len(resps)), key=lambda i: resps[i][0][0]) if resps else None
            pred = max(range(len(filtered)), key=lambda i: filtered[i][0]) if filtered else None
        elif output_type == "loglikelihood":
            label = args[0][1] if args and len(args[0]) > 1 else label
            raw, pred = resps[0][0] if resps else None, filtered[0] if filtered else None
        else:
            raw = resps[0][0] if resps and isinstance(resps[0], list) and resps[0] else (resps[0] if resps else None)
            pred = filtered[0] if isinstance(filtered, list) and filtered else filtered
        row += [len(data), str(label), output_type, json.dumps(raw, default=str) if not isinstance(raw, str) else raw,
                json.dumps(pred, default=str) if not isinstance(pred, str) else pred]
        for m in metrics:
            value = e.get(m)
            if m in _PAIR_METRICS:
                pair = value if isinstance(value, list) and len(value) == 2 else [None, None]
                row += pair
            else:
                row.append(value if isinstance(value, (int, float, str)) or value is None else json.dumps(value))
        rows.append(row)
    return columns + metric_columns, rows


class WandbReporter:
    """Starts (or joins) a W&B run on construction; logs everything in :meth:`report`."""

    def __init__(self, config_args: dict[str, Any] | None = None, **init_args: Any) -> None:
        wandb = _wandb()
        self.step = init_args.pop("step", None)
        self.started = wandb.run is None
        try:
            self.run = wandb.init(**init_args) if self.started else wandb.run
        except TypeError as exc:
            raise UsageError(f"--wandb_args: {exc}") from None
        if config_args:
            self.run.config.update(dict(config_args))

    def report(self, results: dict[str, Any], samples: dict[str, list[dict]] | None) -> None:
        wandb = _wandb()
        run = self.run
        run.config.update({"task_configs": results.get("configs", {}), "cli_configs": results.get("config", {})},
                          allow_val_change=self.step is not None)
        history, summary = split_results(results)
        run.summary.update(summary)
        run.log(history, step=self.step)
        columns = ["Version", "Filter", "num_fewshot", "Metric", "Value", "Stderr"]
        run.log({"evaluation/eval_results": wandb.Table(columns=["Tasks", *columns], data=results_rows(results))},
                step=self.step)
        if results.get("groups"):
            run.log({"evaluation/group_eval_results": wandb.Table(columns=["Groups", *columns],
                                                                 data=results_rows(results, "groups"))}, step=self.step)
        artifact = wandb.Artifact("results", type="eval_results")
        with artifact.new_file("results.json", mode="w", encoding="utf-8") as fh:
            fh.write(json.dumps(results, indent=2, ensure_ascii=False, default=str))
        run.log_artifact(artifact)
        for task, entries in (samples or {}).items():
            config = results.get("configs", {}).get(task, {})
            metrics = [m.get("metric") for m in config.get("metric_list") or [] if isinstance(m, dict)]
            if not metrics:
                metrics = [k.split(",")[0] for k in results.get("results", {}).get(task, {})
                           if "," in k and not k.split(",")[0].endswith("_stderr")]
            metrics = list(dict.fromkeys(metrics))
            cols, rows = sample_rows(entries, str(config.get("output_type", "")), metrics)
            run.log({f"{task}_eval_results": wandb.Table(columns=cols, data=rows)}, step=self.step)
            samples_artifact = wandb.Artifact(task, type="samples_by_task")
            with samples_artifact.new_file(f"{task}_eval_samples.json", mode="w", encoding="utf-8") as fh:
                fh.write(json.dumps(entries, indent=2, ensure_ascii=False, default=str))
            run.log_artifact(samples_artifact)
        if self.started:
            run.finish()
