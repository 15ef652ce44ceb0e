"""Built-in response filters and filter pipelines, with lm-eval's semantics.

A filter is built by ``factory(**kwargs)`` and has ``apply(resps, docs)``: ``resps`` holds, per
document, the list of its responses (one per repeat); the result has one entry per document.
As in lm-eval, ``take_first`` and ``majority_vote`` end a pipeline: ``take_first`` turns each
document's list into its first response, ``majority_vote`` into a one-element list.
"""

from __future__ import annotations

import inspect
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from lmeval.errors import UsageError, did_you_mean
from lmeval.hookspecs import RegisterFilter, hookimpl

Resps = Sequence[Sequence[Any]]
Docs = Sequence[Mapping[str, Any]]


class Filter:
    """Base of the built-in filters (a plugin needs only an ``apply`` method)."""

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        raise NotImplementedError


# ----------------------------------------------------------------------------- selection


class TakeFirst(Filter):
    """Each document's first response (a string, no longer a list)."""

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        return [r[0] for r in resps]


class TakeFirstK(Filter):
    """Each document's first ``k`` responses."""

    def __init__(self, k: int) -> None:
        self.k = int(k)

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        resps = list(resps)
        if resps and len(resps[0]) < self.k:
            raise UsageError(
                f"take_first_k: k={self.k} needs at least {self.k} responses per document but got "
                f"{len(resps[0])}; raise the task's `repeats`"
            )
        return [list(r[: self.k]) for r in resps]


class MajorityVote(Filter):
    """The most frequent response of each document, as a one-element list (ties: first seen)."""

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        return [[Counter(r).most_common(1)[0][0]] for r in resps]


# ------------------------------------------------------------------------- transformation


class Lowercase(Filter):
    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        return [[x.lower() for x in r] for r in resps]


class Uppercase(Filter):
    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        return [[x.upper() for x in r] for r in resps]


class MapValues(Filter):
    """Replace each response by ``mapping_dict[response]``, or ``default_value`` if absent."""

    def __init__(self, mapping_dict: Mapping[Any, Any] | None = None, default_value: Any = None) -> None:
        if mapping_dict is None:
            mapping_dict = {}
        if not isinstance(mapping_dict, Mapping):
            raise UsageError(f"map: mapping_dict must be a mapping, got {type(mapping_dict).__name__}")
        self.mapping_dict = mapping_dict
        self.default_value = default_value

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        return [[self.mapping_dict.get(x, self.default_value) for x in r] for r in resps]


_SPAN_LABELS = {
    "person": "PER", "location": "LOC", "organization": "ORG", "counties": "LOC",
    "places": "LOC", "people": "PER", "persons": "PER", "company": "ORG", "country": "LOC",
    "continent": "LOC", "time": "DATE", "date": "DATE", "per": "PER", "loc": "LOC", "org": "ORG",
}
_SPAN_ENTITY = re.compile(r"\b(PER|LOC|ORG|DATE):\s*([^$]+)")


def _normalise_span_labels(text: str) -> str:
    text = text.lower()
    for word, label in _SPAN_LABELS.items():
        text = re.sub(rf"\b{re.escape(word)}\s*:", f"{label}:", text)
    text = "$".join(text.split("$$"))
    return text.rstrip("$")


def _format_entities(text: str) -> str:
    text = text.replace("\n", "$").strip()
    out = []
    for label, values in _SPAN_ENTITY.findall(text):
        for entity in (v.strip() for v in values.split(",")):
            if entity.lower() != "none":
                out.append(f"{label.lower()}: {entity}")
    return " $ ".join(out)


class FormatSpan(Filter):
    """Normalise named-entity answers to ``label: entity $ label: entity`` (lm-eval's format_span)."""

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        return [[_format_entities(_normalise_span_labels(x.lower())) for x in r] for r in resps]


class Custom(Filter):
    """``filter_fn(resps, docs)`` does all the work (usually a ``!function`` in the YAML)."""

    def __init__(self, filter_fn: Callable[[Resps, Docs], Any]) -> None:
        if not callable(filter_fn):
            raise UsageError(f"custom: filter_fn must be callable (use `!function module.fn`), got {filter_fn!r}")
        self.filter_fn = filter_fn

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        return list(self.filter_fn(resps, docs))


# ----------------------------------------------------------------------------- extraction


def _compile(pattern: str, filter_name: str) -> re.Pattern[str]:
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise UsageError(f"{filter_name}: regex_pattern {pattern!r} is not a valid regular expression: {exc}") from None


def _select(found: list[Any], group_select: int) -> Any:
    """``findall`` result → one match: the ``group_select``-th (negative counts from the end); a
    tuple of groups gives its first non-empty group, or None when all are empty."""
    match = found[group_select]
    if isinstance(match, tuple):
        non_empty = [m for m in match if m]
        return non_empty[0] if non_empty else None
    return match


class Regex(Filter):
    """Replace each response by a regex match (stripped) or ``fallback``.

    ``group_select`` picks among all matches (``re.findall``); with several capture groups the
    first non-empty group of that match is kept. Non-string responses are treated as "".
    """

    def __init__(self, regex_pattern: str = r"#### (\-?[0-9\.\,]+)", group_select: int = 0,
                 fallback: str = "[invalid]") -> None:
        self.regex_pattern = regex_pattern
        self.regex = _compile(regex_pattern, "regex")
        self.group_select = int(group_select)
        self.fallback = fallback

    def extract(self, resp: Any) -> Any:
        found = self.regex.findall(resp if isinstance(resp, str) else "")
        if not found:
            return self.fallback
        match = _select(found, self.group_select)
        if match is None:  # every group empty: lm-eval strips the fallback too
            return self.fallback.strip() if isinstance(self.fallback, str) else self.fallback
        return match.strip()

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        return [[self.extract(x) for x in r] for r in resps]


_TAGGED = re.compile(r"\('([^']*)', '([^']*)'\)")


class RegexPos(Filter):
    """Part-of-speech tags from ``('token', 'TAG')`` pairs in each response, or ``fallback``.

    As in lm-eval, ``regex_pattern`` and ``group_select`` are accepted but the tag pattern is
    fixed; a response that is already a list of ``(token, tag)`` pairs is used as is.
    """

    def __init__(self, regex_pattern: str = r"\['(.*?)'\]", group_select: int = 0,
                 fallback: Any = None) -> None:
        self.regex_pattern = regex_pattern
        self.regex = _compile(regex_pattern, "regex_pos")
        self.group_select = group_select
        self.fallback = ["invalid"] if fallback is None else fallback

    def tags(self, resp: Any) -> Any:
        pairs = _TAGGED.findall(resp) if isinstance(resp, str) else resp
        return [tag for _, tag in pairs] or self.fallback

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        return [[self.tags(x) for x in r] for r in resps]


class RemoveWhitespace(Filter):
    """Strip leading and trailing whitespace."""

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        return [[x.strip() for x in r] for r in resps]


@lru_cache(maxsize=1)
def _unicode_punctuation_table() -> dict[int, None]:
    return {i: None for i in range(sys.maxunicode) if unicodedata.category(chr(i)).startswith("P")}


class MultiChoiceRegex(Regex):
    """Map a free-form answer to a choice letter ``(A)``, ``(B)`` ... (lm-eval's multi_choice_regex).

    Tried in order, first hit wins: ``regex_pattern``; the text of one of ``doc["choices"]``
    (compared after ``regexes_to_ignore``/``ignore_case``/``ignore_punctuation``; longer choices
    first) → its letter; ``": X"`` with X a valid letter → ``(X)``; else ``fallback``.
    """

    def __init__(self, regex_pattern: str = r"#### (\-?[0-9\.\,]+)", group_select: int = 0,
                 fallback: str = "[invalid]", ignore_case: bool = False,
                 ignore_punctuation: bool = False, regexes_to_ignore: Sequence[str] | None = None) -> None:
        super().__init__(regex_pattern, group_select, fallback)
        self.ignore_case = ignore_case
        self.ignore_punctuation = ignore_punctuation
        self.regexes_to_ignore = [regexes_to_ignore] if isinstance(regexes_to_ignore, str) else regexes_to_ignore

    def _normalise(self, text: str) -> str:
        for pattern in self.regexes_to_ignore or ():
            text = re.sub(pattern, "", text)
        if self.ignore_case:
            text = text.lower()
        if self.ignore_punctuation:
            text = text.translate(_unicode_punctuation_table())
        return text

    def _find(self, regex: re.Pattern[str], resp: Any, convert: Mapping[str, str] | None = None) -> Any:
        found = regex.findall(resp if isinstance(resp, str) else "")
        if not found:
            return found  # an empty list: falsy, as lm-eval returns it
        match = _select(found, self.group_select)
        if match is None:
            return ""
        match = match.strip()
        if match and convert and match in convert:
            match = convert[match]
        return match

    def apply(self, resps: Resps, docs: Docs) -> list[Any]:
        if len(resps) != len(docs):
            raise ValueError(f"multi_choice_regex: {len(resps)} response lists for {len(docs)} documents")
        out = []
        for r, doc in zip(resps, docs, strict=True):
            if "choices" not in doc:
                raise UsageError(
                    "multi_choice_regex needs a `choices` field in each document "
                    f"(fields: {', '.join(map(str, doc))}); add it in process_docs"
                )
            choice_to_letter: dict[str, str] = {}
            choice_patterns, letters = [], []
            for i, choice in enumerate(doc["choices"]):
                letter = chr(ord("A") + i)
                text = self._normalise(choice.strip())
                choice_patterns.append(re.escape(text))
                choice_to_letter[text] = f"({letter})"
                letters.append(letter)
            by_text = re.compile("|".join(sorted(choice_patterns, key=len, reverse=True)))
            by_letter = re.compile(rf":[\s]*({'|'.join(letters)})")
            letter_to_target = {letter: f"({letter})" for letter in letters}
            filtered = []
            for resp in r:
                match = self._find(self.regex, resp)
                if not match:
                    match = self._find(by_text, self._normalise(resp if isinstance(resp, str) else ""),
                                       choice_to_letter)
                    if not match:
                        match = self._find(by_letter, resp, letter_to_target)
                filtered.append(match if match else self.fallback)
            out.append(filtered)
        return out


#: name → factory, as registered by the core.
FILTERS: dict[str, Callable[..., Any]] = {
    "take_first": TakeFirst,
    "take_first_k": TakeFirstK,
    "majority_vote": MajorityVote,
    "lowercase": Lowercase,
    "uppercase": Uppercase,
    "map": MapValues,
    "format_span": FormatSpan,
    "custom": Custom,
    "regex": Regex,
    "regex_pos": RegexPos,
    "remove_whitespace": RemoveWhitespace,
    "multi_choice_regex": MultiChoiceRegex,
}


@hookimpl
def lmeval_register_filters(register: RegisterFilter) -> None:
    for name, factory in FILTERS.items():
        register(name, factory)


# ------------------------------------------------------------------------------- pipelines


def _check_kwargs(name: str, factory: Callable[..., Any], kwargs: Mapping[str, Any]) -> None:
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):
        return
    params = {p.name: p for p in sig.parameters.values() if p.name != "self"}
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return
    valid = [n for n, p in params.items() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    for key in kwargs:
        if key not in valid:
            accepted = f"it accepts {', '.join(valid)}" if valid else "it takes no arguments"
            raise UsageError(f"filter {name!r}: unknown argument {key!r}{did_you_mean(key, valid)}; {accepted}")
    missing = [n for n, p in params.items()
               if p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and n not in kwargs]
    if missing:
        raise UsageError(f"filter {name!r}: missing required argument {', '.join(repr(m) for m in missing)}")


@dataclass
class FilterPipeline:
    """A named sequence of filters applied in order (lm-eval's ``FilterEnsemble``).

    ``steps`` holds ``(filter name, factory, kwargs)``; each ``apply`` builds fresh filter
    instances, as lm-eval does, so a stateful filter never leaks between tasks.
    """

    name: str
    steps: list[tuple[str, Callable[..., Any], dict[str, Any]]] = field(default_factory=list)

    def apply(self, resps: Iterable[Sequence[Any]], docs: Docs) -> list[Any]:
        """Filter every document's responses; the result has one entry per document."""
        out: Any = [list(r) if not isinstance(r, str) else r for r in resps]
        docs = list(docs)
        for _, factory, kwargs in self.steps:
            out = factory(**kwargs).apply(out, docs)
            out = list(out)
        return out

    @property
    def filter_names(self) -> list[str]:
        return [name for name, _, _ in self.steps]


def lm_eval_registered_filter(name: str) -> Callable[..., Any] | None:
    """A filter class that a task's helper module registered in lm-eval's own registry
    (``@register_filter`` from ``lm_eval.api.registry``, as lm-eval 0.4.13's acpbench helpers do),
    once such a helper was imported (a task's ``!function`` references are resolved before its
    filters are built). lm-eval's filter classes have lmeval's interface, ``cls(**kwargs)`` then
    ``apply(resps, docs)``. Never imports lm-eval itself; None when it is not loaded or lacks
    the name."""
    module = sys.modules.get("lm_eval.api.registry")
    table = getattr(module, "filter_registry", None)
    if table is None:
        return None
    try:
        if name not in table:
            return None
        factory = table.get(name)
    except Exception:  # noqa: BLE001 - another lm-eval's registry: treated as absent
        return None
    return factory if callable(factory) else None


def build_filter_pipeline(registry: Any, name: str,
                          steps: Iterable[tuple[str, Mapping[str, Any] | None]]) -> FilterPipeline:
    """Resolve ``[(filter name, kwargs), ...]`` (lm-eval's ``filter_list`` steps) against ``registry``.

    Unknown filter names and unknown or missing arguments raise :class:`UsageError` naming the
    closest valid names; each filter is constructed once here so bad argument values fail early.
    """
    resolved = []
    for filter_name, kwargs in steps:
        kwargs = dict(kwargs or {})
        if callable(filter_name):  # `function: !function module.MyFilter`, as lm-eval allows
            factory, filter_name = filter_name, getattr(filter_name, "__name__", "custom")
            resolved.append((filter_name, factory, kwargs))
            continue
        if filter_name in registry:
            factory = registry.get(filter_name).load()
        else:
            factory = lm_eval_registered_filter(filter_name)
            if factory is None:
                raise UsageError(registry.unknown_message(filter_name))
        _check_kwargs(filter_name, factory, kwargs)
        try:
            factory(**kwargs)
        except UsageError:
            raise
        except TypeError as exc:
            raise UsageError(f"filter {filter_name!r}: {exc}") from None
        resolved.append((filter_name, factory, kwargs))
    return FilterPipeline(name, resolved)
