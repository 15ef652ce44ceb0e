"""MMLU-ProX (``mmlu_prox_*``, 29 languages): answers for its ``custom-extract`` filter, the
language's answer sentence with the letter in brackets, without brackets, in lower case, the
English sentence, a bare letter and nothing. English prompts are MMLU-Pro's and get gpqa.py's
answers first."""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "packages" / "lmeval-tasks-mmlu" / "generate" / "data" / "mmlu_prox.json"
LANGS = json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else {}


def generations(text: str) -> tuple[str, ...] | None:
    context = json.loads(text)
    if not isinstance(context, str):
        return None
    for strings in LANGS.values():
        if context.endswith("\n" + strings["answer"]) and f"\n{strings['options']}\nA. " in context:
            sentence = strings["answer_is"]
            return (
                f" ... {sentence.format('C')}.",
                f" {sentence.format('b')}",
                f" {sentence.replace('({})', 'D')}",
                f" (A) {sentence.format('J')}\n\n{strings['question']} next",
                " The answer is (E).",
                " B",
                "",
            )
    return None
