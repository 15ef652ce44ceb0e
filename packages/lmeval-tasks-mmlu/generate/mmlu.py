"""Write the MMLU task configs (Hendrycks et al., 2021): 57 subjects, 4 size-weighted groups.

Prompt: the question, options ``A.``..``D.``, ``Answer:``; continuations `` A``..`` D``;
description "The following are multiple choice questions (with answers) about <subject>.";
few-shot examples are the first N rows of the ``dev`` split.
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, group, reset_dir, write_template, write_yaml

SCRIPT = "mmlu.py"

# subject -> domain, in the dataset's config order
SUBJECTS = {
    "abstract_algebra": "stem", "anatomy": "stem", "astronomy": "stem",
    "business_ethics": "other", "clinical_knowledge": "other", "college_biology": "stem",
    "college_chemistry": "stem", "college_computer_science": "stem",
    "college_mathematics": "stem", "college_medicine": "other", "college_physics": "stem",
    "computer_security": "stem", "conceptual_physics": "stem",
    "econometrics": "social_sciences", "electrical_engineering": "stem",
    "elementary_mathematics": "stem", "formal_logic": "humanities", "global_facts": "other",
    "high_school_biology": "stem", "high_school_chemistry": "stem",
    "high_school_computer_science": "stem", "high_school_european_history": "humanities",
    "high_school_geography": "social_sciences",
    "high_school_government_and_politics": "social_sciences",
    "high_school_macroeconomics": "social_sciences", "high_school_mathematics": "stem",
    "high_school_microeconomics": "social_sciences", "high_school_physics": "stem",
    "high_school_psychology": "social_sciences", "high_school_statistics": "stem",
    "high_school_us_history": "humanities", "high_school_world_history": "humanities",
    "human_aging": "other", "human_sexuality": "social_sciences",
    "international_law": "humanities", "jurisprudence": "humanities",
    "logical_fallacies": "humanities", "machine_learning": "stem", "management": "other",
    "marketing": "other", "medical_genetics": "other", "miscellaneous": "other",
    "moral_disputes": "humanities", "moral_scenarios": "humanities", "nutrition": "other",
    "philosophy": "humanities", "prehistory": "humanities",
    "professional_accounting": "other", "professional_law": "humanities",
    "professional_medicine": "other", "professional_psychology": "social_sciences",
    "public_relations": "social_sciences", "security_studies": "social_sciences",
    "sociology": "social_sciences", "us_foreign_policy": "social_sciences",
    "virology": "other", "world_religions": "humanities",
}

# display order of the domain groups inside `mmlu`
DOMAINS = ["stem", "other", "social_sciences", "humanities"]

TEMPLATE = """\
# MMLU subject template (Hendrycks et al., 2021, arXiv:2009.03300).
# Zero-shot by default; --num_fewshot N takes the first N rows of `dev` (5 per subject).
dataset_path: cais/mmlu
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: multiple_choice
doc_to_text: "{{question.strip()}}\\nA. {{choices[0]}}\\nB. {{choices[1]}}\\nC. {{choices[2]}}\\nD. {{choices[3]}}\\nAnswer:"
doc_to_choice: ["A", "B", "C", "D"]
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
"""


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "mmlu")
    write_template(out / "_mmlu_template_yaml", TEMPLATE, SCRIPT)
    for subject, domain in SUBJECTS.items():
        write_yaml(out / f"mmlu_{subject}.yaml", {
            "include": "_mmlu_template_yaml",
            "task": f"mmlu_{subject}",
            "task_alias": subject,
            "tag": f"mmlu_{domain}_tasks",
            "dataset_name": subject,
            "description": "The following are multiple choice questions (with answers) about "
                           f"{subject.replace('_', ' ')}.\n\n",
        }, SCRIPT)
    for domain in DOMAINS:
        write_yaml(out / f"_mmlu_{domain}.yaml",
                   group(f"mmlu_{domain}", [f"mmlu_{domain}_tasks"], ["acc"],
                         alias=domain.replace("_", " "), version=2), SCRIPT)  # as lm-eval
    write_yaml(out / "_mmlu.yaml",
               group("mmlu", [f"mmlu_{d}" for d in DOMAINS], ["acc"], version=2), SCRIPT)


if __name__ == "__main__":
    main()
