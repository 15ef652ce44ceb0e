"""Write LingOly's part of the offline mirror: ``ambean/lingOly`` (split ``test``), two invented
puzzle sheets in the Hub columns (``questions`` a JSON list of questions with their parts), with
plain answers, a list of acceptable answers, an empty answer and curly quotes.
``python packages/lmeval-tasks-classic/tests/tools/lingoly_fixtures.py``
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "ambean" / "lingOly" / "default"


def sheet(n: int) -> dict:
    questions = [
        {"prompt": f"Translate into English (sheet {n}):", "subprompts": [
            {"questionpart_n": "a", "question": "kala mani", "answer": "the big house"},
            {"questionpart_n": "b", "question": "mani tolu", "answer": "['a small dog', 'the small dog']"},
        ]},
        {"prompt": "Translate into the language:", "subprompts": [
            {"questionpart_n": "c", "question": "the ‘old’ tree", "answer": "tolu+ kei."},
            {"questionpart_n": "d", "question": "(optional)", "answer": ""},
        ]},
    ]
    return {"overall_question_n": n, "obfuscated": "False", "obfuscated_question_n": str(n), "question_n": str(n),
            "preamble": f"Puzzle {n}: the following phrases are in Kalani.", "context": "kala = big\nmani = house\ntolu = small",
            "questions": json.dumps(questions, ensure_ascii=False), "metadata": json.dumps({"level": "Advanced"})}


if __name__ == "__main__":
    ROOT.mkdir(parents=True, exist_ok=True)
    (ROOT / "test.jsonl").write_text("".join(json.dumps(sheet(n), ensure_ascii=False) + "\n" for n in (1, 2)),
                                     encoding="utf-8")
