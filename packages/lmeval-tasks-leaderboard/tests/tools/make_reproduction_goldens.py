"""Write golden requests of the ``llama3``, ``metabench`` and ``score`` families with lm-eval 0.4.13, on the fixtures.

    PYTHONPATH=.venv/lmeval-math-libs benchmarks/.work/ref-venv/bin/python \\
        packages/lmeval-tasks-leaderboard/tests/tools/make_reproduction_goldens.py

lm-eval's own task definitions build the first document of each case in ``CASES`` from the
offline mirror and score it with :mod:`lmeval_testkit.goldens`' stand-in answers; the output,
``tests/golden/{llama3,metabench,score}_requests.json``, is committed (the tests need no lm-eval).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "lmeval-testkit" / "src"))

from lmeval_testkit.goldens import write_goldens  # noqa: E402

MIRROR = HERE.parent / "fixtures" / "datasets"
GOLDEN = HERE.parent / "golden"

CASES: list[str | tuple[str, int | None]] = [
    # llama3: five dev shots with the gen_prefix, zero-shot CoT, inline translated shots, MMLU-Pro
    # shots rewritten to "The best answer is", ARC's relabelled documents, GSM8K's eight shots
    "mmlu_llama_anatomy", ("mmlu_llama_astronomy", 0), "mmlu_cot_llama_formal_logic",
    "mmlu_es_llama_anatomy", "mmlu_th_llama_virology", ("mmlu_hi_llama_marketing", 2),
    "mmlu_pro_llama_law", "arc_challenge_llama", "gsm8k_llama",
]
#: metabench: every benchmark's row-carried shots, both splits; the permuted Winogrande (a swap).
#: The other permuted tasks shuffle with lm-eval's global generator on every read: no golden
METABENCH_CASES: list[str | tuple[str, int | None]] = [
    "metabench_arc", "metabench_gsm8k", "metabench_hellaswag", "metabench_mmlu", "metabench_truthfulqa",
    "metabench_winogrande", "metabench_mmlu_secondary", "metabench_winogrande_permute",
    "metabench_winogrande_secondary_permute",
]
#: SCORE: each kind on each dataset (the first document: prompt 0, or the answer moved to A)
SCORE_CASES: list[str | tuple[str, int | None]] = [
    "prompt_robustness_agieval_aqua_rat", "option_order_robustness_agieval_lsat_rc",
    "non_greedy_robustness_agieval_sat_math", "score_prompt_robustness_mmlu_pro",
    "score_option_order_robustness_mmlu_pro", "score_non_greedy_robustness_mmlu_pro",
    "prompt_robustness_math_algebra", "non_greedy_robustness_math_precalc",
]


if __name__ == "__main__":
    write_goldens(CASES, MIRROR, GOLDEN / "llama3_requests.json")
    write_goldens(METABENCH_CASES, MIRROR, GOLDEN / "metabench_requests.json")
    write_goldens(SCORE_CASES, MIRROR, GOLDEN / "score_requests.json")
