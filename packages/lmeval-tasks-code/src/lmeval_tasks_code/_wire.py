"""Plain-data encoding between the trusted test harness and the sandboxed candidate.

Values cross the pipe as one JSON line each. JSON arrays are lists; every JSON object is a tag
with exactly one ``$`` key (tuple, set, dict, special float, big int, bytes, complex, range,
Fraction, Decimal, or a handle to an object that stays in the sandbox). :func:`decode` is the
trust boundary: whatever the candidate writes, it yields only exact built-in values (or inert
:class:`Handle` stand-ins), never an object with candidate-defined methods, and no pickle.

Standard library only: the sandbox child imports it before it locks itself down.
"""

from __future__ import annotations

import base64
import json
import math
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs milliseconds at every runner start
    from collections.abc import Callable
    from typing import Any

#: Nesting deeper than this is refused (a self-containing list, a crafted recursion bomb).
MAX_DEPTH = 200
#: The longest line either side reads; a longer one is a protocol violation. (A line of
#: ``[[],[],...]`` decodes to ~20x its size in objects: this bounds the runner's memory.)
MAX_LINE = 16 * 1024 * 1024
#: Ints with more bits than this travel as hex (Python limits decimal conversion of big ints).
_BIG_INT_BITS = 8000


class ProtocolError(ValueError):
    """The other side sent something that is not a well-formed message."""


class Unencodable(TypeError):
    """A value that has no plain-data form (and no handle table to put it in)."""


class Handle:
    """A candidate-side object the harness can only pass back, call or inspect remotely.

    Equality and hashing are by identity: a candidate object never decides a comparison.
    """

    __slots__ = ("ref",)

    def __init__(self, ref: int) -> None:
        self.ref = ref


def _float(x: float) -> Any:
    if math.isfinite(x):
        return x
    return {"$f": "nan" if x != x else ("inf" if x > 0 else "-inf")}


def encode(value: Any, to_handle: Callable[[Any], Any] | None = None, depth: int = 0) -> Any:
    """JSON-ready form of ``value``. Objects with no plain form go through ``to_handle``
    (the sandbox keeps them and sends a handle tag); without it they raise :class:`Unencodable`."""
    if depth > MAX_DEPTH:
        raise Unencodable("value nested too deeply")
    d = depth + 1
    t = type(value)
    if value is None or t is str:
        return value
    if t is bool or isinstance(value, bool):
        return bool(value)
    if t is int or isinstance(value, int):
        v = int.__index__(value)
        return v if v.bit_length() <= _BIG_INT_BITS else {"$i": format(v, "x")}
    if isinstance(value, float):
        return _float(float.__float__(value))
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, Handle):
        return {"$h": value.ref}
    if isinstance(value, list):
        return [encode(x, to_handle, d) for x in list.__iter__(value)]
    if isinstance(value, tuple):
        return {"$t": [encode(x, to_handle, d) for x in tuple.__iter__(value)]}
    if isinstance(value, dict):
        return {"$d": [[encode(k, to_handle, d), encode(v, to_handle, d)] for k, v in dict.items(value)]}
    if isinstance(value, frozenset):
        return {"$fs": [encode(x, to_handle, d) for x in frozenset.__iter__(value)]}
    if isinstance(value, set):
        return {"$s": [encode(x, to_handle, d) for x in set.__iter__(value)]}
    if isinstance(value, bytes):
        return {"$b": base64.b64encode(bytes(value)).decode()}
    if isinstance(value, bytearray):
        return {"$ba": base64.b64encode(bytes(value)).decode()}
    if isinstance(value, complex):
        return {"$c": [_float(value.real), _float(value.imag)]}
    if t is range:
        return {"$r": [value.start, value.stop, value.step]}
    if t is getattr(sys.modules.get("fractions"), "Fraction", None):
        return {"$q": [encode(value.numerator), encode(value.denominator)]}
    if t is getattr(sys.modules.get("decimal"), "Decimal", None):
        return {"$dec": str(value)}
    if getattr(value, "ndim", None) == 0 and type(value).__module__ == "numpy":
        return encode(value.item(), to_handle, d)  # a numpy scalar compares as its Python value
    if to_handle is None:
        raise Unencodable(f"a {type(value).__name__} object cannot be sent as plain data")
    return to_handle(value)


def dumps(message: Any) -> bytes:
    return json.dumps(message, allow_nan=False, separators=(",", ":")).encode() + b"\n"


def _reject_constant(name: str) -> Any:
    raise ProtocolError(f"bare {name} is not plain data here")


def loads(line: bytes) -> Any:
    """One JSON line, strictly: no NaN/Infinity constants, bounded nesting (RecursionError)."""
    try:
        return json.loads(line, parse_constant=_reject_constant)
    except (ValueError, RecursionError, UnicodeDecodeError) as exc:
        raise ProtocolError(f"malformed message: {type(exc).__name__}") from None


def _float_tag(x: Any) -> float:
    if type(x) is float or type(x) is int:
        return float(x)
    if type(x) is dict and set(x) == {"$f"} and x["$f"] in ("nan", "inf", "-inf"):
        return float(x["$f"])
    raise ProtocolError("bad float")


def _hashable(x: Any) -> Any:
    try:
        hash(x)
    except TypeError:
        raise ProtocolError("unhashable set member or dict key") from None
    return x


def decode(obj: Any, from_handle: Callable[[int, str | None], Any] | None = None, depth: int = 0) -> Any:
    """Exact built-in values from a decoded JSON message; anything else is a :class:`ProtocolError`.

    ``from_handle(ref, module_name)`` turns a handle tag into an object (``module_name`` is set
    when the sandbox says the object is a module of that name)."""
    if depth > MAX_DEPTH:
        raise ProtocolError("value nested too deeply")
    d = depth + 1
    t = type(obj)
    if obj is None or t is bool or t is int or t is float or t is str:
        return obj
    if t is list:
        return [decode(x, from_handle, d) for x in obj]
    if t is not dict or len(obj) != 1:
        raise ProtocolError("a JSON object must be one tag")
    ((tag, body),) = obj.items()
    bt = type(body)
    if tag == "$t" and bt is list:
        return tuple(decode(x, from_handle, d) for x in body)
    if tag in ("$s", "$fs") and bt is list:
        items = [_hashable(decode(x, from_handle, d)) for x in body]
        return set(items) if tag == "$s" else frozenset(items)
    if tag == "$d" and bt is list:
        out = {}
        for pair in body:
            if type(pair) is not list or len(pair) != 2:
                raise ProtocolError("bad dict item")
            out[_hashable(decode(pair[0], from_handle, d))] = decode(pair[1], from_handle, d)
        return out
    if tag == "$f":
        return _float_tag(obj)
    import decimal
    import fractions

    try:
        if tag == "$i" and bt is str and len(body) < MAX_LINE:
            return int(body, 16)
        if tag in ("$b", "$ba") and bt is str:
            raw = base64.b64decode(body, validate=True)
            return raw if tag == "$b" else bytearray(raw)
        if tag == "$c" and bt is list and len(body) == 2:
            return complex(_float_tag(body[0]), _float_tag(body[1]))
        if tag == "$r" and bt is list and len(body) == 3 and all(type(v) is int for v in body):
            return range(*body)
        if tag == "$q" and bt is list and len(body) == 2:
            num, den = (decode(v, None, d) for v in body)
            if type(num) is int and type(den) is int:
                return fractions.Fraction(num, den)
        if tag == "$dec" and bt is str and len(body) < 10_000:
            return decimal.Decimal(body)
    except (ValueError, ZeroDivisionError, decimal.InvalidOperation, TypeError):
        raise ProtocolError(f"bad {tag} value") from None
    if from_handle is not None:
        if tag == "$h" and type(body) is int:
            return from_handle(body, None)
        if tag == "$m" and type(body) is list and len(body) == 2 and type(body[0]) is str and type(body[1]) is int:
            return from_handle(body[1], body[0])
    raise ProtocolError(f"unknown tag {tag!r}")
