"""GPQA documents as lm-eval 0.4.13's ``gpqa_*`` and ``leaderboard_gpqa_*`` tasks prepare them.

Each document's four answers (three incorrect, then the correct one) are cleaned, shuffled, and
exposed as ``choice1``..``choice4`` (plus ``choices`` for the generative variants, which their
``multi_choice_regex`` filter reads) with the gold letter as ``answer`` (``"(C)"``).

The shuffle follows lm-eval's seed rule: lm-eval draws each document's order, in document order,
from Python's generator seeded with 0 (the ``--seed`` default; the ``n_shot`` variant from its
module generator seeded with 42). lm-eval draws again each time it reads the documents, so its
later reads (the ones its requests and its gold come from) depend on what ran before; here every
read gives the order of the first read of a fresh process, for every task alike, so the prompts
and the gold always agree and a run is reproducible (a deliberate difference, see the README).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

ANSWERS = ("Incorrect Answer 1", "Incorrect Answer 2", "Incorrect Answer 3", "Correct Answer")
LETTERS = "ABCD"


def clean(text: str | None) -> str:
    """lm-eval's ``preprocess``: stripped, `` [title]`` as ``. ``, double spaces once halved."""
    if text is None:
        return " "
    return text.strip().replace(" [title]", ". ").replace("  ", " ")


def clean_leaderboard(text: str | None) -> str:
    """The leaderboard's ``preprocess``: :func:`clean`, bracketed spans removed before the spaces."""
    if text is None:
        return " "
    text = text.strip().replace(" [title]", ". ")
    return re.sub(r"\[.*?\]", "", text).replace("  ", " ")


def orders(count: int, seed: int) -> list[list[int]]:
    """The answer order of each of ``count`` documents: ``random.Random(seed).shuffle`` of the
    four answers, document after document (the shuffle's draws do not depend on the values)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        order = [0, 1, 2, 3]
        rng.shuffle(order)
        out.append(order)
    return out


def shuffled(doc: dict[str, Any], order: list[int], clean_text: Callable[[str | None], str],
             with_choices: bool) -> dict[str, Any]:
    answers = [clean_text(doc[column]) for column in ANSWERS]
    options = [answers[i] for i in order]
    gold = options.index(clean_text(doc["Correct Answer"]))  # the first equal answer, as lm-eval
    out: dict[str, Any] = {f"choice{i + 1}": option for i, option in enumerate(options)}
    if with_choices:
        out["choices"] = list(options)
    out["answer"] = f"({LETTERS[gold]})"
    return out


def _processor(seed: int, clean_text: Callable[[str | None], str], with_choices: bool) -> Callable[[Any], Any]:
    def process_docs(dataset: Any) -> Any:
        table = orders(len(dataset), seed)
        return dataset.map(lambda doc, i: shuffled(doc, table[i], clean_text, with_choices),
                           with_indices=True)
    return process_docs


#: ``gpqa_*_zeroshot`` (Python's generator, seed 0)
process_docs = _processor(0, clean, with_choices=False)
#: ``gpqa_*_n_shot`` (its own generator, seed 42)
process_docs_n_shot = _processor(42, clean, with_choices=False)
#: ``gpqa_*_cot_zeroshot``, ``gpqa_*_cot_n_shot``, ``gpqa_*_generative_n_shot`` (with ``choices``)
process_docs_generative = _processor(0, clean, with_choices=True)
#: ``leaderboard_gpqa_*``
process_docs_leaderboard = _processor(0, clean_leaderboard, with_choices=False)
