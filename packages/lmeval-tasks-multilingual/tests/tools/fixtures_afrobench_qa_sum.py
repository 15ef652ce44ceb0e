"""Fixtures of AfroBench's AfriQA and XL-Sum, and the AfriMMLU mirror ``afrobench_lite`` needs."""

from __future__ import annotations

import shutil
from pathlib import Path

from afrobench_qa_sum import AFRIQA_LANGS, XLSUM_LANGS
from fixture_rows import OUT, N, dump

# ============================================================================== fixture mirrors
# Synthetic rows in each Hub dataset's schema (called by make_fixtures.py). The answers
# and summaries share words with the parity benchmark's scripted generations (" Paris", " yes", " The
# answer is 5." ...), so exact match, F1 and ROUGE-L score more than zero on some documents.
_AFRIQA_ANSWERS = ["Paris", "The answer is 5", "yes.", "the River Niger", "42"]


def afriqa_fixtures() -> None:
    """masakhane/afriqa-gold-passages (its loading script's columns; not checked against the Hub here, no
    network): the question in the African language, its pivot translation, the gold passage, the answer in
    both. Swahili has only test rows, the split lm-eval draws its few-shot examples from."""
    for k, lang in enumerate(AFRIQA_LANGS):
        pivot = "fr" if lang == "fon" else "en"
        for split in ("test",) if lang == "swa" else ("train", "test"):
            dump("masakhane/afriqa-gold-passages", lang, split, [{
                "id": f"{lang}-{split}-{i}", "title": f"Title {i}",
                "context": f"Passage {i} ({pivot}) of {lang} {split}: the answer is {_AFRIQA_ANSWERS[(i + k) % 5]}.",
                "question_lang": f"Swali {i} la {lang} ({split})?", "question_translated": f"Question {i} of {lang}?",
                "answer_lang": f"jibu {i}", "answer_pivot": _AFRIQA_ANSWERS[(i + k + len(split)) % 5]}
                for i in range(N)])


_XLSUM_SUMMARIES = ["The answer is 5 and Paris agrees.", "yes, the minister said", "def f x return x",
                    "Paris hosts the summit", "Rain falls on 42 towns."]


def xlsum_fixtures() -> None:
    """csebuetnlp/xlsum: BBC article (``text``) with its id, url, title and one-sentence ``summary``."""
    for k, config in enumerate(XLSUM_LANGS):
        for split in ("validation", "test"):
            dump("csebuetnlp/xlsum", config, split, [{
                "id": f"{config}-{split}-{i}", "url": f"https://www.bbc.com/{config}/{split}-{i}",
                "title": f"Title {i} ({config} {split})", "summary": _XLSUM_SUMMARIES[(i + k + len(split)) % 5],
                "text": f"Article {i} of {config} {split}. " + _XLSUM_SUMMARIES[(i + k) % 5]} for i in range(N)])


def afrimmlu_fixtures() -> None:
    """masakhane/afrimmlu for ``afrobench_lite`` (its AfriMMLU members are lmeval-tasks-mmlu's): that pack's own
    mirror, copied."""
    source = Path(__file__).resolve().parents[3] / "lmeval-tasks-mmlu/tests/fixtures/datasets/masakhane/afrimmlu"
    target = OUT / "masakhane" / "afrimmlu"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)


FAMILIES = [afriqa_fixtures, xlsum_fixtures, afrimmlu_fixtures]
