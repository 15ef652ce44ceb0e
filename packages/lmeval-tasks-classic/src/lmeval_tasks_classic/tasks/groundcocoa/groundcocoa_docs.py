"""GroundCocoa: the flight-booking criteria and five options as one prompt; the answers are
``The answer is Option <letter>``. The documents keep only ``criteria``, ``choices`` and ``gold``,
as lm-eval 0.4.13 rebuilds the dataset from them."""

from __future__ import annotations

from typing import Any

INSTRUCTION = ("A user has specified certain criteria for booking a flight. Below are five different flight "
               "options labeled 'A', 'B', 'C', 'D', and 'E'. Review these options and select the one that best "
               "matches the user requirements. Respond with a single option and the phrase 'The answer is "
               "Option ' followed by the correct letter - 'A', 'B', 'C', 'D', or 'E'\n\n")
LETTERS = "ABCDE"


def _process(doc: dict) -> dict:
    text = INSTRUCTION + "User Criteria: " + doc["query"] + "\n"
    text += "".join(f"\n Option {x}: {doc[f'Option {x}']}\n" for x in LETTERS)
    return {"criteria": text, "choices": [f"The answer is Option {x}" for x in LETTERS],
            "gold": "The answer is Option " + doc["Answer"]}


def process_docs(dataset: Any) -> list[dict]:
    return [_process(doc) for doc in dataset]
