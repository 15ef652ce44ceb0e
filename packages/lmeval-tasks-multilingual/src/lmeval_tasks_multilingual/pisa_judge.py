"""PISA-Bench's ``_llm_judged`` tasks: an OpenAI chat model grades each answer, 1 or 0, as lm-eval
0.4.13 asks it (its system and user prompts, temperature 0, one token). The key comes from
``OPENAI_API_KEY``, the model from ``MODEL_VERSION`` (default ``gpt-4.1-mini``); the ``openai``
package is the ``[pisa-judge]`` extra. Both are checked when the task loads, before the model does;
the key never appears in an error (replaced by ``***``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.errors import UsageError
from lmeval.requires import require

from lmeval_tasks_multilingual.pisa import choice_info, options

SYSTEM_PROMPT = """You are an impartial grader for multiple-choice questions.
You are given:
1) the model's free-form output (student_answer),
2) the available options (each with a letter and text),
3) the correct answer (by letter and/or text).

Your job:
- Extract which single option the student intended (by letter if present, otherwise by best semantic match to the option text).
- Compare that choice to the correct answer.
- Output only a single character: 1 if correct, 0 if incorrect.
No explanation. No extra characters. Just 1 or 0."""  # noqa: E501 -- the judge's prompt, verbatim

_NEEDED_BY = "the pisa_*_llm_judged tasks' judge"


def _key() -> str:
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        raise UsageError(f"{_NEEDED_BY} calls OpenAI's API: set OPENAI_API_KEY (and MODEL_VERSION for a judge "
                         "other than gpt-4.1-mini), or run the pisa tasks without _llm_judged")
    return key


_openai = require("openai", needed_by=_NEEDED_BY, install="'lmeval-tasks-multilingual[pisa-judge]'")
_KEY = _key()
_client: Any = None


def user_prompt(student_answer: str, opts: Sequence[str], correct: str) -> str:
    listed = "\n".join(opts)
    return (f"Student Answer:\n{student_answer.strip()}\n\nOptions:\n{listed}\n\n"
            f"Correct Answer (letter and/or text):\n{correct.strip()}\n\nInstructions:\n"
            "- If student gives multiple letters, pick the *final* one.\n"
            "- If no clear letter, pick the best-matching option by meaning.\n- Output only 1 or 0.\n")


def judge(pred: str, opts: Sequence[str], correct: str) -> int:
    """1 when the judge answers exactly ``1``, else 0."""
    global _client
    if _client is None:
        _client = _openai.OpenAI(api_key=_KEY)
    try:
        resp = _client.chat.completions.create(
            model=os.environ.get("MODEL_VERSION", "gpt-4.1-mini"), temperature=0, max_tokens=1,
            messages=[{"role": "system", "content": SYSTEM_PROMPT},
                      {"role": "user", "content": user_prompt(pred, opts, correct)}])
    except Exception as exc:  # the client's own error, with the key masked
        raise RuntimeError(f"{_NEEDED_BY}: {type(exc).__name__}: {str(exc).replace(_KEY, '***')}") from None
    return 1 if (resp.choices[0].message.content or "").strip() == "1" else 0


def process_results(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, float]:
    index2ans, letters = choice_info(options(doc))
    gold = doc["answer"]
    correct = f"{chr(ord('A') + gold)}) {index2ans[letters[gold]]}"
    verdict = judge(results[0], [f"{k}) {v}" for k, v in index2ans.items()], correct)
    return {"acc": float(verdict == 1)}
