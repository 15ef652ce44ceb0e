"""Write the TMLU task configs (Taiwanese Mandarin Language Understanding, Chen et al., 2024,
arXiv:2403.20180), lm-eval 0.4.13's ``tmlu`` folder: 31 exams of ``miulab/tmlu`` (config = subject),
log-likelihood over the letters, few-shot from ``dev`` (first n).

The description ``以下為<exam>的單選題，請提供正確答案的選項。`` and a blank line; the stripped question,
options ``A.``..``D.`` (``E.``/``F.`` when the document has them) and ``Answer:``; choices A-D,
A-E for the five-option exams; gold = the letter in ``answer``. The group ``tmlu`` holds five
inline category groups over the ``tmlu_<category>_tasks`` tags; every group averages ``acc``
unweighted (no ``weight_by_size``, as lm-eval's YAML).
"""

from __future__ import annotations

from pathlib import Path

from _common import GENERATED, TASKS_ROOT, reset_dir, write, write_yaml

SCRIPT = "tmlu.py"
# subject (HF config) -> (exam name in the description, category tag, number of choices)
SUBJECTS = {
    "AST_biology": ("分科測驗生物", "stem", 4), "AST_chemistry": ("分科測驗化學", "stem", 5),
    "AST_chinese": ("分科測驗國文", "humanities", 4), "AST_civics": ("分科測驗公民", "social_sciences", 4),
    "AST_geography": ("分科測驗地理", "social_sciences", 4), "AST_history": ("分科測驗歷史", "humanities", 4),
    "CAP_biology": ("會考生物", "stem", 4), "CAP_chemistry": ("會考化學", "stem", 4),
    "CAP_chinese": ("會考國文", "humanities", 4), "CAP_civics": ("會考公民", "social_sciences", 4),
    "CAP_earth_science": ("會考地球科學", "stem", 4), "CAP_geography": ("會考地理", "social_sciences", 4),
    "CAP_history": ("會考歷史", "humanities", 4), "GSAT_biology": ("學測生物", "stem", 5),
    "GSAT_chemistry": ("學測化學", "stem", 5), "GSAT_chinese": ("學測國文", "humanities", 4),
    "GSAT_civics": ("學測公民", "social_sciences", 4), "GSAT_earth_science": ("學測地球科學", "stem", 5),
    "GSAT_geography": ("學測地理", "social_sciences", 4), "GSAT_history": ("學測歷史", "humanities", 4),
    "accountant": ("會計師", "social_sciences", 4),
    "basic_traditional_chinese_medicine": ("中醫基礎醫學", "other", 4),
    "clinical_psychologist": ("臨床心理師", "social_sciences", 4),
    "clinical_traditional_chinese_medicine": ("中醫針灸", "other", 4),
    "driving_rule": ("台灣駕駛規則", "taiwan_specific", 4),
    "lawyer_qualification": ("律師資格", "humanities", 4), "nutritionist": ("營養師", "other", 4),
    "taiwan_tourist_resources": ("台灣觀光資源", "taiwan_specific", 4),
    "teacher_qualification": ("教師資格", "taiwan_specific", 4),
    "tour_guide": ("導遊", "humanities", 4), "tour_leader": ("領隊", "humanities", 4),
}
# category -> alias, in the group's order
CATEGORIES = {"social_sciences": "Social Sciences", "stem": "STEM", "humanities": "Humanities",
              "taiwan_specific": "Taiwan Specific", "other": "Other"}

PROMPT = ("{{question.strip()}}\nA. {{choices[0]}}\nB. {{choices[1]}}\nC. {{choices[2]}}\nD. {{choices[3]}}"
          "{% if choices is defined and choices|length > 4 %}\nE. {{choices[4]}}{% endif %}"
          "{% if choices is defined and choices|length > 5 %}\nF. {{choices[5]}}{% endif %}\nAnswer:")

TEMPLATE = """\
dataset_path: miulab/tmlu
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: multiple_choice
process_docs: !function utils.process_docs
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 0.1
"""

UTILS = '''\
"""TMLU: a document's options ``A``..``D`` (and ``E``, ``F`` when present and not empty) as
``choices``; the question as ``questions``, the gold index as ``goal`` (lm-eval's extra columns)."""

from __future__ import annotations

from typing import Any


def _options(doc: dict[str, Any]) -> dict[str, Any]:
    letters = ["A", "B", "C", "D"] + [letter for letter in ("E", "F") if doc.get(letter)]
    return {"questions": doc["question"], "choices": [doc[letter] for letter in letters],
            "goal": letters.index(doc["answer"])}


def process_docs(dataset: Any) -> Any:
    return dataset.map(_options)
'''


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "tmlu")
    write(out / "_default_template_yaml", GENERATED.format(script=SCRIPT) + TEMPLATE)
    write(out / "utils.py", GENERATED.format(script=SCRIPT) + UTILS)
    for subject, (name, category, n) in SUBJECTS.items():
        write_yaml(out / f"tmlu_{subject}.yaml", {
            "dataset_name": subject,
            "description": f"以下為{name}的單選題，請提供正確答案的選項。\n\n",
            "doc_to_choice": list("ABCDEF"[:n]),
            "doc_to_text": PROMPT,
            "tag": f"tmlu_{category}_tasks",
            "include": "_default_template_yaml",
            "task": f"tmlu_{subject}",
            "task_alias": subject.replace("_", " "),
        }, SCRIPT)
    write_yaml(out / "_tmlu.yaml", {
        "group": "tmlu",
        "group_alias": "TMLU",
        "task": [{"group": f"tmlu_{category}", "group_alias": alias, "task": [f"tmlu_{category}_tasks"],
                  "aggregate_metric_list": [{"metric": "acc"}]} for category, alias in CATEGORIES.items()],
        "aggregate_metric_list": [{"metric": "acc"}],
        "metadata": {"version": 1},
    }, SCRIPT)


if __name__ == "__main__":
    main()
