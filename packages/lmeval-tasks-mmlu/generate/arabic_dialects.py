"""Write the DarijaMMLU (Moroccan Arabic; MBZUAI-Paris/DarijaMMLU, Shang et al., 2024,
arXiv:2409.17912) and EgyMMLU (Egyptian Arabic; UBC-NLP/EgyMMLU) task configs: the same 23 MMLU
and 21 ArabicMMLU subjects translated.

Prompt (``tasks/<family>/utils.py``): a sentence in the dialect naming the subject, the question
(after its context, if any), lettered options, the word for "answer"; letter continuations.
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, reset_dir, write_python, write_template, write_yaml

SCRIPT = "arabic_dialects.py"

MMLU_SUBJECTS = [
    "global_facts", "high_school_european_history", "high_school_geography",
    "high_school_government_and_politics", "high_school_psychology", "high_school_statistics",
    "high_school_world_history", "human_aging", "international_law", "jurisprudence",
    "logical_fallacies", "management", "marketing", "moral_disputes", "moral_scenarios", "nutrition",
    "philosophy", "professional_law", "professional_psychology", "public_relations",
    "security_studies", "sociology", "world_religions",
]
ARABIC_MMLU_SUBJECTS = [
    "accounting", "arabic_language", "arabic_language_(general)", "arabic_language_(grammar)",
    "biology", "civics", "computer_science", "driving_test", "economics", "general_knowledge",
    "geography", "history", "islamic_studies", "law", "management_ar", "math", "natural_science",
    "philosophy_ar", "physics", "political_science", "social_science",
]

TEMPLATE = """\
# @TITLE@ subject template (lm-eval 0.4.13 `@FAMILY@`).
dataset_path: @HUB@
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: multiple_choice
doc_to_text: !function utils.doc_to_text
doc_to_choice: !function utils.doc_to_choice
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 0.0
"""

UTILS = '''\
"""@TITLE@ prompt: the subject in the dialect, the question (after its context), lettered options."""

PROMPT = @PROMPT@
LETTERS = ["A", "B", "C", "D", "E"]


def doc_to_text(doc: dict) -> str:
    question = doc["question"] if doc["context"] == "" else f"{doc['context']}\\n\\n{doc['question']}"
    options = "\\n".join(f"{LETTERS[i]}. {option}" for i, option in enumerate(doc["choices"]))
    return PROMPT.format(doc[@FIELD@], question, options)


def doc_to_choice(doc: dict) -> list[str]:
    return LETTERS[: len(doc["choices"])]
'''


# family -> (title, hub id, prompt, subject field, extra tag per subject or None)
FAMILIES = {
    "darijammlu": ("DarijaMMLU", "MBZUAI-Paris/DarijaMMLU",
                   "هادا سؤال متعدد الخيارات (مع الجواب ديالو) على {}\n\n{}\n{}\nالجواب:", "subject_darija", None),
    "egymmlu": ("EgyMMLU", "UBC-NLP/EgyMMLU",
                "ده سؤال متعدد الاختيار (مع إجابته) على {}\n\n{}\n{}\n الجواب:", "egy_subject", "domain"),
}

# EgyMMLU also tags each subject with its domain (egymmlu_<domain>_tasks; no group uses them)
DOMAINS = {
    "social_sciences": ["accounting", "civics", "economics", "geography", "high_school_geography",
                        "high_school_government_and_politics", "high_school_psychology",
                        "political_science", "professional_psychology", "public_relations",
                        "security_studies", "social_science", "sociology"],
    "language": ["arabic_language", "arabic_language_(general)", "arabic_language_(grammar)"],
    "stem": ["biology", "computer_science", "high_school_statistics", "math", "natural_science", "physics"],
    "other": ["driving_test", "general_knowledge", "global_facts", "human_aging", "management",
              "management_ar", "marketing", "nutrition"],
    "humanities": ["high_school_european_history", "high_school_world_history", "history",
                   "international_law", "islamic_studies", "jurisprudence", "law", "logical_fallacies",
                   "moral_disputes", "moral_scenarios", "philosophy", "philosophy_ar",
                   "professional_law", "world_religions"],
}
DOMAIN_OF = {subject: domain for domain, subjects in DOMAINS.items() for subject in subjects}


def _fill(text: str, family: str) -> str:
    title, hub, prompt, field, _ = FAMILIES[family]
    return (text.replace("@TITLE@", title).replace("@FAMILY@", family).replace("@HUB@", hub)
            .replace("@PROMPT@", '"' + prompt.replace("\n", "\\n") + '"').replace("@FIELD@", repr(field)))


def _group(name: str, alias: str, members: list[str]) -> dict:
    return {"group": name, "group_alias": alias, "task": members,
            "aggregate_metric_list": [{"metric": "acc", "weight_by_size": True}], "metadata": {"version": 0}}


def main(root: Path = TASKS_ROOT) -> None:
    for family, (title, _, _, _, extra) in FAMILIES.items():
        out = reset_dir(root / family)
        write_template(out / f"_default_{family}_template_yaml", _fill(TEMPLATE, family), SCRIPT)
        write_python(out / "utils.py", _fill(UTILS, family), SCRIPT)
        for kind, subjects in (("mmlu", MMLU_SUBJECTS), ("ar_mmlu", ARABIC_MMLU_SUBJECTS)):
            for subject in subjects:
                tags = [f"{family}_{kind}_tasks"]
                if extra == "domain":
                    tags.insert(0, f"{family}_{DOMAIN_OF[subject]}_tasks")
                write_yaml(out / f"{family}_{subject}.yaml", {
                    "include": f"_default_{family}_template_yaml", "task": f"{family}_{subject}",
                    "task_alias": subject.replace("_", " "), "tag": tags, "dataset_name": subject,
                }, SCRIPT)
        write_yaml(out / f"_{family}_mmlu.yaml", _group(f"{family}_mmlu", "MMLU", [f"{family}_mmlu_tasks"]), SCRIPT)
        write_yaml(out / f"_{family}_ar_mmlu.yaml",
                   _group(f"{family}_ar_mmlu", "ArabicMMLU", [f"{family}_ar_mmlu_tasks"]), SCRIPT)
        write_yaml(out / f"_{family}.yaml",
                   _group(family, title, [f"{family}_mmlu", f"{family}_ar_mmlu"]), SCRIPT)


if __name__ == "__main__":
    main()
