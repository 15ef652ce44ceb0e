"""The data of the report's sample browser: every logged document of every run, per task,
in a compact JSON (one string table per task, one row per document and filter).

Row layout (``rows``)::

    [doc_id, filter, prompt, target, choices | null, [per run: null | [answers, filtered,
     [metric values], correct, answers_are_loglikelihoods]]]

``prompt``, ``target``, the choices and generated answers are indices into ``strings``;
log-likelihood answers are numbers rounded to 4 places (the cell's last entry is 1 then); ``correct`` is 1, 0 or null (the
task's first per-sample metric that is 0/1, e.g. ``acc`` or ``exact_match``).
"""

from __future__ import annotations

import json
import math
from typing import Any

from lmeval.report import Run, sample_arguments


class _Strings:
    """A string table: each distinct string stored once."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.items: list[str] = []

    def __call__(self, value: Any) -> int:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
        found = self.index.get(text)
        if found is None:
            found = self.index[text] = len(self.items)
            self.items.append(text)
        return found


def _number(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return round(float(value), 4) if math.isfinite(value) else str(value)
    return value


def _metric(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_metric(v) for v in value]
    if isinstance(value, (int, float, bool)) or value is None:
        return _number(value)
    return str(value)


def _is_binary(value: Any) -> bool:
    return isinstance(value, bool) or (isinstance(value, (int, float)) and value in (0, 1))


def _loglikelihoods(values: Any) -> list[Any] | None:
    """``[[ll, greedy], ...]`` (or ``[[[ll, greedy]], ...]``) as ``[ll, ...]``."""
    if not isinstance(values, list):
        return None
    out = []
    for v in values:
        while isinstance(v, list) and len(v) == 1 and isinstance(v[0], list):
            v = v[0]
        if isinstance(v, list) and v and isinstance(v[0], (int, float)):
            out.append(_number(v[0]))
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            out.append(_number(v))
        else:
            return None
    return out


def _names(value: Any) -> list[Any]:
    """A sample's ``metrics`` list (anything else, as in a hand-edited line: none)."""
    return value if isinstance(value, list) else []


def _run_cell(entry: dict[str, Any], metrics: list[str], strings: _Strings, choices: list[str] | None) -> list[Any]:
    resps, filtered = entry.get("resps"), entry.get("filtered_resps")
    lls = _loglikelihoods(resps)
    if lls is not None:  # multiple choice / rolling: numbers, and the most likely choice
        answers: Any = lls
        flls = _loglikelihoods(filtered) or lls
        if choices and len(flls) == len(choices) and all(isinstance(x, (int, float)) for x in flls):
            best = max(range(len(flls)), key=lambda i: flls[i])
            shown = strings(choices[best])
        else:
            shown = strings(flls[0] if len(flls) == 1 else flls)
    else:
        flat = [a for r in resps for a in (r if isinstance(r, list) else [r])] if isinstance(resps, list) else []
        answers = [strings(a) for a in flat]
        one = filtered[0] if isinstance(filtered, list) and len(filtered) == 1 else filtered
        shown = strings(one if one is not None else "")
    values = [_metric(entry.get(m)) for m in metrics]
    correct = None
    for m in _names(entry.get("metrics")) or metrics:
        value = entry.get(m)
        if _is_binary(value):
            correct = 1 if value == 1 else 0
            break
    return [answers, shown, values, correct, 1 if lls is not None else 0]


def task_data(task: str, runs: list[Run]) -> dict[str, Any] | None:
    """The browser's data of one task over ``runs`` (None when no run logged its samples)."""
    logged = [(i, run.samples(task)) for i, run in enumerate(runs) if task in run.sample_files]
    logged = [(i, s) for i, s in logged if s]
    if not logged:
        return None
    metrics = list(dict.fromkeys(m for _, entries in logged for e in entries[:50]
                                 for m in _names(e.get("metrics")) if isinstance(m, str)))
    strings = _Strings()
    rows: dict[tuple[int, str], list[Any]] = {}
    for run_index, entries in logged:
        for e in entries:
            key = (e["doc_id"], str(e.get("filter") or "none"))
            row = rows.get(key)
            if row is None:
                args = sample_arguments(e)
                prompt = args[0][0] if args and args[0] else ""
                conts = [a[1] for a in args if len(a) > 1 and isinstance(a[1], str)]
                choices = conts if len(conts) == len(args) and len(conts) > 1 else None
                row = [key[0], key[1], strings(prompt), strings(e.get("target", "")),
                       [strings(c) for c in choices] if choices else None, [None] * len(runs)]
                rows[key] = row
            choice_texts = [strings.items[c] for c in row[4]] if row[4] else None
            row[5][run_index] = _run_cell(e, metrics, strings, choice_texts)
    ordered = [rows[k] for k in sorted(rows, key=lambda k: (k[0], k[1]))]
    return {"task": task, "metrics": metrics, "strings": strings.items, "rows": ordered}


def browser_data(runs: list[Run], labels: list[str], tasks: list[str]) -> dict[str, Any]:
    """Every task's browser data, with the run labels."""
    out = [d for d in (task_data(t, runs) for t in tasks) if d is not None]
    return {"runs": labels, "tasks": out}


def embedded_json(data: dict[str, Any]) -> str:
    """``data`` as JSON safe inside ``<script type="application/json">``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False, default=str)
    return text.replace("<", "\\u003c")  # only inside JSON strings: no </script>, no <!--
