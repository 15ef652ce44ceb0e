"""LingOly: one document per question of each UK Linguistics Olympiad sheet, with the whole
sheet (``prompt``) or the sheet without its context (``nc_prompt``), and the question parts'
answers as a Python dict literal (``answers``). The prompts keep lm-eval 0.4.13's layout (and its
indentation and spelling) byte for byte."""

from __future__ import annotations

import json
from typing import Any

INTRO = ("Below is a problem sheet from a lingusitics exam. You will first see the entire sheet, then be asked to "
         "respond to specific questions from the sheet. Your answers to the questions should rely only on reasoning "
         "about the information provided in the sheet.")
SHEET_INDENT = " " * 17
QUESTION_INDENT = " " * 16


def _parts(question: dict[str, Any]) -> str:
    text = f"\n{question['prompt']}\n"
    for part in question["subprompts"]:
        text += f"{part['questionpart_n']} {part['question']}\n"
    return text


def sheet(qsheet: dict[str, Any], no_context: bool = False) -> str:
    """The whole sheet: preamble, context (unless ``no_context``), every question."""
    questions = "".join(_parts(q) for q in json.loads(qsheet["questions"]))
    head = qsheet["preamble"] if no_context else f"{qsheet['preamble']}\n{SHEET_INDENT}{qsheet['context']}"
    return f"{head}\n\n{SHEET_INDENT}{questions}\n{SHEET_INDENT}"


def question_prompt(qsheet: dict[str, Any], index: int, no_context: bool = False) -> tuple[str, dict[str, str]]:
    """The prompt asking question ``index`` of the sheet, and its answers by question part."""
    question = json.loads(qsheet["questions"])[index]
    answers = {part["questionpart_n"]: part["answer"] for part in question["subprompts"]}
    keys = json.dumps({part["questionpart_n"]: "" for part in question["subprompts"]})
    pad = QUESTION_INDENT
    prompt = (f"{INTRO}\n{pad}{sheet(qsheet, no_context)}\n\n{pad}Now respond to the following questions:\n"
              f"{pad}{_parts(question)}\n\n{pad}Format your response as a json file with the keys as provided below:\n"
              f"{pad}{keys}\n{pad}")
    return prompt, answers


def load_all_questions(question_sheets: Any) -> list[dict[str, Any]]:
    """One document per question of every sheet: ``prompt``, ``nc_prompt``, ``answers``, ``index``."""
    docs = []
    for qsheet in question_sheets:
        for i in range(len(json.loads(qsheet["questions"]))):
            prompt, answers = question_prompt(qsheet, i)
            nc_prompt, _ = question_prompt(qsheet, i, no_context=True)
            docs.append({"prompt": prompt, "nc_prompt": nc_prompt, "answers": str(answers),
                         "index": qsheet["overall_question_n"]})
    return docs
