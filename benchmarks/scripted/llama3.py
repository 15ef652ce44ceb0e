"""Answers for lm-eval's ``llama3`` tasks: letters after the ``The best answer is`` prefix (with
spaces, case, ``$`` and ``.`` for exact_match to ignore), step-by-step answers ending in ``best
answer is X`` (met, missed, twice), GSM8K answers ending ``The final answer is N`` or not."""

from __future__ import annotations

import json


def generations(text: str) -> tuple[str, ...] | None:
    context = json.loads(text)
    prompt = context if isinstance(context, str) else text
    if "The final answer is [answer]" in prompt:
        return (
            " 2 + 3 = 5. The final answer is 5",
            " So the total is 1,000 apples. The final answer is $1,000.",
            " The final answer is 7. Or maybe the final answer is 9",
            " I think it is 11 apples.",
            "",
        )
    if "[the_answer_letter]" not in prompt or "Given the following question and" not in prompt:
        return None
    if prompt.rstrip().endswith("The best answer is"):
        return (" B", " c", " $D$", "A", " The best answer is C", " E", "")
    return (
        " ## Step 1: Read.\nThe best answer is B.",
        " the best answer is c",
        " The best answer is A. On reflection, the best answer is D.",
        " I cannot decide between A and C.",
        " Therefore The best answer is J.",
        "",
    )
