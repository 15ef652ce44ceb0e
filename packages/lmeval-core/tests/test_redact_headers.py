"""``header=``/``headers=`` model arguments: every header is a credential unless it is known to
be harmless (Content-Type, Accept, User-Agent ...), whatever its name, in every form a user can
give it (``Name: value; ...`` text, a JSON object, a mapping from a --config file)."""

from __future__ import annotations

import json
import random
import string

import pytest
from lmeval.outputs import redact

HARMLESS = {"Content-Type": "application/json", "Accept": "text/plain", "User-Agent": "me/1.0"}


def _names(n: int, seed: int = 0) -> list[str]:
    """Header names no rule of is_secret_name recognises (``X-Ab12``, ``Tenant-Route`` ...)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        parts = ["".join(rng.choices(string.ascii_letters, k=rng.randint(2, 7)))
                 for _ in range(rng.randint(1, 3))]
        name = "-".join(parts)
        if not redact.is_secret_name(name) and not redact.is_harmless_header(name):
            out.append(name)
    return out


def _value(rng: random.Random) -> str:
    return "".join(rng.choices(string.ascii_letters + string.digits + "._-", k=24))


NAMES = _names(12) + ["X-Session", "Ocp-Apim-Subscription-Key", "X-Goog-Api-Key", "Cookie"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("form", ["text", "json", "mapping"])
@pytest.mark.parametrize("arg", ["header", "headers"])
def test_an_unknown_header_is_masked_and_harmless_ones_are_kept(name, form, arg):
    value = _value(random.Random(name))
    headers = {name: value, **HARMLESS}
    text = "; ".join(f"{k}: {v}" for k, v in headers.items())
    given: object = {"text": text, "json": json.dumps(headers), "mapping": headers}[form]
    if form == "mapping":
        shown = json.dumps(redact.redact_data({"base_url": "http://h", arg: given}))
        found = redact.secrets_in({arg: given})
    else:
        shown = redact.redact_args(f"base_url=http://h,{arg}={given}")
        found = redact.secrets_in(f"base_url=http://h,{arg}={given}")
    assert value not in shown and "***" in shown
    for harmless_value in HARMLESS.values():
        assert harmless_value in shown
    assert value in found
    assert not set(HARMLESS.values()) & set(found)


def test_a_bearer_header_gives_its_credential_and_keeps_its_scheme():
    assert redact.header_secrets("X-Auth-Thing: Bearer abcdef123456") == ["abcdef123456"]
    assert redact.redact_args("header=X-Auth-Thing: Bearer abcdef123456") == (
        "header=X-Auth-Thing: Bearer ***")


def test_header_text_that_is_not_headers_is_masked_whole():
    """``header=sk-live-...`` (the name forgotten) is not shown back."""
    assert redact.redact_args("model=m,header=abcdefgh12345678") == "model=m,header=***"
    assert redact.header_secrets("abcdefgh12345678") == ["abcdefgh12345678"]


def test_harmless_headers_are_case_insensitive():
    for name in ("content-type", "ACCEPT", "User-Agent", "anthropic-version"):
        assert redact.is_harmless_header(name)
    assert not redact.is_harmless_header("X-Api-Key")
