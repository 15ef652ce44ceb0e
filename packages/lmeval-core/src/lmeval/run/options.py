"""Run options as lm-eval 0.4.13 spells them, parsed and checked before a model loads.

``--seed`` (one, three or four values, ``None`` to leave one unset), ``--gen_kwargs`` in both
forms (``k=v,...`` with Python literals, or a JSON object), ``--samples`` (inline JSON or a JSON
file) and the numeric bounds lm-eval leaves unchecked (``--limit 0``, ``--batch_size 0`` ...).
Shared by ``lmeval run`` and the Python API; every problem is a :class:`UsageError` naming the flag.
"""

from __future__ import annotations

import json
import logging
import math
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError

log = logging.getLogger("lmeval")

#: python, numpy, torch and few-shot seeds when --seed is not given (lm-eval's)
DEFAULT_SEEDS: tuple[int, int, int, int] = (0, 1234, 1234, 1234)


def _seed_value(item: Any, whole: Any) -> int | None:
    if item is None:
        return None
    if isinstance(item, bool):
        raise UsageError(f"--seed: expected integers or None, got {whole!r}")
    if isinstance(item, int):
        return item
    text = str(item).strip()
    if text.lower() == "none":
        return None
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"--seed: {text!r} is not an integer or None (in {whole!r})") from None


def parse_seed(value: Any) -> list[int | None]:
    """``--seed``: one value for all four seeds, or ``a,b,c,d`` (python, numpy, torch, few-shot).

    As lm-eval: three values take the fourth (few-shot) from the default, ``None`` (any case)
    leaves that seed unset. A YAML config may give an int or a list.
    """
    if value is None:
        return [None] * 4
    if isinstance(value, (list, tuple)):
        items = list(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        items = [value]
    else:
        items = str(value).split(",")
    seeds = [_seed_value(item, value) for item in items]
    if len(seeds) == 1:
        seeds = seeds * 4
    elif len(seeds) == 3:
        log.warning("--seed: three values given; the few-shot seed takes its default %d",
                    DEFAULT_SEEDS[3])
        seeds = [*seeds, DEFAULT_SEEDS[3]]
    if len(seeds) != 4:
        raise UsageError(f"--seed: expected one value, or 3 or 4 comma-separated values "
                         f"(python,numpy,torch[,fewshot]; None leaves one unset), got {value!r}")
    check_seeds(seeds)
    return seeds


def check_seeds(seeds: list[int | None]) -> None:
    """numpy takes seeds in [0, 2**32): a negative one would fail after the tasks loaded."""
    numpy_seed = seeds[1]
    if numpy_seed is not None and not 0 <= numpy_seed < 2**32:
        raise UsageError(f"--seed: the numpy seed (the second value) must be in [0, 2**32), "
                         f"got {numpy_seed}")


def literal_value(text: str) -> Any:
    """A ``k=v`` value as lm-eval's CLI reads it: true/false, a number, a Python literal
    (``["a", "b"]``, ``None``, ``'x'``), else the text itself."""
    import ast

    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if text.isascii() and text.isdigit():
        return int(text)
    try:
        return float(text)
    except ValueError:
        pass
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return text


def split_top_level(text: str) -> list[str]:
    """Split on commas outside brackets, braces and quotes (quotes are kept for the literal)."""
    parts: list[str] = []
    buf: list[str] = []
    depth, quote = 0, ""
    for ch in text:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "[({":
            depth += 1
        elif ch in "])}":
            depth = max(depth - 1, 0)
        elif ch == "," and depth == 0:
            parts.append("".join(buf))
            buf = []
            continue
        buf.append(ch)
    parts.append("".join(buf))
    return [p for p in parts if p.strip()]


def parse_kv(value: Any, flag: str) -> dict[str, Any] | None:
    """``--gen_kwargs`` style arguments to a dict: a JSON object, ``k=v,k2=v2``, several such
    words (``k=v k2=v2``), a mapping (from a YAML config), or a list of any of these."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        return dict(value)
    words = [value] if isinstance(value, str) else list(value)
    out: dict[str, Any] = {}
    for word in words:
        if isinstance(word, Mapping):
            part = dict(word)
        else:
            text = str(word).strip()
            part = _json_object(text, flag) if text.startswith("{") else _kv_words(text, flag)
        for key in part.keys() & out.keys():
            if part[key] != out[key]:
                log.warning("%s: %s=%r overrides %r", flag, key, part[key], out[key])
        out.update(part)
    return out


def _json_object(text: str, flag: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{flag}: invalid JSON {text!r}: {exc} (JSON strings take double "
                         f"quotes)") from None
    if not isinstance(data, dict):
        raise UsageError(f"{flag}: expected a JSON object, got {type(data).__name__}")
    return data


def _kv_words(text: str, flag: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in split_top_level(text):
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"{flag}: expected key=value, got {item.strip()!r}")
        out[key.strip()] = literal_value(raw.strip())
    return out


def parse_samples(value: Any, flag: str = "--samples") -> dict[str, list[int]] | None:
    """``--samples``: ``{"task": [doc indices]}`` as inline JSON, a JSON file, or a mapping."""
    if value is None or value == "":
        return None
    data = value
    if isinstance(value, (str, Path)):
        text = str(value).strip()
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            path = Path(text).expanduser()
            if not path.is_file():
                if text.startswith("{"):
                    raise UsageError(f"{flag}: invalid JSON: {exc}") from None
                raise UsageError(f"{flag}: {text!r} is neither JSON nor a file") from None
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError) as err:
                raise UsageError(f"{flag}: cannot read {path}: {err}") from None
            except json.JSONDecodeError as err:
                raise UsageError(f"{flag}: {path}:{err.lineno}: invalid JSON: {err.msg}") from None
    if not isinstance(data, Mapping):
        raise UsageError(f'{flag}: expected {{"task": [doc indices], ...}}, got '
                         f"{type(data).__name__}")
    out: dict[str, list[int]] = {}
    for task, ids in data.items():
        if not isinstance(ids, list) or not all(
                isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in ids):
            raise UsageError(f"{flag}: {task!r}: expected a list of document indices (integers "
                             f">= 0), got {ids!r}")
        out[str(task)] = _once(ids, flag, str(task))
    return out or None  # as lm-eval: {} selects nothing, it is no --samples


def _once(ids: list[int], flag: str, task: str) -> list[int]:
    """``ids`` with each index once. lm-eval selects a document when its index is in the list,
    so ``[1, 1, 1, 2]`` evaluates documents 1 and 2 once each; lmeval does the same and says so
    (a repeated index is more likely a bug in the list than a wish to weight a document)."""
    unique = list(dict.fromkeys(ids))
    if len(unique) != len(ids):
        from collections import Counter

        repeated = [f"{i} ({n} times)" for i, n in Counter(ids).items() if n > 1]
        shown = ", ".join(repeated[:5]) + (f" and {len(repeated) - 5} more" if len(repeated) > 5 else "")
        print(f"lmeval: warning: {flag}: task {task!r} lists document {shown}; each document is "
              "evaluated once, as lm-eval does", file=sys.stderr)
    return unique


def check_samples_tasks(samples: Mapping[str, Any] | None, run: list[str]) -> None:
    """Every task named in ``--samples`` must be one the run evaluates."""
    if not samples:
        return
    from lmeval.errors import did_you_mean

    for name in samples:
        if name not in run:
            raise UsageError(f"--samples names task {name!r}, which this run does not evaluate"
                             f"{did_you_mean(name, run)}; tasks run: {', '.join(run)}")


def check_bounds(*, num_fewshot: Any = None, limit: Any = None, batch_size: Any = None,
                 max_batch_size: Any = None) -> None:
    """Values lm-eval would take and then fail on (or silently misuse) halfway through a run."""
    if num_fewshot is not None and not (_is_int(num_fewshot) and num_fewshot >= 0):
        raise UsageError(f"--num_fewshot: expected an integer >= 0, got {num_fewshot!r}")
    if limit is not None and not (_is_number(limit) and 0 < limit < math.inf):
        raise UsageError(f"--limit: expected a count >= 1 or a fraction in (0, 1), got {limit!r}")
    if max_batch_size is not None and not (_is_int(max_batch_size) and max_batch_size >= 1):
        raise UsageError(f"--max_batch_size: expected an integer >= 1, got {max_batch_size!r}")
    if batch_size is not None:
        parse_batch_size(batch_size)


def parse_batch_size(value: Any) -> int | str | None:
    """``--batch_size`` in the one batch-size grammar (:mod:`lmeval.backend.batch_size`): N, or the
    ``auto``/``auto:N`` text as given."""
    if value is None:
        return None
    from lmeval.backend.batch_size import parse_batch_size as parse_spec

    spec = parse_spec(value, name="--batch_size")
    return spec.fixed if spec.fixed is not None else str(value).strip()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value
