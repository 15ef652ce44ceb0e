"""Write Okapi's part of the offline mirror: ``alexandrainst/m_{arc,hellaswag,mmlu,truthfulqa}``,
one config per language, invented rows in the Hub datasets' columns (WikiHow ``[title]`` markup,
brackets, double spaces, an empty fifth ARC option and a missing TruthfulQA question included).
``python packages/lmeval-tasks-mmlu/tests/tools/okapi_fixtures.py``
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent / "fixtures" / "datasets" / "alexandrainst"
sys.path.insert(0, str(HERE.parents[1] / "generate"))

from okapi import ARC, HELLASWAG, MMLU, TRUTHFULQA  # noqa: E402


def write(dataset: str, lang: str, split: str, rows: list[dict]) -> None:
    path = ROOT / dataset / lang / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def arc(lang: str, split: str, n: int = 4) -> list[dict]:
    rows = []
    for i in range(n):
        five = i % 2 == 0
        rows.append({
            "id": f"Mercury_{split}_{i}", "answer": "ABCDE"[(i + len(lang)) % (5 if five else 4)],
            "instruction": f" [{lang}] {split} question {i}:  which  force pulls objects down? " if i == 1
            else f"{lang} {split} question {i}: which process turns water into vapour?",
            "option_a": f"gravity {i}", "option_b": f"magnetism [note] {i}", "option_c": f" friction {i} ",
            "option_d": f"evaporation  {i}", "option_e": f"condensation {i}" if five else ("" if i == 1 else None),
        })
    return rows


def hellaswag(lang: str, n: int = 4) -> list[dict]:
    return [{
        "ind": 10 + i, "activity_label": f"Activity {i} ({lang})",
        "ctx_a": f"A person picks up a tool [title] Step {i}." if i == 0 else f"Someone starts task {i}.",
        "ctx_b": "then they" if i % 2 else "and  carefully",
        "ctx": "unused", "endings": [f" ending {j} of {i} [step]" if j == 1 else f"ending {j} of row {i}"
                                     for j in range(4)],
        "source_id": f"src-{i}", "split": "val", "split_type": "indomain" if i % 2 else "zeroshot",
        "label": f"{(i + len(lang)) % 4}" if i != 2 else f" {(i + 1) % 4}",
    } for i in range(n)]


def mmlu(lang: str, split: str, n: int = 4) -> list[dict]:
    return [{
        "id": f"{split}-{i}", "instruction": f"  {lang} {split} MMLU question {i}: what is {i} + {i}?  ",
        "option_a": f"{2 * i}", "option_b": f"{2 * i + 1}", "option_c": f"{i}", "option_d": f"{i * i + 3}",
        "answer": "ABCD"[(i + len(lang)) % 4],
    } for i in range(n)]


def truthfulqa(lang: str, n: int = 4) -> list[dict]:
    rows = []
    for i in range(n):
        k = 3 + i % 3
        rows.append({
            "question": None if i == 2 else f" What happens  if you do thing {i} [{lang}]? ",
            "mc1_targets_choices": [f"mc1 answer {j} for {i}" for j in range(k)],
            "mc1_targets_labels": [1] + [0] * (k - 1),
            "mc2_targets_choices": [f"mc2 answer {j} for {i}" for j in range(k + 1)],
            "mc2_targets_labels": [1 if j in (0, k - 1) else 0 for j in range(k + 1)],
        })
    return rows


def main() -> None:
    for lang in ARC:
        for split in ("train", "validation", "test"):
            write("m_arc", lang, split, arc(lang, split))
    for lang in HELLASWAG:
        write("m_hellaswag", lang, "val", hellaswag(lang))
    for lang in MMLU:
        for split in ("train", "val", "test"):
            write("m_mmlu", lang, split, mmlu(lang, split))
    for lang in TRUTHFULQA:
        write("m_truthfulqa", lang, "val", truthfulqa(lang))


if __name__ == "__main__":
    main()
