"""Answers for GPQA's generated variants and MMLU-Pro's chain of thought: each extraction filter
(``The answer is (X)``, ``answer is X``, the last ``(X)``, an option's own words) met and missed."""

from __future__ import annotations

import json
import re


def _options(prompt: str) -> list[str]:
    return re.findall(r"^\([A-D]\) (.*)$", prompt.split("Choices:\n")[-1], re.M)


def generations(text: str) -> tuple[str, ...] | None:
    context = json.loads(text)
    prompt = context if isinstance(context, str) else text
    gpqa = "What is the correct answer to this question:" in prompt or "Here are some example questions from experts" in prompt
    if gpqa and "\nChoices:\n(A) " in prompt:
        options = _options(prompt) or ["?"]
        return (
            " The answer is (B).",
            " Let me think. (A) fails, (C) fits. The answer is (C).\n\nQuestion: next",
            " The answer is D.",
            " the answer is (a).",
            f" It must be {options[-1]}.",
            " (A) or (D); hard to say. The answer is",
            " answer is B",
            "",
        )
    if "\nOptions:\nA. " in prompt and prompt.endswith("Answer: Let's think step by step."):
        return (
            " The first option is wrong. The answer is (C).",
            " the answer is D.",
            " So the answer is J\n\nQuestion: next one",
            " The answer is: E",
            " I pick (B).",
            " answer is (a)",
            "",
        )
    return None
