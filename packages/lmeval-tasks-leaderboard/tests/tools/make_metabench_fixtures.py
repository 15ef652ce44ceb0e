"""Write the offline mirror rows of ``HCAI/metabench`` (``tests/fixtures/datasets/HCAI/metabench``).

One folder per config (``ARC``, ``GSM8K``, ``HellaSwag``, ``MMLU``, ``TruthfulQA``,
``Winogrande``), splits ``primary`` and ``secondary``, four rows each, in the Hub schema: the
question columns of the source benchmark plus the per-row few-shot columns
(``<benchmark>_*_shot_<k>``) and the long-prompt column the processing drops. HellaSwag rows carry
WikiHow's ``[title]`` and bracket artifacts; TruthfulQA's mc1 lists have 3 to 5 answers. The rows
are invented; run ``python tests/tools/make_metabench_fixtures.py`` from the pack to rewrite them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

MIRROR = Path(__file__).resolve().parent.parent / "fixtures" / "datasets" / "HCAI" / "metabench"
ROWS = 4


def write_rows(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def arc(split: str, i: int) -> dict:
    n = 5 if i == 3 else 4
    labels = ["1", "2", "3", "4"] if i == 2 else list("ABCDE"[:n])
    row = {"id": f"{split}-arc-{i}", "question": f"Which {split} property of matter {i} changes?",
           "choices": {"text": [f"property {j} of {i}" for j in range(n)], "label": labels},
           "answerKey": labels[(i + 1) % n], "alltwentyfiveshot_longprompt": "dropped"}
    for k in range(1, 26):
        row[f"arc_question_shot_{k}"] = f"Shot {k}: what does object {k} do?"
        row[f"arc_choices_shot_{k}"] = {"text": [f"does {c}{k}" for c in "wxyz"], "label": list("ABCD")}
        row[f"arc_answerKey_shot_{k}"] = "ABCD"[k % 4]
        row[f"arc_idx_shot_{k}"] = k
    return row


def gsm8k(split: str, i: int) -> dict:
    row = {"question": f"[{split}] Ann has {i + 2} pens and buys {i + 4}. How many pens?",
           "answer": f"She has {i + 2} + {i + 4} = {2 * i + 6} pens.\n#### {2 * i + 6}",
           "allfiveshot_longprompt": "dropped"}
    for k in range(1, 6):
        row[f"gsm8k_prompt_shot_{k}"] = f"Bob has {k} cups and gets {k} more. How many cups?"
        row[f"gsm8k_answer_shot_{k}"] = f"{k} + {k} = {2 * k}.\n#### {2 * k}"
        row[f"gsm8k_idx_shot_{k}"] = k
    return row


def _hellaswag_fields(tag: str, n: int) -> dict:
    return {"activity_label": f"Activity {tag}", "ctx_a": f"A person [title] starts {tag}.",
            "ctx_b": f"then they  [step] continue {tag}", "ctx": "ignored",
            "endings": [f"ending {j} of {tag} [header]" for j in range(4)], "label": str(n % 4),
            "ind": n, "source_id": f"wikihow~{n}", "split": "train", "split_type": "indomain"}


def hellaswag(split: str, i: int) -> dict:
    row = {**_hellaswag_fields(f"{split}{i}", i + 1), "alltenshot_longprompt": "dropped"}
    for k in range(1, 11):
        fields = _hellaswag_fields(f"shot{k}", k)
        row.update({f"hellaswag_{key}_shot_{k}": fields[key] for key in (
            "ctx_a", "ctx_b", "ctx", "endings", "label", "ind", "source_id", "split", "split_type")})
        row[f"hellaswag_activity_labels_shot_{k}"] = fields["activity_label"]
    return row


def mmlu(split: str, i: int) -> dict:
    subject = ("high_school_physics", "anatomy", "moral_scenarios", "virology")[i % 4]
    row = {"question": f" [{split}] question {i} about {subject}? ", "subject": subject,
           "choices": [f"{subject} option {c}{i}" for c in "wxyz"], "answer": (i + 1) % 4,
           "allfiveshot_longprompt": "dropped"}
    for k in range(1, 6):
        row[f"mmlu_question_shot_{k}"] = f" example {k} about {subject}? "
        row[f"mmlu_choices_shot_{k}"] = [f"example {k} choice {c}" for c in "wxyz"]
        row[f"mmlu_answers_shot_{k}"] = k % 4
        row[f"mmlu_ind_shot_{k}"] = k
    return row


def truthfulqa(split: str, i: int) -> dict:
    n = 3 + i % 3
    choices = [f"[{split}] answer {j} to question {i}." for j in range(n)]
    return {"question": f"[{split}] What happens in case {i}?",
            "mc1_targets": {"choices": choices, "labels": [1] + [0] * (n - 1)},
            "mc2_targets": {"choices": choices, "labels": [1, 1] + [0] * (n - 2)}}


def winogrande(split: str, i: int) -> dict:
    row = {"sentence": f"[{split}] The cup did not fit in the box because the _ was too big {i}.",
           "option1": "cup", "option2": "box", "answer": "1" if i % 2 else "2", "allfiveshot_longprompt": "dropped"}
    for k in range(1, 6):
        row[f"winogrande_prompt_shot_{k}"] = f"Shot {k}: Sam thanked Kim because _ helped {k}."
        row[f"winogrande_option1_shot_{k}"] = "Sam"
        row[f"winogrande_option2_shot_{k}"] = "Kim"
        row[f"winogrande_answer_shot_{k}"] = "2" if k % 2 else "1"
        row[f"winogrande_idx_shot_{k}"] = k
    return row


CONFIGS = {"ARC": arc, "GSM8K": gsm8k, "HellaSwag": hellaswag, "MMLU": mmlu, "TruthfulQA": truthfulqa,
           "Winogrande": winogrande}


def main() -> None:
    shutil.rmtree(MIRROR, ignore_errors=True)
    for config, make in CONFIGS.items():
        for split in ("primary", "secondary"):
            write_rows(MIRROR / config / f"{split}.jsonl", [make(split, i) for i in range(ROWS)])


if __name__ == "__main__":
    main()
