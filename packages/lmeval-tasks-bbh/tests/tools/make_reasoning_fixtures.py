"""Write the offline mirror of the pack's non-BBH datasets (``tests/fixtures/datasets/<hub id>/
<config or default>/<split>.jsonl``): invented rows in each dataset's schema.

* ``hails/bigbench``: every subtask's ``<name>_zero_shot`` config, split ``default`` (columns
  ``idx``, ``inputs``, ``targets``, ``multiple_choice_targets``, ``multiple_choice_scores``);
  subtasks with choices also hold a free-form row (dropped by the multiple-choice variant), and
  targets carry punctuation (ignored by exact match).

Each dataset's folder is replaced; other folders (``SaylorTwift/bbh``: ``make_fixtures.py``) stay.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
MIRROR = HERE.parent / "fixtures" / "datasets"
GENERATE = HERE.parents[1] / "generate"


def _generator(name: str):
    spec = importlib.util.spec_from_file_location(f"lmeval_tasks_bbh_generate_{name}", GENERATE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    import sys

    sys.path.insert(0, str(GENERATE))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(GENERATE))
    return module


def write(dataset: str, config: str, split: str, rows: list[dict]) -> None:
    path = MIRROR / dataset / config / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def bigbench_rows(name: str, with_choices: bool, by_score: bool) -> list[dict]:
    rows = []
    for i in range(4):
        question = f"Q: ({name}) What comes after {i + 1}, in words?\n  A:"
        answers = ["two", "three", "four", "five"]
        if with_choices and i != 1:
            choices = [f"{answers[i]}", f"{answers[(i + 1) % 4]}", "Paris", "none of these"]
            gold = (i * 2 + len(name)) % len(choices)
            target = f"Yes. {choices[gold]} follows." if by_score else choices[gold]
            rows.append({"idx": i, "inputs": question, "targets": [target, answers[i].upper()],
                         "multiple_choice_targets": choices,
                         "multiple_choice_scores": [int(j == gold) for j in range(len(choices))]})
        else:  # free form: no choices
            target = ["42.", "Paris!", answers[i], "5"][(i + len(name)) % 4]
            rows.append({"idx": i, "inputs": question, "targets": [target, f"{target} "],
                         "multiple_choice_targets": [], "multiple_choice_scores": []})
    return rows


def bigbench() -> None:
    gen = _generator("bigbench")
    shutil.rmtree(MIRROR / "hails" / "bigbench", ignore_errors=True)
    for name in gen.SUBTASKS:
        rows = bigbench_rows(name, name not in gen.NO_CHOICES, name in gen.GOLD_BY_SCORE)
        write("hails/bigbench", f"{name}_zero_shot", "default", rows)


def main() -> None:
    bigbench()


if __name__ == "__main__":
    main()
