"""Write the offline mirror rows of the ``llama3`` tasks (``tests/fixtures/datasets``).

Each dataset in its Hub schema and layout (``<owner>/<name>/<config or default>/<split>.jsonl``):

* ``hails/mmlu_no_train/<subject>/{test,dev}.jsonl``: three test questions and five dev examples
  per subject (``question``, ``subject``, ``choices``, ``answer`` as an index);
* ``allenai/ai2_arc/ARC-Challenge/test.jsonl``: four-option questions, one with labels ``1``-``4``,
  one with three options and one with five (both dropped by ``arc_challenge_llama``);
* ``openai/gsm8k/main/test.jsonl``: questions with ``#### N`` answers;
* ``meta-llama/Llama-3.1-8B-Instruct-evals/Llama-3.1-8B-Instruct-evals__multilingual_mmlu_<lang>__details/latest.jsonl``:
  two rows per subject (``subtask_name`` ``mmlu_<lang>_chat.<subject>``, ``input_question``,
  ``input_choice_list`` {A..D}, ``input_correct_responses``) plus a few of the other columns.

``TIGER-Lab/MMLU-Pro`` is ``make_qa_fixtures.py``'s. The rows are invented; run
``python tests/tools/make_llama3_fixtures.py`` from the pack to rewrite them.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MIRROR = HERE.parent / "fixtures" / "datasets"
sys.path.insert(0, str(HERE.parents[1] / "generate"))

from llama3 import LANGUAGES, SUBJECTS  # noqa: E402

LETTERS = "ABCD"


def write_rows(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def mmlu_rows(subject: str, split: str, n: int) -> list[dict]:
    return [{"question": f" {split} question {i} about {subject}: which option holds? ", "subject": subject,
             "choices": [f"{subject} option {c}{i}" for c in "wxyz"], "answer": (i + len(subject)) % 4}
            for i in range(n)]


def arc_rows() -> list[dict]:
    rows = []
    for i in range(6):
        n = 3 if i == 2 else 5 if i == 4 else 4
        labels = ["1", "2", "3", "4"] if i == 1 else list("ABCDE"[:n])
        rows.append({"id": f"Mercury_{7000 + i}", "question": f"Which property of matter changes in example {i}?",
                     "choices": {"text": [f"property {j} of example {i}" for j in range(n)], "label": labels},
                     "answerKey": labels[i % n]})
    return rows


def gsm8k_rows() -> list[dict]:
    return [{"question": f"Tom has {i + 2} apples and buys {i + 3} more. How many apples does he have?",
             "answer": f"Tom starts with {i + 2} apples.\nHe buys {i + 3} more, so {i + 2} + {i + 3} = "
                       f"<<{i + 2}+{i + 3}={2 * i + 5}>>{2 * i + 5}.\n#### {2 * i + 5}"} for i in range(5)]


def multilingual_rows(lang: str) -> list[dict]:
    rows = []
    for subject in SUBJECTS:
        for i in range(2):
            answer = LETTERS[(i + len(subject)) % 4]
            rows.append({
                "task_type": "Generative", "task_name": f"mmlu_{lang}_chat",
                "subtask_name": f"mmlu_{lang}_chat.{subject}",
                "input_question": f" [{lang}] pregunta {i} sobre {subject}? ",
                "input_choice_list": {c: f"[{lang}] {subject} opción {c}{i}" for c in LETTERS},
                "input_final_prompts": [f"prompt {i}"], "input_correct_responses": [answer],
                "output_prediction_text": [f"The best answer is {answer}."], "output_parsed_answer": answer,
                "output_choice_completions": None, "output_choice_negative_log_likelihoods": None,
                "output_metrics": {"em": 1.0}, "is_correct": True,
                "input_question_hash": f"{lang}-{subject}-{i}", "input_final_prompts_hash": [f"h{i}"],
                "benchmark_label": "MMLU", "eval_config": {"num_generations": "1"}})
    return rows


def main() -> None:
    mmlu = MIRROR / "hails" / "mmlu_no_train"
    shutil.rmtree(mmlu, ignore_errors=True)
    for subject in SUBJECTS:
        write_rows(mmlu / subject / "test.jsonl", mmlu_rows(subject, "test", 3))
        write_rows(mmlu / subject / "dev.jsonl", mmlu_rows(subject, "dev", 5))
    write_rows(MIRROR / "allenai" / "ai2_arc" / "ARC-Challenge" / "test.jsonl", arc_rows())
    write_rows(MIRROR / "openai" / "gsm8k" / "main" / "test.jsonl", gsm8k_rows())
    evals = MIRROR / "meta-llama" / "Llama-3.1-8B-Instruct-evals"
    shutil.rmtree(evals, ignore_errors=True)
    for lang in LANGUAGES:
        name = f"Llama-3.1-8B-Instruct-evals__multilingual_mmlu_{lang}__details"
        write_rows(evals / name / "latest.jsonl", multilingual_rows(lang))


if __name__ == "__main__":
    main()
