"""Copy the data files of lm-eval 0.4.13's ``score`` folder into the pack.

    .venv/bin/python packages/lmeval-tasks-leaderboard/tests/tools/extract_score_prompts.py

SCORE's prompt templates (``<dataset>/prompt_templates.json``) and MATH's list of reference
answers to correct (``math/to_be_fixed_questions.json``) are data the robustness tasks read at
run time; they are re-serialised into ``src/lmeval_tasks_leaderboard/data/score/`` (the JSON
values unchanged). No code or config is copied.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT / "benchmarks"))
OUT = Path(__file__).resolve().parents[2] / "src" / "lmeval_tasks_leaderboard" / "data" / "score"
FILES = {"agi_eval/prompt_templates.json": "agieval_prompts.json",
         "mmlu_pro/prompt_templates.json": "mmlu_pro_prompts.json",
         "math/prompt_templates.json": "math_prompts.json",
         "math/to_be_fixed_questions.json": "math_corrected_answers.json"}


def main() -> None:
    from reference_env import reference_python

    ref = Path(reference_python()).parents[1]
    score = next(ref.glob("lib/python3*/site-packages/lm_eval/tasks")) / "score"
    OUT.mkdir(parents=True, exist_ok=True)
    for source, target in FILES.items():
        data = json.loads((score / source).read_text(encoding="utf-8"))
        (OUT / target).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT / target}")


if __name__ == "__main__":
    main()
