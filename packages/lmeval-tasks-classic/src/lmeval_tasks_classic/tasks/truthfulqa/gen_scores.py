"""truthfulqa_gen's scores: the answer against each true and false reference, T5-style sentence
BLEU (sacrebleu) and ROUGE-1/2/Lsum F-measures (rouge-score), as lm-eval 0.4.13 computes them
(:mod:`lmeval_tasks_classic.true_false`). Needs the [truthfulqa] extra; without it the task fails to load,
naming the extra, before any model call."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lmeval_tasks_classic.true_false import TrueFalseScorer

_SCORER = TrueFalseScorer(needed_by="truthfulqa_gen",
                          install="'lmeval-tasks-classic[truthfulqa]'")


def process_results_gen(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
    return _SCORER.process_results(doc, results)
