"""Score hostile answers with lm-eval 0.4.13's own ChartQA and MMMU code: the pack's goldens.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-multimodal/tests/tools/make_goldens.py

Writes ``tests/golden/metrics.json``: for every (answer, gold) case of ``CASES`` below, lm-eval's
``exact_match``, ``relaxed_accuracy`` and ``anywhere_accuracy`` (ChartQA) and, for MMMU, the parsed
letter (multiple choice; cases where MMMU would guess are left out: the guess is random) or the
parsed open-answer candidates and ``acc``. lm-eval is only run here, never imported by the pack.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import lm_eval

TASKS = Path(lm_eval.__file__).parent / "tasks"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "metrics.json"

CHARTQA_CASES = [
    ("Final Answer: 12", "12"), ("Final Answer: 12.5", "12"), ("Final Answer: 12.61", "12"),
    ("Final Answer: 11.4", "12"), ("FINAL ANSWER: 38%", "38"), ("FINAL ANSWER: 0.38", "38%"),
    ("Final Answer: 38", "0.38%"), ("final answer: yes.", "Yes"), ("Final Answer: **Blue**", "Blue"),
    ("Final Answer:\n\n  1,200 ", "1200"), ("Final Answer: $1,200.", "1,200"),
    ("The answer is 45.5 so", "45.5"), ("It was Blue.", "Blue"), ("no idea", "12"),
    ("Answer: (B) the second", "B"), ("answer: c", "C"), ("Final Answer: 0", "0"),
    ("The value is 1,200 units", "1200"), ("Final Answer: \"Blue\"", "Blue"),
    ("Final Answer: 'yes'", "yes"), ("It is 38% of it", "38"), ("**Answer:** 7", "7"),
    ("Final Answer: 7\nFinal Answer: 8", "8"), ("", "12"), ("Final Answer: ", "12"),
    ("answer: 1:4", "0.25"), ("Final Answer: -3", "-3.1"), ("Final Answer: 1e3", "1000"),
    ("\n\nNo", "No"), ("Final Answer: No.", "No"), ("Final Answer: [Blue]", "Blue"),
    ("Final Answer: Blue\n", "blue"), ("FINAL ANSWER: 12 ", "12"), ("Final Answer: 12%", "12"),
    ("I think 1000 is it", "1000.0"), ("Final Answer: ab", "a"),
]

MMMU_MC_CASES = [
    ("(A)", ["apple", "pear", "plum"]), ("B", ["apple", "pear", "plum"]),
    ("The answer is (C).", ["apple", "pear", "plum"]), ("A or B? I pick B ", ["x", "y", "z"]),
    ("(A) no wait (B)", ["x", "y", "z"]), ("I think it is the pear for sure here", ["apple", "pear", "plum"]),
    ("it is the apple not the pear clearly", ["apple", "pear", "plum"]), ("C.", ["a1", "b1", "c1", "d1"]),
    ("'D'", ["a1", "b1", "c1", "d1"]), ("answer: E", ["1", "2", "3", "4", "5"]),
    (" A B C ", ["x", "y", "z"]),
]

MMMU_OPEN_CASES = [
    ("The answer is 42.", "42"), ("so the result is 3.14159", "3.14"), ("x = 1,200", "1200"),
    ("Therefore it is red", "red"), ("about 1e3 units", "1000"), ("It is a", "a"),
    ("the value could be 0.5. Thus 1/2", "0.5"), ("no number here", "7"), ("7", "7"),
    ("final answer: blue sky\nso green", "green"), ("is .", "5"), ("-12 degrees", "-12"),
]


def main() -> None:
    sys.path.insert(0, str(TASKS / "chartqa"))
    import utils as chartqa

    del sys.modules["utils"]
    sys.path[0] = str(TASKS / "mmmu")
    import utils as mmmu

    out = {"chartqa": [], "mmmu_mc": [], "mmmu_open": []}
    for pred, gold in CHARTQA_CASES:
        out["chartqa"].append({"prediction": pred, "gold": gold, **{
            name: getattr(chartqa, name)([gold], [pred]) for name in
            ("exact_match", "relaxed_accuracy", "anywhere_accuracy")}})
    for response, options in MMMU_MC_CASES:
        letters = ["A", "B", "C", "D", "E", "F", "G", "H", "I"][:len(options)]
        index2ans = dict(zip(letters, options, strict=False))
        picks = {mmmu.parse_multi_choice_response(response, letters, index2ans) for _ in range(8)}
        if len(picks) == 1:  # deterministic: no guess
            out["mmmu_mc"].append({"response": response, "options": options, "pred": picks.pop()})
    for response, gold in MMMU_OPEN_CASES:
        preds = mmmu.parse_open_response(response)
        out["mmmu_open"].append({"response": response, "gold": gold,
                                 "preds": sorted(map(repr, preds)),
                                 "correct": mmmu.eval_open(gold, preds)})
    GOLDEN.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    print(f"{GOLDEN}: {sum(map(len, out.values()))} cases", file=sys.stderr)


if __name__ == "__main__":
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    main()
