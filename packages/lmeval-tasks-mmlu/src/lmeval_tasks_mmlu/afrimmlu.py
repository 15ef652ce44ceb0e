"""AfriMMLU (IrokoBench): the five prompt templates of the in-language (``direct``) and
translate-test (``translate``) tasks, the choices and weighted F1; the task folders' ``utils.py``
name them for their YAML's ``!function``.

The dataset stores ``choices`` as the text of a Python list, hence ``ast.literal_eval``. The
templates are reproduced byte for byte, including their indentation and trailing spaces; the
translate-test variant differs in two of them (prompt 3 quotes the letters ``''A''``, prompt 5
has no blank line before the question), as lm-eval 0.4.13's do.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable

_I16 = " " * 16
_I24 = " " * 24
_I8 = " " * 8

_CHOICES = "Choices:\n" + "".join(f"{_I8}{k}: {{{k}}}\n" for k in "ABCD")


def _templates(letters: str, before_question: str) -> dict[int, str]:
    return {
        1: (
            "You are a highly knowledgeable and intelligent artificial intelligence\n"
            f"{_I16}model answers multiple-choice questions about {{subject}}\n\n"
            f"{_I16}Question: {{question}}\n\n"
            f"{_I16}Choices:\n"
            + "".join(f"{_I24}{k}: {{{k}}}\n" for k in "ABCD")
            + f"\n{_I16}Answer:  "
        ),
        2: (
            "As an expert in {subject}, choose the most accurate answer to the question below.\n"
            "Your goal is to select the correct option 'A', 'B', 'C', or 'D' by understanding the "
            "nuances of the topic.\n\nQuestion: {question}\n" + _CHOICES + "Answer: "
        ),
        3: (
            "You are a subject matter expert in {subject}.\n\n"
            "  Utilizing your expertise in {subject}, answer the following multiple-choice question\n"
            f"  by picking {letters}.\n\nQuestion: {{question}}\n" + _CHOICES + "Answer: "
        ),
        4: (
            "Analyze each question critically and determine the most correct option based on your "
            "understanding of the subject matter\n\nQuestion: {question}\n" + _CHOICES + "Answer: "
        ),
        5: (
            "Given your proficiency in {subject}, please answer the subsequent multiple-choice "
            f"question with 'A', 'B', 'C', or 'D'.{before_question}Question: {{question}}\n"
            + _CHOICES + "Answer: "
        ),
    }


TEMPLATES = {
    "direct": _templates("'A', 'B', 'C', or 'D'", "\n\n"),
    "translate": _templates("''A'', ''B'', ''C'', or ''D''", "\n"),
}


def doc_to_choice(doc: dict) -> list[str]:
    return list(ast.literal_eval(doc["choices"]))


def render(variant: str, number: int, doc: dict) -> str:
    a, b, c, d = doc_to_choice(doc)[:4]
    return TEMPLATES[variant][number].format(
        subject=doc["subject"], question=doc["question"], A=a, B=b, C=c, D=d
    )


def prompts(variant: str) -> tuple[Callable[[dict], str], ...]:
    """``prompt_1`` … ``prompt_5`` of a variant, as ``doc_to_text`` functions."""

    def make(number: int) -> Callable[[dict], str]:
        def prompt(doc: dict) -> str:
            return render(variant, number, doc)

        prompt.__name__ = prompt.__qualname__ = f"prompt_{number}"
        return prompt

    return tuple(make(n) for n in sorted(TEMPLATES[variant]))


def weighted_f1(items: list) -> float:
    """F1 per class, averaged with weights = each class's count among the golds.

    ``items`` are ``(gold, prediction)`` pairs; a class never predicted (or never gold) has
    F1 0; classes that occur only among predictions weigh nothing.
    """
    golds = [g for g, _ in items]
    preds = [p for _, p in items]
    support = Counter(golds)
    predicted = Counter(preds)
    hits = Counter(g for g, p in zip(golds, preds, strict=True) if g == p)
    total = 0.0
    for label, count in support.items():
        denom = count + predicted[label]
        total += count * (2 * hits[label] / denom if denom else 0.0)
    return total / len(golds) if golds else 0.0
