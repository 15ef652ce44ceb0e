"""Write the offline mirror of MMLU-ProX (``li-lab/MMLU-ProX``, ``li-lab/MMLU-ProX-Lite``): invented
rows in the hub schema (``question_id``, ``question``, ``option_0``..``option_9`` with nulls past
the last option, ``answer``, ``answer_index``, ``cot_content``, ``category``, ``src``), one config
per language, ``<hub id>/<lang>/<split>.jsonl``.

Per language: ``test`` holds 1-3 rows of every category (interleaved, so the category filter
matters; 3 to 10 options), ``validation`` 5 per category whose ``cot_content`` opens with the
language's ``A: ...`` line (the few-shot prompt replaces it). Only these two hub ids are replaced.

    .venv/bin/python packages/lmeval-tasks-mmlu/tests/tools/make_mmlu_prox_fixtures.py
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent / "fixtures" / "datasets"
sys.path.insert(0, str(HERE.parents[1] / "generate"))

import mmlu_prox  # noqa: E402

LETTERS = "ABCDEFGHIJ"


def rows(lang: str, split: str, per_category: list[int]) -> list[dict]:
    strings = mmlu_prox.LANGS[lang]
    out: list[dict] = []
    for i in range(max(per_category)):
        for k, category in enumerate(mmlu_prox.CATEGORIES.values()):
            if i >= per_category[k]:
                continue
            n = 3 + (i * 5 + k + len(lang)) % 8
            gold = (i * 3 + k) % n
            options = [f"{category[:4]} {j}" for j in range(n)] + [None] * (10 - n)
            out.append({
                "question_id": len(out), "question": f"{lang} {split} {category} {i}?",
                **{f"option_{j}": options[j] for j in range(10)},
                "answer": LETTERS[gold], "answer_index": gold,
                "cot_content": f"{strings['shot_answer']} {i}. {strings['answer_is'].format(LETTERS[gold])}.",
                "category": category, "src": f"ori_mmlu-{category.replace(' ', '_')}",
            })
    return out


def write(hub_id: str, config: str, split: str, data: list[dict]) -> None:
    path = ROOT / hub_id / config / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in data), encoding="utf-8")


def main() -> None:
    for _prefix, hub_id in mmlu_prox.SETS.values():
        shutil.rmtree(ROOT / hub_id, ignore_errors=True)
        for lang in mmlu_prox.LANGS:
            write(hub_id, lang, "test", rows(lang, "test", [1 + (k + len(hub_id)) % 3 for k in range(14)]))
            write(hub_id, lang, "validation", rows(lang, "validation", [5] * 14))


if __name__ == "__main__":
    main()
