"""Write LongProc's fixture mirror (``PrincetonPli/LongProc``, one folder per config)::

    .venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_longproc_fixtures.py

Three invented documents per config in the Hub schema (``input_prompt``, ``reference_output``,
``metadata`` as a JSON string, ``item_id``); the prompt names the family in brackets for
``benchmarks/scripted/longproc.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

PACK = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PACK / "generate"))

from longproc import FAMILIES  # noqa: E402

MIRROR = PACK / "tests" / "fixtures" / "datasets" / "PrincetonPli" / "LongProc"
COUNTDOWN_GT = ("Let's search.\n# Search Procedure\nInitial numbers: [2, 3, 4, 5]\nPick two numbers (2, 3)\n"
                " |- Try 2 + 3 = 5. Numbers left: [4, 5, 5]\n |- Try 2 * 3 = 6. drop this branch\n"
                "Now we have found the target 25.\n<Solution>\n2 + 3 = 5\n5 * 4 = 20\n20 + 5 = 25\n</Solution>")


def document(family: str, i: int) -> dict:
    meta: dict = {}
    if family == "path_traversal":
        reference = ("From A to B\nFrom B to C", "From A to B\nFrom B to C\nFrom C to D", "From X to Y")[i]
    elif family == "tom_tracking":
        reference = ("Step 1:\n- Anne thinks the ball is in the box.\n- Bob believes the ball is on the table.",
                     "- Anne thinks the ball is in the box.", "- Bob thinks the ball is in the kitchen.")[i]
    elif family == "countdown":
        reference, meta = COUNTDOWN_GT, {"nums": [2, 3, 4, 5], "target": (25, 25, 26)[i]}
    elif family == "travel_planning":
        reference = ("Output the plan in the required format:\n<Solving Procedure>\nStep 1: Visit Paris.\n"
                     "Step 2: Visit Rome.\n<Plan>Day 1-3: Visit Paris</Plan>")
        meta = {"ground_truth_cities": ("Paris**Rome", "Paris**Rome**", "Rome")[i],
                "ground_truth_durations": ("3**3", "2**4**", "5")[i]}
    elif family == "html_to_tsv":
        reference = ("Name\tAge\nAnn\t30\nBob\t41", "Name\tAge\nAnn\t30", "Name\tAge\tCity\nAnn\t30\tOslo")[i]
    else:
        reference = "int main() { int a, b; cin >> a >> b; cout << a + b << endl; }"
        meta = {"testcases": [[["1 2"], ["3"]], [["5 7"], ["12"]]] if i != 2
                else [[["4 1"], ["3"]]]}
    return {"item_id": f"{family}-{i}", "input_prompt": f"[LongProc {family}] Task {i}: follow the procedure.",
            "reference_output": reference, "metadata": json.dumps(meta)}


def main() -> None:
    for family, (lengths, _, _) in FAMILIES.items():
        for length in lengths:
            out = MIRROR / f"{family}_{length}" / "test.jsonl"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text("".join(json.dumps(document(family, i)) + "\n" for i in range(3)), encoding="utf-8")


if __name__ == "__main__":
    main()
