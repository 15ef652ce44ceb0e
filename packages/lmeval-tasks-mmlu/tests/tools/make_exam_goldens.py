"""Write golden requests of MMLU-ProX, KMMLU-HARD, TMLU, MMLU-SR and the Spanish MMLU-Redux with
lm-eval 0.4.13, on the fixtures: one file per family, ``tests/golden/<family>.json``.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-mmlu/tests/tools/make_exam_goldens.py [FAMILY ...]

lm-eval's own task definitions build the first document of each case from the offline mirror and
score it with :mod:`lmeval_testkit.goldens`' stand-in answers; the output is committed (the tests
need no lm-eval).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "lmeval-testkit" / "src"))

from lmeval_testkit.goldens import write_goldens  # noqa: E402

MIRROR = HERE.parent / "fixtures" / "datasets"

# family -> cases: a task at its default shots, or (task, shots)
CASES: dict[str, list] = {
    # 5-shot chain of thought; English (its "answer is" pattern), CJK, Arabic, Swahili; full and lite
    "mmlu_prox": ["mmlu_prox_en_biology", "mmlu_prox_ja_law", "mmlu_prox_lite_ar_math",
                  "mmlu_prox_sw_computer_science", "mmlu_prox_lite_zh_other", ("mmlu_prox_th_history", 1)],
    # log-likelihood (0- and 5-shot), direct generation, chain of thought with its worked examples
    "kmmlu_hard": ["kmmlu_hard_accounting", ("kmmlu_hard_math", 5), "kmmlu_direct_hard_korean_history",
                   ("kmmlu_direct_hard_law", 2), "kmmlu_cot_hard_accounting", ("kmmlu_cot_hard_law", 2)],
    # four and five options, few-shot from dev
    "tmlu": ["tmlu_AST_biology", "tmlu_AST_chemistry", ("tmlu_driving_rule", 5), ("tmlu_GSAT_earth_science", 2)],
    # the three variants; an empty choice and a padded answer letter in the rows
    "mmlusr": ["mmlusr_answer_only_anatomy", ("mmlusr_question_only_world_religions", 5),
               "mmlusr_question_and_answer_abstract_algebra"],
    # the log-likelihood task, generation with ":" as target delimiter, lm-eval's misspelt name
    "mmlu_redux_spanish": ["mmlu_redux_spanish", "mmlu_abstract_algebra_generative_spanish",
                           "mmlu_high_school_computer_science_generativ_spanishe"],
}

if __name__ == "__main__":
    for family in sys.argv[1:] or CASES:
        write_goldens(CASES[family], MIRROR, HERE.parent / "golden" / f"{family}.json")
