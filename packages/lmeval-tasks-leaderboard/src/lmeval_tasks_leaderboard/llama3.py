"""Document helpers of lm-eval 0.4.13's ``llama3/instruct`` tasks (Meta's Llama-3.1 evaluation formats)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

ARC_LABELS = ["A", "B", "C", "D"]
_ANSWER = re.compile(r"The answer is \(([A-Z])\)\.")


def arc_process_docs(dataset: Any) -> Any:
    """ARC-Challenge as Meta evaluates it: four-option questions only, labels ``1``-``4`` as ``A``-``D``."""
    def relabel(doc: dict[str, Any]) -> dict[str, Any]:
        choices = doc["choices"]
        choices["label"] = list(ARC_LABELS)
        key = doc["answerKey"]
        if key not in ARC_LABELS:
            key = ARC_LABELS[int(key) - 1]
        return {"question": doc["question"], "choices": choices, "answerKey": key}

    return dataset.filter(lambda doc: len(doc["choices"]["label"]) == 4).map(relabel)


def in_subtask(subtask: str) -> Callable[[Any], Any]:
    """``process_docs`` keeping the rows of one ``subtask_name`` of ``Llama-3.1-8B-Instruct-evals``."""
    def process_docs(dataset: Any) -> Any:
        return dataset.filter(lambda doc: doc["subtask_name"] == subtask)
    process_docs.__name__ = f"process_docs_{subtask.rpartition('.')[2]}"
    return process_docs


def mmlu_pro_fewshot_to_text(example: dict[str, Any]) -> str:
    """An MMLU-Pro example's reasoning, its conclusion rewritten as ``The best answer is X.``"""
    text = example["cot_content"].removeprefix("A: Let's think step by step.").strip()
    return _ANSWER.sub(r"The best answer is \1.", text)
