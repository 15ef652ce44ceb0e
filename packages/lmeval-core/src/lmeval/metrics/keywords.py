"""The keywords a ``metric_list`` entry may carry, checked before any model call.

An entry is ``{metric: name, aggregation:, higher_is_better:, hf_evaluate:, **keywords}``; the
keywords go to the metric function. A keyword the function cannot take (``ignore_cse: true``)
would change nothing, so the score would silently differ from what the YAML asks: it is an
error naming the closest valid names.

The keywords a metric takes are, in order: ``keywords=`` given to ``register`` for it, else the
named keyword parameters of its function (``references``, ``predictions`` and ``items`` are the
call's own); a function with ``**kwargs`` and nothing declared is not checked.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Collection, Mapping
from typing import Any

log = logging.getLogger("lmeval")

#: Keys of a metric entry that are not keywords of the function.
ENTRY_KEYS = ("metric", "aggregation", "higher_is_better", "hf_evaluate")

#: Keywords lm-eval 0.4.13's own task YAMLs write on metrics that never read them (acc, f1 ...
#: of multiple-choice tasks are computed by the task from log-likelihoods). lm-eval ignores
#: them, so lmeval accepts them too, with a warning once per run, to load those YAMLs unchanged.
INERT_KEYWORDS = frozenset({"weight_by_size", "average", "ignore_case", "ignore_punctuation",
                            "regexes_to_ignore"})

_CALL_ARGS = frozenset({"references", "predictions", "items", "self"})
_warned: set[tuple[str, str]] = set()


def accepted_keywords(fn: Callable[..., Any] | None, declared: Collection[str] | None = None
                      ) -> frozenset[str] | None:
    """The keyword names ``fn`` takes; None when it takes any (``**kwargs``, nothing declared)."""
    if declared is not None:
        return frozenset(declared)
    if fn is None:
        return None
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):  # a builtin or C callable: nothing to read
        return None
    names = set()
    for p in params:
        if p.kind is p.VAR_KEYWORD:
            return None
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name not in _CALL_ARGS:
            names.add(p.name)
    return frozenset(names)


def unknown_keyword(name: str, entry: Mapping[str, Any], accepted: frozenset[str] | None
                    ) -> tuple[str, str] | None:
    """``(keyword, message)`` for the first keyword of ``entry`` that metric ``name`` cannot take.

    Keywords in :data:`INERT_KEYWORDS` on a metric that takes none of them are let through
    with a warning (lm-eval's YAMLs carry them).
    """
    if accepted is None:
        return None
    from lmeval.errors import did_you_mean

    for key in entry:
        if key in ENTRY_KEYS or key in accepted:
            continue
        if key in INERT_KEYWORDS and not (accepted & INERT_KEYWORDS):
            if (name, key) not in _warned:
                _warned.add((name, key))
                log.warning("lmeval: metric %r does not use %r (lm-eval ignores it too); "
                            "it has no effect on the score", name, key)
            continue
        takes = ", ".join(sorted(accepted)) if accepted else "no keywords"
        hint = did_you_mean(str(key), sorted({*accepted, *ENTRY_KEYS}))
        return str(key), f"metric {name!r} has no keyword {key!r}{hint}; it takes {takes}"
    return None
