"""Global PIQA generation (``global_piqa_*_generation_*``): answers for its strict_match regex
(the last of "The best/final answer ... X", "Answer: X", ``\\boxed{X}``): each form, a lower-case
letter the regex ignores, a letter past the task's options, several answers, and none."""

from __future__ import annotations

GLOBAL_PIQA = ("Thinking it over.\n\nThe best answer is: B", "Answer: A", "So \\boxed{D}", "The final answer is (a)",
               "The answer is C, no wait, the best answer is: A", "Option B seems right.", "")


def generations(text: str) -> tuple[str, ...] | None:
    if "where [answer_letter] is one of A" in text:
        return GLOBAL_PIQA
    return None
