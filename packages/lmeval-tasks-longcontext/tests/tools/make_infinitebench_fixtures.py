"""Write InfiniteBench's fixture mirror (``xinrongzhang2022/InfiniteBench``, one split per task)::

    .venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_infinitebench_fixtures.py

Five invented documents per split in the Hub schema (``id``, ``context``, ``input``, ``answer``
and ``options`` lists); answers the scripted ones (``benchmarks/scripted/infinitebench.py``) hit
and miss, options whose answer is a text, a letter, or missing.
"""

from __future__ import annotations

import json
from pathlib import Path

MIRROR = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "xinrongzhang2022" / "InfiniteBench" / "default"
OPTIONS = ["The old lighthouse keeper", "A fisherman", "The mayor", "Nobody"]
FUNCS = ["func_1", "func_2", "func_3", "func_4"]


def rows(split: str) -> list[dict]:
    out = []
    for i in range(5):
        doc = {"id": i, "context": f"Context {i} of {split}. The grass is green. The sky is blue.", "input": "",
               "answer": [], "options": []}
        if split in ("passkey", "number_string"):
            doc |= {"input": "What is the pass key?", "answer": [("71432", "12", "3", "71432", "9")[i]]}
        elif split == "kv_retrieval":
            doc |= {"input": 'Key: "k1"\nThe value associated with the specified key is:',
                    "answer": [("5e8f-aa91", "0000", "5e8f-aa91", "x", "abc")[i]]}
        elif split == "code_run":
            doc |= {"input": ("func_3(-4)", "func_12(7)", "no call here", "func_1(5)", "func_2(0)")[i],
                    "answer": [("42", "-3", "71432", "42", "x")[i]]}
        elif split == "code_debug":
            doc |= {"options": FUNCS, "answer": [("func_2", "func_3", "C", "func_9", "func_1")[i]]}
        elif split == "math_find":
            doc |= {"input": ("The largest number of the list is:", "The sum of", "What is it?",
                              "The smallest number of the list is", "The median of")[i],
                    "answer": [("42", "3.5", "12", "71432", "7")[i]]}
        elif split == "longdialogue_qa_en":
            doc |= {"answer": [("Alice", "BOB", "alice", "Eve", "x")[i]]}
        elif split in ("longbook_qa_en", "longbook_sum_en"):
            doc |= {"input": "Who keeps the lamp?",
                    "answer": [("The old lighthouse keeper", "A keeper who lives by the sea",
                                "The keeper lives alone by the sea and fixes the lamp.", "Nobody", "the keeper")[i]]}
        elif split == "longbook_choice_en":
            doc |= {"input": "Who keeps the lamp?", "options": OPTIONS if i != 4 else [],
                    "answer": [(OPTIONS[0], OPTIONS[2], "D", OPTIONS[1], OPTIONS[0])[i]]}
        elif split == "longbook_qa_chn":
            doc |= {"input": "谁看守灯塔？", "answer": [("灯塔看守人", "老人", "看守人", "渔夫", "灯塔")[i]]}
        out.append(doc)
    return out


def main() -> None:
    MIRROR.mkdir(parents=True, exist_ok=True)
    for split in ("passkey", "kv_retrieval", "number_string", "code_run", "code_debug", "math_find",
                  "longdialogue_qa_en", "longbook_qa_en", "longbook_sum_en", "longbook_choice_en", "longbook_qa_chn"):
        (MIRROR / f"{split}.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows(split)),
                                               encoding="utf-8")


if __name__ == "__main__":
    main()
