"""The tokenizer RULER sizes its documents with: ``tokenizer``, ``pretrained`` or ``model`` from the
task metadata (lmeval merges ``--model_args`` and ``--metadata`` into it), as lm-eval reads it."""

from __future__ import annotations

from functools import cache
from typing import Any

from lmeval.errors import UsageError

KEYS = ("tokenizer", "pretrained", "model")
MISSING = ("RULER tasks build their documents to token lengths and need a tokenizer: pass one with "
           "--model_args pretrained=<name> or tokenizer=<name>, or --metadata '{\"tokenizer\": \"<name>\"}'")


def tokenizer_name(metadata: dict[str, Any]) -> str:
    """The first non-empty string among ``tokenizer``, ``pretrained``, ``model``; else a one-line error."""
    for key in KEYS:
        value = metadata.get(key)
        if isinstance(value, str) and value:
            return value
    raise UsageError(MISSING)


@cache
def load_tokenizer(name: str) -> Any:
    """``AutoTokenizer.from_pretrained(name, trust_remote_code=True)``, refused in one line when it
    cannot be loaded or measures a sentence as 0 tokens (lengths could not be measured)."""
    from lmeval_tasks_longcontext.ruler.libraries import transformers

    try:
        tok = transformers().AutoTokenizer.from_pretrained(name, trust_remote_code=True)
    except (OSError, ValueError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise UsageError(f"RULER: cannot load tokenizer {name!r}: {first}") from None
    if len(tok("The quick brown fox jumps over the lazy dog.").input_ids) == 0:
        raise UsageError(f"RULER: tokenizer {name!r} encodes a non-empty string to 0 tokens, so lengths "
                         "cannot be measured; pass another with --metadata '{\"tokenizer\": \"<name>\"}'")
    return tok


def token_count(tok: Any, text: str) -> int:
    return len(tok(text).input_ids)
