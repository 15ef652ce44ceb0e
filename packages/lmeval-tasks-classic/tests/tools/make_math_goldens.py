"""Write the golden requests of the math word-problem families (gsm8k_platinum*, gsm_plus*,
mathqa) with the reference tool, lm-eval 0.4.13, on this pack's fixtures::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-classic/tests/tools/make_math_goldens.py

As ``make_goldens.py``, for these cases only: the first document's requests and scores, and for
each generate_until case the answers of ``ANSWERS`` through lm-eval's filters and process_results.
The output, ``tests/golden/math_requests.json``, is committed; the tests need no lm-eval.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "lmeval-testkit" / "src")]

import make_goldens  # noqa: E402
from lmeval_testkit.goldens import reference_case, reference_tasks  # noqa: E402

CASES: list[tuple[str, int | None]] = [
    ("gsm8k_platinum", None), ("gsm8k_platinum", 2), ("gsm8k_platinum_cot", None),
    ("gsm8k_platinum_cot_zeroshot", None), ("gsm8k_platinum_cot_llama", None),
    ("gsm8k_platinum_cot_self_consistency", None),  # requests only: 64 answers per document
    ("gsm_plus", None), ("gsm_plus_mini", None),
    ("gsm_plus_mini", 3), ("mathqa", None), ("mathqa", 2)]
#: answers: well-formed for each filter, near misses, hostile text
ANSWERS = [" 4 trays hold 12 rolls.\n#### 16", "#### 1,200", " The answer is 7.", "The answer is $1,200.",
           "The final answer is 16", "The final answer is -3.5", " so 12 + 4 = 16 rolls", "#### None",
           "The answer is None.", "", "   ", "no number here\x07"]


def main() -> None:
    make_goldens.ANSWERS = ANSWERS  # make_goldens.scored_answers scores these
    records = []
    for name, task in reference_tasks(CASES, HERE.parent / "fixtures" / "datasets"):
        record = reference_case(name, task, score=True)
        if task.instances[0].request_type == "generate_until" and task.config.repeats == 1:
            record["answers"] = make_goldens.scored_answers(task, task.instances, task.instances[0].doc)
        records.append(record)
        print(f"{name}: {len(record['requests'])} request(s)", file=sys.stderr)
    out = HERE.parent / "golden" / "math_requests.json"
    out.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
