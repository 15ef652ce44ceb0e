"""RACE's prompt: the article, each earlier problem with its answer (a cloze question "...  _  ."
completed in place), then the last question, whose four options are the choices."""

from __future__ import annotations

import ast

_LETTER = {"A": 0, "B": 1, "C": 2, "D": 3}


def _problems(doc: dict) -> list[dict]:
    return ast.literal_eval(doc["problems"])


def _answer(problem: dict) -> str:
    return problem["options"][_LETTER[problem["answer"]]]


def doc_to_text(doc: dict) -> str:
    *earlier, last = _problems(doc)
    parts = ["Article: " + doc["article"] + "\n\n"]
    for problem in earlier:
        question = problem["question"]
        if question[-6:] == "  _  .":
            parts.append(question[:-5] + _answer(problem) + "\n")
        else:
            parts.append("Question: " + question + "\n" + "Answer: " + _answer(problem) + "\n")
    parts.append(last["question"])
    return "".join(parts)


def doc_to_choice(doc: dict) -> list[str]:
    return [_problems(doc)[-1]["options"][i] for i in range(4)]


def doc_to_target(doc: dict) -> int:
    return _LETTER[_problems(doc)[-1]["answer"]]
