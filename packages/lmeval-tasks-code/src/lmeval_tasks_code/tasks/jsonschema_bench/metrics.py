"""JSONSchemaBench scores: is the answer JSON, and does it satisfy the document's schema.

The answer is read as lm-eval 0.4.13 reads it: stripped, then the characters "`" and then
"j", "s", "o", "n" stripped from both ends (character sets, not the words: ``null`` loses its
"n"). The schema must be a valid Draft 2020-12 schema. lm-eval registers checkers for the
formats ipv4, ipv6 and uuid that return None, which jsonschema reads as "invalid": any value a
schema gives one of these formats fails (an unparsable one raises, also a failure). Kept for
parity and said in the pack README. A validation that runs past ``JSONSCHEMA_BENCH_TIMEOUT_S`` seconds
(40) counts as non-compliant, as in lm-eval.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import signal
import uuid
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from lmeval.requires import require

_log = logging.getLogger("lmeval.tasks.jsonschema_bench")


class ValidationTimeout(Exception):
    """A validation ran past the per-answer time budget."""


def _jsonschema() -> Any:
    return require("jsonschema", needed_by="jsonschema_bench",
                   install="'lmeval-tasks-code[jsonschema]'")


_jsonschema()  # the task refuses to load without it, before the model (one line, exit 2)


@lru_cache(maxsize=1)
def _format_checker() -> Any:
    checker = _jsonschema().FormatChecker()
    for name, parse in (("ipv4", ipaddress.IPv4Address), ("ipv6", ipaddress.IPv6Address),
                        ("uuid", uuid.UUID)):
        checker.checks(name)(_rejecting(parse))
    return checker


def _rejecting(parse: Callable[[Any], Any]) -> Callable[[Any], None]:
    """lm-eval's checker: parses the value (raising when it cannot) and returns None."""

    def check(value: Any) -> None:
        parse(value)

    return check


def _with_timeout(fn: Callable[[], Any]) -> Any:
    seconds = int(os.environ.get("JSONSCHEMA_BENCH_TIMEOUT_S", "40"))

    def expire(signum: int, frame: Any) -> None:
        raise ValidationTimeout(f"validation exceeded {seconds}s")

    try:
        previous = signal.signal(signal.SIGALRM, expire)
    except (ValueError, AttributeError):  # not the main thread, or no SIGALRM: unguarded
        return fn()
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _answer(prediction: str) -> str:
    return prediction.strip().strip("`").strip("jnos")  # lm-eval: .strip("```").strip("json")


def _complies(instance: Any, schema: Any) -> bool:
    js = _jsonschema()
    js.Draft202012Validator.check_schema(schema)
    js.Draft202012Validator(schema, format_checker=_format_checker()).validate(instance)
    return True


def schema_compliance(references: list[str], predictions: list[str]) -> bool:
    """True when the answer parses as JSON and validates against the schema (the reference)."""
    if len(references) != 1 or len(predictions) != 1:
        raise ValueError("jsonschema_bench scores one answer against one schema")
    schema = json.loads(references[0].strip())
    try:
        instance = json.loads(_answer(predictions[0]))
    except json.JSONDecodeError:
        return False
    try:
        return bool(_with_timeout(lambda: _complies(instance, schema)))
    except ValidationTimeout as exc:
        _log.error("jsonschema_bench: %s; treating as non-compliant", exc)
    except Exception as exc:  # an invalid schema or instance, a recursion: not compliant
        _log.debug("jsonschema_bench: %s", exc)
    return False


def json_validity(references: list[str], predictions: list[str]) -> bool:
    """True when the answer parses as JSON."""
    if len(predictions) != 1:
        raise ValueError("jsonschema_bench scores one answer per document")
    try:
        json.loads(_answer(predictions[0]).strip())
    except json.JSONDecodeError:
        return False
    return True
