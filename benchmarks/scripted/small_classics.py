"""The generate_until tasks of issue 32's classics: unscramble (the right word, near misses), FLD
(the three labels with stray whitespace and case), logieval (letters the regex reads or not),
translation and wmt-ro-en-t5-prompt (right, partial and empty translations: BLEU, chrF, TER and
WER between 0 and 1) and the Based recall tasks (the value inside a sentence, its case changed,
absent)."""

from __future__ import annotations

import json

FLD = (" PROVED", "DISPROVED", "  UNKNOWN\t", "proved", "PRO VED", " DISPROVED; because fact1", "")
LOGIEVAL = (" A", "B) because", "  C", "The answer is D", "d", "")
TRANSLATION = (" la maison numéro 0 (test) est rouge", " das Haus ist rot", " the house number 1 (test) is red",
               " casa numărul 2 (test) este roșie", "", " المنزل رقم 0 (test) أحمر", " house red")
BASED = (" 1909", " The movie opened in 1919.", " 19", " unknown", "", " THE DATE IS 1929")


def _unscramble(prompt: str) -> tuple[str, ...]:
    scrambled = prompt.rstrip(" =").split("\n")[-1]
    word = scrambled[::-1]
    return (word, f" {word}", word.upper(), f"{word}.", scrambled, "")


def generations(text: str) -> tuple[str, ...] | None:
    prompt = json.loads(text) if text.startswith('"') else ""
    if not isinstance(prompt, str):
        return None
    if prompt.startswith("Please unscramble the letters") and prompt.endswith(" ="):
        return _unscramble(prompt)
    if prompt.startswith("Based on the provided facts ($context$)"):
        return FLD
    if "you generate the answer 'A'" in prompt:
        return LOGIEVAL
    if prompt.endswith((" phrase:",)) or prompt.startswith("translate English to Romanian:"):
        return TRANSLATION
    if prompt.endswith("release date:"):
        return BASED
    return None
