"""MMLU-ProX's 29 answer patterns: an answer that ends with the language's own sentence (``答えは (C)
です``, ``Jibu ni (C)`` ...) is read as its letter by ``custom-extract``; the English sentence is
not, except in English (lm-eval's pattern there is ``answer is (X)``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lmeval.evaluator import evaluate
from lmeval.testing import ReferenceLM

LANGS = json.loads((Path(__file__).resolve().parents[1] / "generate" / "data" / "mmlu_prox.json")
                   .read_text(encoding="utf-8"))


class SentenceLM(ReferenceLM):
    """Answers every MMLU-ProX prompt with its language's answer sentence for ``C`` (or, with
    ``english``, the English one)."""

    def __init__(self, english: bool) -> None:
        super().__init__()
        self.english = english

    def generate_until(self, requests):
        out = []
        for r in requests:
            lang = next(k for k, v in LANGS.items() if r.args[0].endswith("\n" + v["answer"]))
            sentence = LANGS["en" if self.english else lang]["answer_is"]
            out.append(f" Step by step. {sentence.format('C')}.")
        self.report_answers(dict(enumerate(out)))
        return out


@pytest.mark.parametrize("english", [False, True], ids=["own-language", "english"])
def test_each_language_reads_its_own_answer_sentence(english):
    tasks = [f"mmlu_prox_lite_{lang}_math" for lang in LANGS]
    out = evaluate(SentenceLM(english), tasks=tasks, limit=1, log_samples=True, bootstrap_iters=0,
                   progress=False)
    for lang in LANGS:
        (sample,) = out["samples"][f"mmlu_prox_lite_{lang}_math"]
        read = sample["filtered_resps"][0]
        if english and lang != "en":
            assert read != "C", lang
        else:
            assert read == "C", lang
            assert sample["exact_match"] == float(sample["target"] == "C")
