"""What the task-parity benchmark compares, in one plain shape for both tools.

``normalize(results)`` turns a results dict (lm-eval's ``simple_evaluate`` or lmeval's
``evaluate``, both with logged samples) into::

    {"tasks": {name: {"samples": {"<doc_id>|<filter>": {...}}, "metrics": {...}}},
     "groups": {name: {...}}}

Pure standard library: the reference venv imports it too.
"""

from __future__ import annotations

import json
import math
from typing import Any


def _plain(obj: Any) -> Any:
    """JSON round trip: tuples as lists, numpy scalars as numbers, anything else as its str."""
    def default(o: Any) -> Any:
        if hasattr(o, "item"):
            return o.item()
        if isinstance(o, (set, frozenset)):
            return sorted(o, key=str)
        return str(o)
    return json.loads(json.dumps(obj, default=default, ensure_ascii=False))


def _arguments(args: Any) -> Any:
    args = _plain(list(args))
    if len(args) == 2 and isinstance(args[1], dict):  # generate_until: (context, gen_kwargs)
        kwargs = dict(args[1])
        until = kwargs.get("until")
        kwargs["until"] = [] if until is None else ([until] if isinstance(until, str) else until)
        args[1] = kwargs
    return args


def _metrics(block: dict[str, Any]) -> dict[str, Any]:
    return _plain({k: v for k, v in block.items() if "," in k or k == "alias"})


def normalize(results: dict[str, Any]) -> dict[str, Any]:
    children = results.get("group_subtasks", {})
    groups = {name for name, subs in children.items() if subs}
    out: dict[str, Any] = {"tasks": {}, "groups": {}}
    for name, block in results.get("results", {}).items():
        if name in groups:
            out["groups"][name] = _metrics(block)
        else:
            out["tasks"][name] = {"metrics": _metrics(block), "samples": {}}
    for name, samples in (results.get("samples") or {}).items():
        entry = out["tasks"].setdefault(name, {"metrics": {}, "samples": {}})
        for s in samples:
            key = f"{s['doc_id']}|{s['filter']}"
            entry["samples"][key] = {
                "arguments": [_arguments(a) for a in s["arguments"]],
                "filtered_resps": _plain(s["filtered_resps"]),
                "metrics": _plain({m: s.get(m) for m in s.get("metrics", [])}),
            }
    return out


def run_unit(evaluate: Any, names: list[str], traceback: Any) -> dict[str, Any]:
    """``evaluate(names)`` normalized; when it raises, each name alone, so that one broken task
    does not hide the others. Failures are ``{"errors": {name: last line of the exception}}``."""
    def error(exc: BaseException) -> str:
        return traceback.format_exception_only(type(exc), exc)[-1].strip()[:300]

    try:
        return {**evaluate(list(names)), "errors": {}}
    except (Exception, SystemExit) as exc:  # a task helper may sys.exit at import (lm-eval's slr_bench)
        if len(names) == 1:
            return {"tasks": {}, "groups": {}, "errors": {names[0]: error(exc)}}
    merged: dict[str, Any] = {"tasks": {}, "groups": {}, "errors": {}}
    for name in names:
        part = run_unit(evaluate, [name], traceback)
        for key in merged:
            merged[key].update(part[key])
    return merged


def same(a: Any, b: Any, rel: float = 1e-9) -> bool:
    """Equal, floats to ``rel`` relative (NaN equals NaN); a bool equals only a bool."""
    if isinstance(a, bool) or isinstance(b, bool):  # True and 1 print differently in samples
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if math.isnan(a) and math.isnan(b):
            return True
        return a == b or abs(a - b) <= rel * max(abs(a), abs(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k], rel) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y, rel) for x, y in zip(a, b, strict=True))
    return a == b


def first_difference(ours: Any, ref: Any, path: str = "") -> str | None:
    """Where two records first differ, with both values shortened; None when they agree."""
    if same(ours, ref):
        return None
    if isinstance(ours, dict) and isinstance(ref, dict):
        for k in sorted(set(ours) | set(ref), key=str):
            if k not in ours:
                return f"{path}/{k}: only lm-eval has it ({_short(ref[k])})"
            if k not in ref:
                return f"{path}/{k}: only lmeval has it ({_short(ours[k])})"
            d = first_difference(ours[k], ref[k], f"{path}/{k}")
            if d:
                return d
    if isinstance(ours, list) and isinstance(ref, list):
        if len(ours) != len(ref):
            return f"{path}: {len(ours)} items in lmeval, {len(ref)} in lm-eval"
        for i, (x, y) in enumerate(zip(ours, ref, strict=True)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
    if isinstance(ours, str) and isinstance(ref, str):
        at = next((i for i, (x, y) in enumerate(zip(ours, ref, strict=False)) if x != y), min(len(ours), len(ref)))
        start = max(0, at - 40)
        return (f"{path}: from character {at}: lmeval {ours[start:at + 60]!r} "
                f"vs lm-eval {ref[start:at + 60]!r}")
    return f"{path}: lmeval {_short(ours)} vs lm-eval {_short(ref)}"


def _short(value: Any, n: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= n else text[:n] + "..."
