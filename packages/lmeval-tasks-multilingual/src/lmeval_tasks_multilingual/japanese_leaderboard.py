"""The Japanese LLM leaderboard tasks of lm-eval 0.4.13 (``japanese_leaderboard``): documents of
JCommonsenseQA and XWinograd-ja, MGSM's integer answer, and XL-Sum-ja's ROUGE-2 over MeCab tokens
(fugashi with unidic-lite, text normalized with neologdn, emoji removed; rouge-score's bootstrap
middle F-measure over the set). The ROUGE needs the ``[japanese]`` extra, checked when
``ja_leaderboard_xlsum`` loads."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.requires import require

Doc = Mapping[str, Any]


def jcommonsenseqa_docs(docs: Any) -> Any:
    return docs.map(lambda doc: {**doc, "choices": [doc[f"choice{i}"] for i in range(5)]})


def xwinograd_docs(docs: Any) -> Any:
    return docs.map(lambda doc: {**doc, "label": int(doc["answer"]) - 1,
                                 "choices": [doc["sentence1"].strip(), doc["sentence2"].strip()]})


_NUMBER = re.compile(r"(\-?[0-9\.\,]+)")


def _extract_answer(completion: str) -> int | str:
    matches = _NUMBER.findall(completion)
    if matches:
        text = matches[-1].strip(".").replace(",", "")
        try:
            number = float(text)
        except ValueError:
            return "[invalid]"
        if number.is_integer():
            return int(number)
    return "[invalid]"


def mgsm_process_results(doc: Doc, results: Sequence[str]) -> dict[str, bool]:
    """The last number of the completion (an integer) against ``answer_number``."""
    return {"acc": _extract_answer(results[0]) == doc["answer_number"]}


_INSTALL = "'lmeval-tasks-multilingual[japanese]'"
_NEEDED_BY = "ja_leaderboard_xlsum's ROUGE-2 (MeCab tokens)"


def check_installed() -> None:
    for module, library in (("fugashi", "fugashi"), ("unidic_lite", "unidic-lite"), ("neologdn", "neologdn"),
                            ("emoji", "emoji"), ("rouge_score.rouge_scorer", "rouge-score")):
        require(module, needed_by=_NEEDED_BY, library=library, install=_INSTALL)


_EMOJI = re.compile("[\U0001f600-\U0001f64f\U0001f300-\U0001f5ff\U0001f680-\U0001f6ff\U0001f1e0-\U0001f1ff"
                    "\U00002702-\U000027b0]+", flags=re.UNICODE)


class MecabTokenizer:
    """rouge-score's tokenizer interface over MeCab's wakati output of the normalized text."""

    def __init__(self) -> None:
        self.tagger = require("fugashi", needed_by=_NEEDED_BY, install=_INSTALL).Tagger("-Owakati")
        self.emoji = require("emoji", needed_by=_NEEDED_BY, install=_INSTALL)
        self.neologdn = require("neologdn", needed_by=_NEEDED_BY, install=_INSTALL)

    def normalize(self, text: str) -> str:
        text = "".join("" if self.emoji.is_emoji(c) else c for c in text)
        text = _EMOJI.sub("", text)
        return " ".join(self.neologdn.normalize(text).split())

    def tokenize(self, text: str) -> list[str]:
        return self.tagger.parse(self.normalize(text)).split()


def rouge2(items: Any) -> Any:
    """Per document: the (summary, generation) pair, scored over the set by :func:`rouge2_agg`."""
    return items


def rouge2_agg(items: Sequence[Sequence[str]]) -> float:
    scorer_module = require("rouge_score.rouge_scorer", needed_by=_NEEDED_BY, library="rouge-score",
                            install=_INSTALL)
    scoring = require("rouge_score.scoring", needed_by=_NEEDED_BY, library="rouge-score", install=_INSTALL)
    scorer = scorer_module.RougeScorer(rouge_types=["rouge2"], tokenizer=MecabTokenizer())
    aggregator = scoring.BootstrapAggregator()
    for reference, prediction in zip([i[0] for i in items], [i[1] for i in items], strict=True):
        aggregator.add_scores(scorer.score(reference, prediction))
    return aggregator.aggregate()["rouge2"].mid.fmeasure
