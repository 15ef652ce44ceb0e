"""The task index's read of one YAML file: its top-level naming keys, quickly when it can.

A task file's name, kind and tags come from a few top-level keys (``task``, ``group``, ``tag``,
``include``, the aliases, and whether ``class`` is set). :func:`quick_scan` reads them line by
line, ~20x faster than a parse, and answers only when it is sure: the top level is a block
mapping at column 0 with plain or simply quoted keys, and every naming value is a one-line
scalar or flow collection or a block list of such scalars. Anything else (flow-style documents,
merge keys, anchors on naming keys, multi-line naming values, tabs, odd line breaks, a second
document...) returns ``None`` and :func:`scan` parses the file with PyYAML's C loader, as lm-eval
does.

Why a line scan can be exact: a line at column 0 is a top-level key unless it sits inside a
quoted scalar or a flow collection that spans lines (block and plain scalars end at column 0), so
any line that may open one of those makes the scan unsure. Whether nested values are valid YAML
is not checked here: ``lmeval validate`` and ``lmeval run`` parse the whole file and say where.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from lmeval.tasks.yamlbounds import check_bounds

NAMING = ("task", "group", "tag", "include", "task_alias", "group_alias")
_NAMING = frozenset(NAMING)
_RECORDED = frozenset((*NAMING, "class"))

_KEY = re.compile(r"""(?:([A-Za-z_][\w.\-]*)|"([A-Za-z_][\w.\-]*)"|'([A-Za-z_][\w.\-]*)') *:(?: +|$)""")
# a lone CR, NEL, LS/PS, a BOM inside, control characters: line breaks or errors for PyYAML
_ODD = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]")
_RISKY = re.compile(r"""["'\[{|>]""")  # a line without these cannot open a multi-line value
_QUOTED = {'"': re.compile(r'"(?:[^"\\]|\\.)*"'), "'": re.compile(r"'(?:[^']|'')*'")}
_FLOW_TOKEN = re.compile(r""""(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[\[\]{}"'#]""")
_PROPERTIES = re.compile(r"(?:[!&][^ ]* +)+")
_AFTER_KEY = re.compile(r" *:(?: +|$)")
_AFTER_VALUE = re.compile(r" *(?:#.*)?$")
_PLAIN_END = re.compile(r":(?: +|$)| #")
_COLON = re.compile(r":(?: |$)")
_NAME_LIKE = re.compile(r"[A-Za-z_][\w.\-/]*\Z")
_NAME_GUESS = re.compile(r"""^["']?(?:task|group)["']? *: *["']?([^\s"'#,:\[\]{}]+)""", re.M)
_SIMPLE_QUOTED = re.compile(r"""(?:"([^"\\]*)"|'((?:[^']|'')*)') *(?:#.*)?$""")
# plain scalars PyYAML does not read as strings: booleans, nulls (numbers, dates, ``<<``, ``=``
# and ``.inf`` start with one of _NOT_STR_START)
_NOT_STR_WORDS = frozenset("yes Yes YES no No NO true True TRUE false False FALSE on On ON off Off "
                           "OFF null Null NULL".split())
_NOT_STR_START = frozenset("0123456789+-.~=<")

UNSURE = None


class _IndexLoader(yaml.CSafeLoader if getattr(yaml, "__with_libyaml__", False)
                   else yaml.SafeLoader):  # type: ignore[misc]
    """PyYAML's C loader that reads ``!function x.y`` as a string (no import), as lm-eval's
    index does."""


_IndexLoader.add_constructor("!function", lambda loader, node: str(loader.construct_scalar(node)))


def scan(data: bytes) -> dict[str, Any]:
    """The naming record of one file's bytes: ``{key: value}`` for the naming keys present,
    ``"class": True`` when a ``class`` is set, or ``{"_error": message}`` when PyYAML cannot read
    the file as a mapping."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:  # UTF-16 with a BOM, or not text: PyYAML decides
        return full_scan(data)
    record = quick_scan(text)
    if record is None:
        record = full_scan(data)
        if "_error" in record:  # remember the name it seems to give, for "why unknown?"
            m = _NAME_GUESS.search(text)
            if m is not None:
                record["_name"] = m.group(1)
    return record


def full_scan(data: bytes | str) -> dict[str, Any]:
    """The naming record from a real parse: PyYAML's C parser composes the whole document (so
    any syntax error is found), then only the top-level keys and the naming values are
    constructed (``!function`` unresolved), merge keys (``<<``) applied: ~1.5x faster than a load."""
    loader = _IndexLoader(data)
    try:
        node = loader.get_single_node()
        problem = check_bounds(node)  # an alias bomb defines nothing; `run` says where
        if problem is not None:
            field = f"{problem.key}: " if problem.key else ""
            return {"_error": f"{field}{problem.message} (line {problem.line})"}
        if not isinstance(node, yaml.MappingNode) or node.tag != "tag:yaml.org,2002:map":
            doc = loader.construct_document(node) if node is not None else None
            if not isinstance(doc, dict):
                return {"_error": f"expected a mapping at the top level, got {type(doc).__name__}"}
            pairs = list(doc.items())
        else:
            loader.flatten_mapping(node)
            pairs = []
            for key_node, value_node in node.value:
                key = loader.construct_object(key_node, deep=True)
                hash(key)
                if key in _RECORDED:
                    pairs.append((key, loader.construct_object(value_node, deep=True)))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return {"_error": f"invalid YAML: {problem}{where}"}
    except Exception as exc:  # noqa: BLE001 - PyYAML's constructors raise IndexError, TypeError...
        return {"_error": f"invalid YAML: {type(exc).__name__}: {exc}"}
    finally:
        loader.dispose()
    record: dict[str, Any] = {}
    for key, value in pairs:  # a repeated key: the last one wins, as in a load
        if key == "class":
            record["class"] = True
        elif key in _NAMING:
            record[key] = _naming(key, _plain(value))
    return {key: record[key] for key in (*NAMING, "class") if key in record}


def _naming(key: str, value: Any) -> Any:
    """A plain naming value as recorded; a group's member list only as ``[]`` (its members are
    not the index's business)."""
    return [] if key == "task" and isinstance(value, list) else value


def _plain(value: Any) -> Any:
    """A naming value as the cache stores it: a string, None, a list (strings kept, anything else
    None), ``{}`` for a mapping, or ``{"not_a_string": text}`` for a number, a boolean, a date:
    no name, but what was written, for the error when someone asks for it."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list):
        return [v if isinstance(v, str) else None for v in value]
    if isinstance(value, dict):
        return {}
    return {"not_a_string": str(value)}


def quick_scan(text: str) -> dict[str, Any] | None:
    """The naming record read line by line, or ``None`` when the scan is not sure."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if "\t" in text or _ODD.search(text):
        return UNSURE
    found: dict[str, Any] = {}
    key: str | None = None  # the current top-level key
    inline = ""  # its value on the key's own line
    body: list[str] = []  # its value's lines below, kept for naming keys
    scalar_parent = -1  # a block scalar is open: the column of its owner...
    scalar_indent = 0  # ... and the indentation of its content (0: not yet seen)
    started = False
    for line in text.split("\n"):
        if scalar_parent >= 0:  # inside a block scalar: its lines cannot hide a key
            content = line.lstrip(" ")
            if not content:
                if key in _NAMING:
                    body.append(line)
                continue
            indent = len(line) - len(content)
            if (scalar_indent and indent >= scalar_indent) or (not scalar_indent and indent > scalar_parent):
                scalar_indent = scalar_indent or indent
                if key in _NAMING:
                    body.append(line)
                continue
            scalar_parent = -1
        first = line[:1]
        if first == "#" or not line.strip(" "):
            continue
        if first == " " or (first == "-" and (len(line) == 1 or line[1] == " ")):
            if line.lstrip(" ")[:1] == "#":
                continue
            if key is None or inline:  # an indented first line, or a value continued
                if key is None or key in _NAMING or first == "-":
                    return UNSURE
            elif key in _NAMING:
                body.append(line)
        else:
            m = _KEY.match(line)
            if m is None:
                if not started and line.rstrip(" ") == "---" and key is None:
                    continue  # an explicit start of the (only) document
                return UNSURE
            if key in _NAMING and not _finish(found, key, inline, body):
                return UNSURE
            key = m.group(1) or m.group(2) or m.group(3)
            inline = line[m.end():]
            if inline[:1] == "#":
                inline = ""
            body = []
            if key == "class":
                found["class"] = True
        started = True
        if _RISKY.search(line):
            owner = _block_scalar_owner(line)
            if owner == -2:
                return UNSURE
            if owner >= 0:
                scalar_parent, scalar_indent = owner, 0
    if key is None:  # no key at all: an empty document (None), a scalar, a list...
        return UNSURE
    if key in _NAMING and not _finish(found, key, inline, body):
        return UNSURE
    return found


def _finish(found: dict[str, Any], key: str, inline: str, body: list[str]) -> bool:
    """Record a naming key's value; False when it is not certain."""
    if inline:
        value = _one_line_value(inline)
        if value is _NOT_SURE:
            return False
        found[key] = _naming(key, value)
        return True
    lines = [ln for ln in body if ln.strip(" ") and ln.lstrip(" ")[:1] != "#"]
    if not lines:
        found[key] = None
        return True
    first = lines[0].lstrip(" ")
    indent = len(lines[0]) - len(first)
    if first == "-" or first.startswith("- "):
        items: list[Any] = []
        for ln in lines:
            item = ln[indent:]
            if len(ln) - len(ln.lstrip(" ")) != indent or not item.startswith("- "):
                items = _NOT_SURE  # type: ignore[assignment] # a nested or multi-line item
                break
            value = _one_line_value(item[2:].lstrip(" "))
            if value is _NOT_SURE or isinstance(value, (list, dict)):
                items = _NOT_SURE  # type: ignore[assignment]
                break
            items.append(value if isinstance(value, str) else None)
        if items is _NOT_SURE:
            if key != "task":  # a group's member list: only its being a list counts
                return False
            items = []
        found[key] = _naming(key, items)
        return True
    if key == "task" and _KEY.match(first):  # a mapping: no name (lm-eval skips such a file)
        found[key] = {}
        return True
    return False


_NOT_SURE: Any = object()


def _one_line_value(text: str) -> Any:
    """The value of a one-line scalar or flow collection, as PyYAML reads it in a block mapping."""
    text = text.strip(" ")
    if _NAME_LIKE.match(text) and text not in _NOT_STR_WORDS:  # the common case: `task: mmlu_x`
        return text
    if not text:
        return None
    ch = text[0]
    m = _SIMPLE_QUOTED.match(text)
    if m is not None:  # no escapes: the text between the quotes is the value
        return m.group(1) if m.group(1) is not None else m.group(2).replace("''", "'")
    if ch in "\"'[{":
        try:
            value = yaml.load(text, Loader=_IndexLoader)  # noqa: S506
        except Exception:  # noqa: BLE001 - any failure: let the full parse decide
            return _NOT_SURE
        if ch in "\"'" and not isinstance(value, str):  # `"a": b` is a mapping here, an error there
            return _NOT_SURE
        return _plain(value)
    if ch in "!&*|>%@`,]}#" or (ch in "-?:" and (len(text) == 1 or text[1] == " ")):
        return _NOT_SURE
    cut = text.find(" #")
    if cut >= 0:
        text = text[:cut].rstrip(" ")
    if _COLON.search(text):
        return _NOT_SURE
    if ch in _NOT_STR_START or text in _NOT_STR_WORDS:
        try:
            return _plain(yaml.load(text, Loader=_IndexLoader))  # noqa: S506
        except Exception:  # noqa: BLE001
            return _NOT_SURE
    return text


def _block_scalar_owner(line: str) -> int:
    """-2 when ``line`` may open a quoted scalar or flow collection that continues on the next
    line; the column of the key or dash that owns a block scalar (``|``, ``>``) starting on this
    line; else -1."""
    n = len(line)
    pos = len(line) - len(line.lstrip(" "))
    owner = pos
    while pos < n:
        ch = line[pos]
        if ch == "#":
            return -1
        if ch in "-?:" and (pos + 1 == n or line[pos + 1] == " "):
            owner = pos
            pos += 1
            while pos < n and line[pos] == " ":
                pos += 1
            continue
        if ch in "!&":
            m = _PROPERTIES.match(line, pos)
            if m is None:
                return -1  # a property alone: the value is on the next lines
            pos = m.end()
            continue
        if ch in "|>":
            return owner
        start = pos
        if ch in "\"'":
            m = _QUOTED[ch].match(line, pos)
            if m is None:
                return -2
            pos = m.end()
        elif ch in "[{":
            pos = _flow_end(line, pos)
            if pos < 0:
                return -2
        else:  # a plain scalar: a key (`text: `) or a value to the end of the line
            m = _PLAIN_END.search(line, pos)
            if m is None or m.group() == " #":
                return -1
            owner = start
            pos = m.end()
            continue
        m = _AFTER_KEY.match(line, pos)
        if m is not None:
            owner = start
            pos = m.end()
            continue
        return -1 if _AFTER_VALUE.match(line, pos) else -2
    return -1


def _flow_end(line: str, pos: int) -> int:
    """Where the flow collection opening at ``pos`` closes on this line, or -1."""
    depth = 0
    for m in _FLOW_TOKEN.finditer(line, pos):
        token = m.group()
        if token == "[" or token == "{":
            depth += 1
        elif token == "]" or token == "}":
            depth -= 1
            if depth == 0:
                return m.end()
        elif len(token) == 1:  # an unclosed quote, or a comment inside the collection
            return -1
    return -1
