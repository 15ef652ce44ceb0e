"""Jinja2 prompt templates with lm-eval's environment: strict undefined, trailing newlines kept."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import jinja2


def regex_replace(string: str, pattern: str, repl: str, count: int = 0) -> str:
    return re.sub(pattern, repl, string, count=count)


#: the most items a template's ``range()`` gives: a prompt never needs more, and turning
#: ``range(10**12)`` into a list is one C call that no time limit can stop
MAX_RANGE = 1_000_000


def bounded_range(*args: int) -> range:
    """Python's ``range`` (as lm-eval's templates have it) up to :data:`MAX_RANGE` items."""
    items = range(*args)
    if len(items) > MAX_RANGE:
        raise OverflowError(f"range({', '.join(map(str, args))}) gives {len(items):,} items; a template may loop over at "
                            f"most {MAX_RANGE:,}")
    return items


_env = jinja2.Environment(loader=jinja2.BaseLoader(), undefined=jinja2.StrictUndefined,
                          keep_trailing_newline=True)
_env.filters["regex_replace"] = regex_replace
_env.globals["range"] = bounded_range


@lru_cache(maxsize=4096)
def compile_template(source: str) -> jinja2.Template:
    return _env.from_string(source)


def render(source: str, doc: dict[str, Any]) -> str:
    return compile_template(source).render(**doc)


def describe_error(exc: Exception) -> str:
    if isinstance(exc, jinja2.TemplateSyntaxError):
        return f"Jinja syntax error: {exc.message} (template line {exc.lineno})"
    if isinstance(exc, jinja2.UndefinedError):
        return f"template error: {exc.message}"
    return f"template error: {type(exc).__name__}: {exc}"


def check_syntax(source: str) -> str | None:
    """None when the template parses, else the Jinja error message."""
    try:
        _env.parse(source)
    except jinja2.TemplateSyntaxError as exc:
        return f"Jinja syntax error: {exc.message} (template line {exc.lineno})"
    return None
