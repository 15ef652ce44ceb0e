"""Compare the free-answer scores with lm-eval 0.4.13's own helpers, in the reference venv::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-medical/tests/tools/check_open_scores.py

Both sides run with HF ``evaluate``'s Hub metrics replaced as task_parity's reference side does
(ROUGE computed by rouge-score, BLEU and BLEURT unavailable offline, BERTScore's roberta-large
absent): the check covers the NaN rules, the minimum lengths, the 1e-5 BLEU nudge and ROUGE.
Only meddialog's helpers can be compared: the others write ``np.NAN`` (gone in NumPy 2) where a
metric fails, and crash. Prints the number of (document, answer) pairs compared and exits 1 on a
difference.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
MIRROR = HERE.parent / "fixtures" / "datasets"
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "packages" / "lmeval-core" / "src"),
                str(HERE.parents[1] / "src")]

ANSWERS = ["", "x", "Hi. For a dry cough, rest, drink water and see a GP if it lasts.", "rest and water",
           "Is a rash on both arms serious?", "Completely unrelated words here."]


def _same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(
        (isinstance(a[k], float) and math.isnan(a[k]) and math.isnan(b[k])) or a[k] == b[k] for k in a)


def main() -> None:
    import os

    os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_EVALUATE_OFFLINE="1")
    import task_parity_ref

    task_parity_ref.patch_evaluate()
    from lm_eval.tasks.meddialog import utils as reference
    from lmeval_tasks_medical import open_metrics as ours

    pairs = [("bigbio/meddialog/default/train.jsonl", "process_results_gen_raw"),
             ("lighteval/med_dialog/icliniq/test.jsonl", "process_results_gen_qsumm")]
    compared, differing = 0, []
    for file, name in pairs:
        docs = [json.loads(line) for line in (MIRROR / file).read_text(encoding="utf-8").splitlines() if line]
        for doc in docs:
            for answer in ANSWERS:
                want = {k: float(v) for k, v in getattr(reference, name)(doc, [answer]).items()}
                got = {k: float(v) for k, v in getattr(ours, name)(doc, [answer]).items()}
                compared += 1
                if not _same(want, got):
                    differing.append((name, answer, want, got))
    print(f"{compared} (document, answer) pairs compared, {len(differing)} differing")
    for row in differing[:5]:
        print(row)
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
