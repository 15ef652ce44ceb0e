"""Write the safety families' golden requests with the reference tool, lm-eval 0.4.13, on the
fixtures (``tests/golden/safety_requests.json``; the other families': ``make_goldens.py``).

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-bias/tests/tools/make_safety_goldens.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "lmeval-testkit" / "src"))

from lmeval_testkit.goldens import write_goldens  # noqa: E402

MIRROR = HERE.parent / "fixtures" / "datasets"
CASES = ["wmdp_bio", "wmdp_cyber", "toxigen", "winogender_all", "winogender_gotcha_female", "winogender_neutral",
         "simple_cooccurrence_bias", "advanced_ai_risk_lm-myopic-reward", "advanced_ai_risk_human-self-awareness-web-gpt",
         "persona_agreeableness", "sycophancy_on_political_typology_quiz", "sycophancy_on_nlp_survey"]

if __name__ == "__main__":
    write_goldens(CASES, MIRROR, HERE.parent / "golden" / "safety_requests.json")
