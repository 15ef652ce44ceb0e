"""How runs differ in their settings: each run's settings flattened to ``name -> text``, the
names whose values differ, and run labels built from them (``#2 gpt2 temperature=0.8``), for
``lmeval compare`` and ``lmeval report``."""

from __future__ import annotations

import json
from typing import Any

from lmeval.outputs.redact import redact_args
from lmeval.report import Run

#: ``config`` keys that say nothing about how the scores were made.
_NOT_SETTINGS = ("batch_sizes", "lmeval")
#: Top-level results keys that are settings of the run.
_TOP = ("system_instruction_sha", "chat_template_sha", "fewshot_as_multiturn", "lmeval_version",
        "model_sha", "model_revision", "transformers_version")
#: Names shown first in a label (the rest in alphabetical order).
_LABEL_ORDER = ("model", "model_args", "gen_kwargs", "num_fewshot", "limit")
_LABEL_MAX = 48
#: Settings of one task: a run that did not run the task does not differ in them.
_PER_TASK = ("n-shot.", "version.", "task_file.")


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _flat(prefix: str, value: Any, out: dict[str, str]) -> None:
    if isinstance(value, dict) and value:
        for k, v in value.items():
            _flat(f"{prefix}.{k}", v, out)
    else:
        out[prefix] = _text(value)


def settings(run: Run) -> dict[str, str]:
    """The run's settings as ``{name: text}``: ``config`` (``model_args`` and ``gen_kwargs``
    one entry per argument, credentials masked), the chat/system fields, each task's ``n-shot``
    and version, and the files of its tasks (``task_file.<task>``: a digest of their content)."""
    results = run.results
    cfg = results.get("config", {}) if isinstance(results.get("config"), dict) else {}
    out: dict[str, str] = {}
    for key, value in cfg.items():
        if key in _NOT_SETTINGS:
            continue
        if key == "model_args":
            from lmeval.protocol import parse_model_args

            try:
                args = parse_model_args(value) if not isinstance(value, dict) else value
            except ValueError:
                args = {"": value}
            value = redact_args(dict(args)) if args else None
        if key == "gen_kwargs" and isinstance(value, str):
            from lmeval.run.options import parse_kv

            try:
                value = parse_kv(value, "gen_kwargs")
            except Exception:  # noqa: BLE001 - shown as written
                pass
        if key in ("model_args", "gen_kwargs"):
            for k, v in (value or {}).items() if isinstance(value, dict) else [("", value)]:
                out[f"{key}.{k}" if k else key] = _text(v)  # {} and null: no entries, the same
            continue
        _flat(key, value, out)
    for key in _TOP:
        if key in results:
            out[key] = _text(results[key])
    if isinstance(results.get("rescored"), dict):  # lmeval rescore's output: its source run
        out["rescored"] = "yes"
    for task, shots in (results.get("n-shot") or {}).items():
        out[f"n-shot.{task}"] = _text(shots)
    for task, version in (results.get("versions") or {}).items():
        out[f"version.{task}"] = _text(version)
    lmeval = cfg.get("lmeval") if isinstance(cfg.get("lmeval"), dict) else {}
    for task, files in (lmeval.get("task_files") or {}).items():
        if isinstance(files, dict):
            out[f"task_file.{task}"] = ",".join(str(h)[:12] for _, h in sorted(files.items()))
    return out


def differing(runs: list[Run]) -> list[str]:
    """The setting names whose values are not the same in every run (a name missing from a
    run counts as a value), in label order."""
    if len(runs) < 2:
        return []
    table = [settings(r) for r in runs]
    names = list(dict.fromkeys(k for t in table for k in t))
    diff = []
    for n in names:
        values = {t.get(n) for t in table}
        if n.startswith(_PER_TASK):  # compared among the runs that ran the task
            values.discard(None)
        if len(values) > 1:
            diff.append(n)
    return sorted(diff, key=_order)


def _order(name: str) -> tuple[int, str]:
    head = name.split(".")[0]
    return (_LABEL_ORDER.index(head) if head in _LABEL_ORDER else len(_LABEL_ORDER), name)


def _short(name: str, value: str | None) -> str:
    head, _, leaf = name.partition(".")
    shown = "(not set)" if value is None else value
    return f"{head} {leaf}={shown}" if head in ("model_args", "gen_kwargs") and leaf else f"{name}={shown}"


def run_labels(runs: list[Run]) -> list[str]:
    """``#n model`` and, when runs differ, what differs (``gen_kwargs temperature=0.8``),
    cut at about 48 characters with "…"."""
    names = [str(r.results.get("model_name") or r.results.get("config", {}).get("model") or "run")
             for r in runs]
    diff = differing(runs)
    table = [settings(r) for r in runs]
    labels = []
    for i, (name, row) in enumerate(zip(names, table, strict=True)):
        parts = [_short(n, row.get(n)) for n in diff
                 if not (n == "model" or n.startswith(("model_args.pretrained", "model_args.model")))]
        extra = ""
        for part in parts:
            if len(extra) + len(part) > _LABEL_MAX:
                extra += " …"
                break
            extra += f" {part}"
        labels.append(f"#{i + 1} {name}{extra}")
    return labels


def settings_diff(runs: list[Run], labels: list[str] | None = None) -> list[tuple[str, list[str]]]:
    """``[(setting, [value in each run])]`` for the settings that differ."""
    table = [settings(r) for r in runs]
    return [(n, [t.get(n, "(not set)") for t in table]) for n in differing(runs)]


def format_settings_diff(runs: list[Run], labels: list[str]) -> list[str]:
    """Text lines: the settings that differ between the runs, one per line, or one line
    saying they are the same."""
    rows = settings_diff(runs, labels)
    if not rows:
        return ["Settings: the same in every run"]
    width = max(len(n) for n, _ in rows)
    lines = ["Settings that differ:"]
    for name, values in rows:
        lines.append(f"  {name.ljust(width)}  " + "  |  ".join(
            f"{label.split(' ')[0]}: {v}" for label, v in zip(labels, values, strict=True)))
    return lines
