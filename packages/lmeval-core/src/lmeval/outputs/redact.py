"""The one redaction rule: what counts as a credential, and how it is masked in outputs.

Everything lmeval writes or prints (results JSON, samples, the table header, logs, warnings,
errors, reporters) passes through here. Three layers:

* **by name** (:func:`is_secret_name`): ``token``, ``api_key``, ``*_key``, ``*_token`` (not
  vocabulary tokens such as ``add_bos_token``), ``password``, ``secret``, ``Authorization``
  and other credential headers. Their values become ``***``. In ``header=``/``headers=``
  model arguments every header is a credential unless it is known to be harmless
  (:data:`HARMLESS_HEADERS`: ``Content-Type``, ``Accept``, ``User-Agent`` ...).
* **by shape** (:func:`redact_text`): ``name=value`` and ``"name": value`` pairs with such a
  name, ``Authorization: Bearer ...``-style headers, URL user-info (``https://***@host``),
  secret query parameters (``?api_key=***&sig=***``) and well-known key formats
  (``hf_...``, ``sk-...``, ``ghp_...``, ``AKIA...``).
* **by value** (:func:`remember` / :func:`redact_known`): every secret seen in the model
  arguments, plus credential-named environment variables, is replaced wherever it appears
  again (a server's error message, a sample), without pattern guessing on free text.

The model's identity (the response-cache key, :mod:`lmeval.run.identity`) masks credentials the
same way: a rotated key changes no answer, so a run resumes with a new one.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

MASK = "***"

#: single words that are a credential wherever they name a value
_SECRET_WORDS = frozenset({
    "token", "password", "passwd", "secret", "apikey", "api_key", "auth",
    "authorization", "proxy_authorization", "cookie", "set_cookie", "credential",
    "credentials", "sig", "signature", "passphrase", "private_key", "client_secret",
})
_SECRET_SUFFIXES = ("_key", "_apikey", "_secret", "_password", "_passwd", "_passphrase",
                    "_credential", "_credentials", "_signature", "_auth", "_authorization",
                    "_cookie")
#: a ``*_token`` name with one of these parts names a vocabulary token, not a credential
_VOCABULARY = frozenset({"bos", "eos", "pad", "unk", "sep", "cls", "mask", "think", "end",
                         "start", "stop", "prefix", "special", "chat", "image", "audio",
                         "video", "add", "decoder", "max", "num", "n"})
#: query parameters that hold a credential though their name alone does not say so elsewhere
_QUERY_WORDS = frozenset({"key", "code"})
#: names too common in prose to be masked when followed by a bare ``:`` (``token: x``)
_PROSE_WORDS = frozenset({"token", "key", "auth", "secret", "sig", "signature", "cookie",
                          "credential", "credentials"})

_MIN_KNOWN = 5  # shorter values are not replaced everywhere: too many false hits
_NOT_SECRET_VALUES = frozenset({"true", "false", "none", "null", "yes", "no", MASK})


def is_secret_name(name: str) -> bool:
    """Whether a key, header or query-parameter name holds a credential."""
    n = name.strip().strip("\"'").lower().replace("-", "_")
    if not n:
        return False
    if n in _SECRET_WORDS or n.endswith(_SECRET_SUFFIXES):
        return True
    if "secret" in n or "password" in n or "passwd" in n:
        return True
    if n.endswith("_token") or n.startswith("token_"):
        return not (set(n.split("_")) & _VOCABULARY)
    return False


#: request headers that never carry a credential; every other header given in ``header=`` is
#: treated as one (``X-Session``, ``X-Goog-Api-Key``, ``Ocp-Apim-Subscription-Key`` ...)
HARMLESS_HEADERS = frozenset({
    "accept", "accept-charset", "accept-encoding", "accept-language", "cache-control",
    "connection", "content-encoding", "content-language", "content-type", "user-agent",
    "anthropic-version", "anthropic-beta", "openai-beta", "x-stainless-lang", "x-request-id",
    "x-title", "http-referer", "referer", "pragma", "dnt", "origin", "prefer",
})
#: model-argument names whose value is a set of request headers
HEADER_ARGS = frozenset({"header", "headers"})


def is_harmless_header(name: str) -> bool:
    """Whether a request header is known to hold no credential (:data:`HARMLESS_HEADERS`)."""
    return name.strip().strip("\"'").lower() in HARMLESS_HEADERS


def parse_header_text(text: str) -> dict[str, str] | None:
    """``header=`` text as a mapping: a JSON object, or ``Name: value; Name2: value2``; None
    when it is neither (a pasted bare value)."""
    import json

    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    if isinstance(parsed, dict):
        return {str(k): str(v) for k, v in parsed.items()}
    out = {}
    for part in text.split(";"):
        name, colon, value = part.partition(":")
        if not colon or not name.strip():
            return None
        out[name.strip()] = value.strip()
    return out


def header_secrets(headers: Any) -> list[str]:
    """The value of every header in ``headers`` (a mapping or ``header=`` text) that is not
    known to be harmless (of ``Bearer <credential>``, the credential)."""
    mapping = parse_header_text(headers) if isinstance(headers, str) else headers
    found: list[str] = []
    if mapping is None:  # not headers (``Bearer sk-...`` alone): its shapes, else all of it
        _shapes(str(headers), found)
        return found or ([str(headers).strip()] if str(headers).strip() else [])
    for name, value in dict(mapping).items():
        if not is_harmless_header(str(name)) and value not in (None, ""):
            found.append(_values(str(value))[-1])  # ``Bearer x``: the credential, not the scheme
    return found


def _masked_header(value: Any) -> str:
    """``***``, or ``Bearer ***`` for a value with an auth scheme (the scheme is no secret)."""
    words = str(value).split()
    return f"{words[0]} {MASK}" if len(words) == 2 and words[0].lower() in _SCHEMES else MASK


def redact_headers(headers: Any) -> Any:
    """``headers`` (a mapping or ``header=`` text) with every value but harmless ones masked;
    text that is not headers at all is masked whole."""
    if isinstance(headers, Mapping):
        return {k: v if is_harmless_header(str(k)) or v in (None, "") else _masked_header(v)
                for k, v in headers.items()}
    text = str(headers)
    mapping = parse_header_text(text)
    if mapping is None:
        return MASK if text.strip() else text
    if text.lstrip().startswith("{"):
        import json

        return json.dumps(redact_headers(mapping))
    return "; ".join(f"{k}: {v}" for k, v in redact_headers(mapping).items())


# -- values seen earlier -----------------------------------------------------------------
_known: set[str] = set()
_known_sorted: list[str] = []


def remember(values: Iterable[Any]) -> None:
    """Replace these values by ``***`` wherever they appear in output from now on."""
    global _known_sorted
    added = False
    for value in values:
        if isinstance(value, bool) or value is None:
            continue
        text = str(value).strip().strip("\"'")
        if len(text) >= _MIN_KNOWN and text.lower() not in _NOT_SECRET_VALUES and text not in _known:
            _known.add(text)
            added = True
    if added:
        _known_sorted = sorted(_known, key=len, reverse=True)


def forget_all() -> None:
    """Drop every remembered value (tests)."""
    global _known_sorted
    _known.clear()
    _known_sorted = []


def remember_environment(environ: Mapping[str, str] | None = None) -> None:
    """Remember credential-named environment variables (``HF_TOKEN`` ...) of 8+ characters."""
    env = os.environ if environ is None else environ
    remember(v for k, v in env.items() if is_secret_name(k) and len(v.strip()) >= 8)


def redact_known(text: str) -> str:
    """``text`` with every remembered secret value replaced."""
    for secret in _known_sorted:
        if secret in text:
            text = text.replace(secret, MASK)
    return text


# -- shapes ------------------------------------------------------------------------------
_VALUE = r"""(?:"[^"]*"|'[^']*'|[^\s,;&"'}\])]+)"""
_SCHEME = r"(?:(?:Bearer|Basic|Token|Digest|Bot|ApiKey|Key)\s+)?"
# name=value, "name": value, 'name'=value, Name: value
_PAIR = re.compile(
    r"""(?<!\w)(?P<q>["']?)(?P<name>[A-Za-z][\w-]*)(?P=q)(?P<sep>\s*[=:]\s*)"""
    rf"(?P<scheme>{_SCHEME})(?P<value>{_VALUE})", re.IGNORECASE)
_USERINFO = re.compile(r"(?P<head>\b[a-z][a-z0-9+.-]*://)(?P<info>[^/\s@?#,'\"]+)@", re.IGNORECASE)
_QUERY = re.compile(r"(?P<head>[?&])(?P<name>[\w.%-]+)=(?P<value>[^&#\s,'\"]*)")
_BEARER = re.compile(r"\b(?P<scheme>Bearer\s+)(?P<value>[A-Za-z0-9._~+/=-]*\d[A-Za-z0-9._~+/=-]*)",
                     re.IGNORECASE)
_KEY_SHAPES = re.compile(
    r"\b(?:hf_[A-Za-z0-9]{30,}|sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}|gh[pousr]_[A-Za-z0-9]{30,}"
    r"|github_pat_[A-Za-z0-9_]{30,}|xox[abposr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}"
    r"|AIza[0-9A-Za-z_-]{35})")


_SCHEMES = frozenset({"bearer", "basic", "token", "digest", "bot", "apikey", "key"})


def _values(value: str) -> list[str]:
    """A found secret value, and its credential alone when it is ``Bearer <credential>``."""
    bare = value.strip().strip("\"'")
    words = bare.split()
    if len(words) == 2 and words[0].lower() in _SCHEMES:
        return [bare, words[1]]
    return [bare]


def _mask_value(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[0] + MASK + value[0]
    return MASK


def _shapes(text: str, found: list[str] | None) -> str:
    def userinfo(m: re.Match[str]) -> str:
        if found is not None:
            import base64
            from urllib.parse import unquote

            info = m.group("info")
            basic = base64.b64encode(unquote(info).encode()).decode()  # as HTTP Basic sends it
            found.extend([info, info.partition(":")[2], basic])
        return m.group("head") + MASK + "@"

    def query(m: re.Match[str]) -> str:
        name = m.group("name")
        secret = is_secret_name(name) or name.lower().replace("-", "_") in _QUERY_WORDS
        if not secret or not m.group("value"):
            return m.group(0)
        if found is not None:
            found.append(m.group("value"))
        return f"{m.group('head')}{m.group('name')}={MASK}"

    def pairs(text: str) -> str:
        # by hand, not re.sub: a pair with an ordinary name gives back its value, which may
        # hold a secret pair itself (``header=X-Api-Key: abc``)
        out, pos = [], 0
        while (m := _PAIR.search(text, pos)) is not None:
            name, sep, value = m.group("name"), m.group("sep"), m.group("value")
            bare_colon = ":" in sep and not m.group("q")
            if (not is_secret_name(name) or value.strip("\"'") == MASK
                    or (bare_colon and name.lower() in _PROSE_WORDS)):
                # "token: x" in prose stays; `token=x` and '"token": x' are masked
                out.append(text[pos:m.end("sep")])
                pos = m.end("sep")
                continue
            if found is not None:
                found.extend(_values(value))
            out.append(text[pos:m.start("value")] + _mask_value(value))
            pos = m.end()
        out.append(text[pos:])
        return "".join(out)

    def bearer(m: re.Match[str]) -> str:
        if found is not None:
            found.append(m.group("value"))
        return m.group("scheme") + MASK

    def shaped(m: re.Match[str]) -> str:
        if found is not None:
            found.append(m.group(0))
        return MASK

    text = _USERINFO.sub(userinfo, text)
    text = _QUERY.sub(query, text)
    text = pairs(text)
    text = _BEARER.sub(bearer, text)
    return _KEY_SHAPES.sub(shaped, text)


_NAME_LIKE = re.compile(r"[a-z][a-z0-9_.\-]{0,39}")


def shown_word(text: str, what: str = "text") -> str:
    """``text`` quoted for an error message when it reads as an argument name (lowercase, at
    most 3 digits); else its length only: a bare value in ``--model_args`` may be a key whose
    ``api_key=`` was forgotten, and an error message is an output too."""
    word = str(text).strip()
    if _NAME_LIKE.fullmatch(word) and sum(c.isdigit() for c in word) <= 3:
        return repr(word)
    return f"({what} of {len(word)} characters, not shown: it may be a credential)"


def redact_text(text: Any) -> str:
    """Free text (a message, a URL, an argument string) with every credential masked."""
    out = str(text)
    if not out:
        return out
    return _shapes(redact_known(out), None)


# -- structured data ---------------------------------------------------------------------
def _split_items(text: str) -> list[str]:
    """``k=v,k2="a,b"`` split on top-level commas, quotes kept (unlike parse_model_args)."""
    items, buf, quote = [], [], ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == ",":
            items.append("".join(buf))
            buf = []
            continue
        buf.append(ch)
    items.append("".join(buf))
    return items


def _redact_item(item: str, found: list[str] | None) -> str:
    name, eq, value = item.partition("=")
    if eq and name.strip().lower() in HEADER_ARGS:
        if found is not None:
            found.extend(header_secrets(value.strip().strip("\"'")))
        return f"{name}={redact_headers(value.strip().strip(chr(34) + chr(39)))}"
    if eq and is_secret_name(name):
        if found is not None:
            found.extend(_values(value))
        return f"{name}={MASK}" if value.strip() else item
    return _shapes(redact_known(item), found)


def redact_args(model_args: Any) -> Any:
    """``--model_args`` as given (a ``k=v,...`` string or a mapping), credentials masked."""
    if model_args is None:
        return None
    if isinstance(model_args, Mapping):
        return redact_data(dict(model_args))
    return ",".join(_redact_item(item, None) for item in _split_items(str(model_args)))


def secrets_in(model_args: Any) -> list[str]:
    """Every secret value in ``--model_args``-style input (names, headers, URLs)."""
    found: list[str] = []
    if isinstance(model_args, Mapping):
        _collect(model_args, found)
    elif model_args is not None:
        for item in _split_items(str(model_args)):
            _redact_item(item, found)
    return [f for f in found if f]


def remember_args(model_args: Any) -> None:
    """Remember every secret in ``--model_args``-style input, to mask it anywhere later."""
    remember(secrets_in(model_args))


def _collect(data: Any, found: list[str]) -> None:
    if isinstance(data, Mapping):
        for key, value in data.items():
            if str(key).lower() in HEADER_ARGS and isinstance(value, (Mapping, str)):
                found.extend(header_secrets(value))
            elif is_secret_name(str(key)) and not isinstance(value, (Mapping, list, tuple)):
                found.extend(_values(str(value)))
            else:
                _collect(value, found)
    elif isinstance(data, (list, tuple)):
        for item in data:
            _collect(item, found)
    elif isinstance(data, str):
        _shapes(data, found)


def redact_data(data: Any, *, shapes: bool = True, names: bool = True) -> Any:
    """A copy of JSON-like ``data``: credential-named keys masked (``names``), strings redacted.

    ``shapes=False`` only replaces remembered values in strings, and ``names=False`` keeps every
    key's value: for samples and task configs, whose documents, templates and model answers are
    free text where a pattern (``password = x`` in code, a ``key`` column) is not a secret.
    """
    if isinstance(data, Mapping):
        out = {}
        for key, value in data.items():
            if names and str(key).lower() in HEADER_ARGS and isinstance(value, (Mapping, str)):
                out[key] = redact_headers(value)
            elif (names and is_secret_name(str(key)) and value is not None
                    and not isinstance(value, (bool, Mapping, list, tuple))):
                out[key] = MASK
            else:
                out[key] = redact_data(value, shapes=shapes, names=names)
        return out
    if isinstance(data, list):
        return [redact_data(v, shapes=shapes, names=names) for v in data]
    if isinstance(data, tuple):
        return tuple(redact_data(v, shapes=shapes, names=names) for v in data)
    if isinstance(data, str):
        return redact_text(data) if shapes else redact_known(data)
    return data


def has_known() -> bool:
    """Whether any secret value has been remembered (a fast path for large outputs)."""
    return bool(_known)


def redact_results(results: dict[str, Any]) -> dict[str, Any]:
    """The results dict as it may leave the process (files, table, reporters, hooks).

    The run's ``config`` is redacted in full (``model_args`` item by item); task ``configs``
    by key name and remembered values; samples and every other string by remembered values.
    """
    out = dict(results)
    config = dict(out.get("config") or {})
    if "model_args" in config:
        config["model_args"] = redact_args(config["model_args"])
    if "config" in out:
        out["config"] = redact_data(config)
    if "configs" in out:
        out["configs"] = redact_data(out["configs"], shapes=False)
    if _known:
        for key, value in out.items():
            if key not in ("config", "configs"):
                out[key] = redact_data(value, shapes=False, names=False)
    return out


_installed = False


def install() -> None:
    """Redact every log record, warning and uncaught traceback of this process (the CLI).

    Also remembers credential-named environment variables (at least 8 characters), so a key
    read from ``OPENAI_API_KEY`` or ``HF_TOKEN`` is masked if anything echoes it.
    """
    global _installed
    if _installed:
        return
    _installed = True
    import logging
    import sys
    import warnings

    remember_environment()
    make_record = logging.getLogRecordFactory()

    def record_factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = make_record(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: logging reports it itself
            return record
        clean = redact_text(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and record.exc_info[0] is not None:
            import traceback

            record.exc_text = redact_text("".join(traceback.format_exception(*record.exc_info))).rstrip("\n")
        return record

    logging.setLogRecordFactory(record_factory)
    format_warning = warnings.formatwarning

    def formatwarning(*args: Any, **kwargs: Any) -> str:
        return redact_text(format_warning(*args, **kwargs))

    warnings.formatwarning = formatwarning  # type: ignore[assignment]

    def excepthook(kind: type[BaseException], value: BaseException, tb: Any) -> None:
        import traceback

        sys.stderr.write(redact_text("".join(traceback.format_exception(kind, value, tb))))

    sys.excepthook = excepthook
