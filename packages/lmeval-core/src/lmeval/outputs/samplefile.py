"""The per-sample JSONL layout: written exactly as lm-eval 0.4.13 writes it, read back in either
that layout or the typed one older lmeval runs wrote.

lm-eval's ``EvaluationTracker.save_results_samples`` rewrites each logged sample before dumping
it, so that ``datasets`` can load the file: ``arguments`` becomes ``{"gen_args_<i>": {"arg_<j>":
value}}``, every leaf of ``resps`` and ``filtered_resps`` becomes ``str(leaf)`` (a log-likelihood
``(-1.5, True)`` is written ``["-1.5", "True"]``) and ``target`` becomes ``str(target)``.
Notebooks, Zeno, leaderboard parsers and other harnesses' parity scripts read that layout;
:func:`to_file` produces it, :func:`typed` turns a line of either layout back into numbers.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError


def json_default(obj: Any) -> Any:
    """lm-eval's ``handle_non_serializable``: numpy scalars as numbers, sets as lists, else str."""
    if hasattr(obj, "item") and callable(obj.item):
        try:
            return obj.item()
        except (TypeError, ValueError):
            return str(obj)
    if isinstance(obj, (set, frozenset)):
        return list(obj)
    return str(obj)


def stringify(value: Any) -> Any:
    """lm-eval's ``sanitize_list``: lists and tuples kept, every other leaf ``str()``-ed."""
    if isinstance(value, list):
        return [stringify(v) for v in value]
    if isinstance(value, tuple):
        return tuple(stringify(v) for v in value)
    return str(value)


def to_file(entry: dict[str, Any]) -> dict[str, Any]:
    """One logged sample in lm-eval 0.4.13's file layout (key order kept)."""
    out = dict(entry)
    args = entry.get("arguments")
    if isinstance(args, (list, tuple)):
        out["arguments"] = {f"gen_args_{i}": {f"arg_{j}": a for j, a in enumerate(
            arg if isinstance(arg, (list, tuple)) else [arg])} for i, arg in enumerate(args)}
    for key in ("resps", "filtered_resps"):
        if key in entry:
            out[key] = stringify(entry[key])
    if "target" in entry:
        out["target"] = str(entry["target"])
    return out


def dumps(entry: dict[str, Any]) -> str:
    """One line of a samples file, as lm-eval writes it (no indent, UTF-8 kept)."""
    return json.dumps(to_file(entry), default=json_default, ensure_ascii=False)


def arguments(entry: dict[str, Any]) -> list[list[Any]]:
    """A sample's request arguments as a list of lists, from either layout."""
    args = entry.get("arguments") or []
    if isinstance(args, dict):
        def index(key: str) -> int:
            tail = key.rsplit("_", 1)[-1]
            return int(tail) if tail.isdigit() else 0

        return [[v[k] for k in sorted(v, key=index)] if isinstance(v, dict) else [v]
                for _, v in sorted(args.items(), key=lambda kv: index(kv[0]))]
    return [list(a) if isinstance(a, (list, tuple)) else [a] for a in args]


def request_kind(args: list[Any]) -> str:
    """``loglikelihood`` (context, continuation), ``loglikelihood_rolling`` (text) or
    ``generate_until`` (context, generation kwargs) from one request's arguments."""
    if len(args) == 1:
        return "loglikelihood_rolling"
    if len(args) >= 2 and isinstance(args[1], dict):
        return "generate_until"
    return "loglikelihood"


def _number(value: Any) -> Any:
    """A stringified log-likelihood leaf back to a float or bool; anything else unchanged."""
    if isinstance(value, list):
        return [_number(v) for v in value]
    if not isinstance(value, str):
        return value
    if value in ("True", "False"):
        return value == "True"
    try:
        return float(value)
    except ValueError:
        return value


def typed(entry: dict[str, Any]) -> dict[str, Any]:
    """A sample line with ``arguments`` as lists and, for log-likelihood requests, numbers in
    ``resps`` and ``filtered_resps`` again (generated text stays text). Either layout in."""
    out = dict(entry)
    args = arguments(entry)
    out["arguments"] = args
    kinds = [request_kind(a) for a in args]
    for key in ("resps", "filtered_resps"):
        values = entry.get(key)
        if not isinstance(values, list):
            continue
        out[key] = [_number(v) if i < len(kinds) and kinds[i] != "generate_until" else v
                    for i, v in enumerate(values)]
    return out


def read_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, sample)`` for every non-blank line of a samples file; a line that is not
    UTF-8, not JSON (a run killed mid-write) or not an object is a :class:`UsageError` naming
    ``path:line``."""
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror or exc}") from None
    with fh:
        for number, raw in enumerate(fh, 1):
            where = f"{path}:{number}"
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise UsageError(f"{where}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at column "
                                 f"{exc.start + 1}); samples files are written in UTF-8") from None
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as exc:
                cut = "" if raw.endswith(b"\n") else " (the line is cut off: a run killed while writing?)"
                raise UsageError(f"{where}: not JSON: {exc.msg} at column {exc.colno}{cut}") from None
            except (ValueError, RecursionError) as exc:  # a 5,000-digit number, nesting too deep
                raise UsageError(f"{where}: not a sample: {str(exc).split(';')[0]}") from None
            if not isinstance(entry, dict):
                raise UsageError(f"{where}: expected a JSON object (one logged sample), "
                                 f"got {type(entry).__name__}")
            yield number, entry
