"""Write golden requests of the ``llama3`` and ``metabench`` families with lm-eval 0.4.13, on the fixtures.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-leaderboard/tests/tools/make_llama3_goldens.py

lm-eval's own task definitions build the first document of each case in ``CASES`` from the
offline mirror and score it with :mod:`lmeval_testkit.goldens`' stand-in answers; the output,
``tests/golden/llama3_requests.json``, is committed (the tests need no lm-eval).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "lmeval-testkit" / "src"))

from lmeval_testkit.goldens import write_goldens  # noqa: E402

MIRROR = HERE.parent / "fixtures" / "datasets"
OUT = HERE.parent / "golden" / "llama3_requests.json"

CASES: list[str | tuple[str, int | None]] = [
    # llama3: five dev shots with the gen_prefix, zero-shot CoT, inline translated shots, MMLU-Pro
    # shots rewritten to "The best answer is", ARC's relabelled documents, GSM8K's eight shots
    "mmlu_llama_anatomy", ("mmlu_llama_astronomy", 0), "mmlu_cot_llama_formal_logic",
    "mmlu_es_llama_anatomy", "mmlu_th_llama_virology", ("mmlu_hi_llama_marketing", 2),
    "mmlu_pro_llama_law", "arc_challenge_llama", "gsm8k_llama",
]


if __name__ == "__main__":
    write_goldens(CASES, MIRROR, OUT)
