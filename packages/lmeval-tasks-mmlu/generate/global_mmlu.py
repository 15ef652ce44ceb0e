"""Write the Global-MMLU task configs (Singh et al., 2024, arXiv:2412.03304), lm-eval 0.4.13's
``global_mmlu`` folder: the full set (42 languages x 57 MMLU subjects, groups per language and
domain) and the lite set (15 languages x 6 categories, one group per language).

Both read one dataset config per language and keep a subject's (full) or category's (lite)
documents with a ``process_docs`` filter from the folder's generated ``utils.py``. Prompt: the
question, options ``A.``..``D.`` from ``option_a``..``option_d``, ``Answer:``; gold is the letter
in ``answer``. Few-shot from ``dev``: its first rows (full), a seeded random draw (lite).
"""

from __future__ import annotations

from pathlib import Path

from _common import GENERATED, TASKS_ROOT, Function, reset_dir, write, write_template, write_yaml
from mmlu import DOMAINS, SUBJECTS

SCRIPT = "global_mmlu.py"

FULL_LANGS = ["am", "ar", "bn", "cs", "de", "el", "en", "es", "fa", "fil", "fr", "ha", "he", "hi",
              "id", "ig", "it", "ja", "ko", "ky", "lt", "mg", "ms", "ne", "nl", "ny", "pl", "pt",
              "ro", "ru", "si", "sn", "so", "sr", "sv", "sw", "te", "tr", "uk", "vi", "yo", "zh"]
# language of the lite set -> its hub id (lm-eval 0.4.13 names both spellings of the organisation)
LITE_LANGS = {lang: "CohereLabs/Global-MMLU-Lite" for lang in ("ar", "bn", "de", "en", "es", "fr", "hi")} | {
    lang: "CohereForAI/Global-MMLU-Lite" for lang in ("id", "it", "ja", "ko", "pt", "sw", "yo", "zh")}
# the dataset's subject_category values, in the order of each lite group's members
CATEGORIES = ["Business", "Humanities", "Medical", "Other", "STEM", "Social Sciences"]
LITE_ORDER = ["business", "humanities", "medical", "other", "stem", "social_sciences"]

TEMPLATE = """\
dataset_path: {path}
dataset_name: {lang}
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: {sampler}
output_type: multiple_choice
doc_to_text: "{{{{question.strip()}}}}\\nA. {{{{option_a}}}}\\nB. {{{{option_b}}}}\\nC. {{{{option_c}}}}\\nD. {{{{option_d}}}}\\nAnswer:"
doc_to_choice: ["A", "B", "C", "D"]
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 0.0
"""

UTILS = '''\
"""Global-MMLU ({kind}): one ``process_docs`` per {field} value, keeping that {what}'s documents."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _keep(field: str, value: str) -> Callable[[Any], Any]:
    def process(dataset: Any) -> Any:
        return dataset.filter(lambda doc: doc[field] == value)

    return process


{functions}
'''


def _key(category: str) -> str:
    return category.lower().replace(" ", "_")


def _utils(kind: str, field: str, what: str, values: dict[str, str]) -> str:
    functions = "\n".join(f"process_{name} = _keep(\"{field}\", \"{value}\")" for name, value in values.items())
    return GENERATED.format(script=SCRIPT) + UTILS.format(kind=kind, field=field, what=what,
                                                          functions=functions)


def _group(name: str, members: list[str]) -> dict:
    return {"group": name, "task": members,
            "aggregate_metric_list": [{"metric": "acc", "weight_by_size": True}],
            "metadata": {"version": 0.0}}


def full(root: Path) -> None:
    out = reset_dir(root / "global_mmlu" / "full")
    write(out / "utils.py", _utils("full", "subject", "subject", {s: s for s in SUBJECTS}))
    for lang in FULL_LANGS:
        name = f"global_mmlu_full_{lang}"
        write_template(out / f"_{lang}_template_yaml",
              TEMPLATE.format(path="CohereForAI/Global-MMLU", lang=lang, sampler="first_n"), SCRIPT)
        for subject, domain in SUBJECTS.items():
            write_yaml(out / f"{name}_{subject}.yaml", {
                "include": f"_{lang}_template_yaml",
                "task": f"{name}_{subject}",
                "tag": f"{name}_{domain}_tasks",
                "process_docs": Function(f"utils.process_{subject}"),
            }, SCRIPT)
        for domain in DOMAINS:
            write_yaml(out / f"_{name}_{domain}.yaml", _group(f"{name}_{domain}", [f"{name}_{domain}_tasks"]),
                       SCRIPT)
        write_yaml(out / f"_{name}.yaml", _group(name, [f"{name}_{d}" for d in DOMAINS]), SCRIPT)


def lite(root: Path) -> None:
    out = reset_dir(root / "global_mmlu" / "lite")
    write(out / "utils.py", _utils("lite", "subject_category", "category", {_key(c): c for c in CATEGORIES}))
    for lang, path in LITE_LANGS.items():
        name = f"global_mmlu_{lang}"
        write_template(out / f"_{lang}_template_yaml", TEMPLATE.format(path=path, lang=lang, sampler="default"), SCRIPT)
        for category in LITE_ORDER:
            write_yaml(out / f"{name}_{category}.yaml", {
                "include": f"_{lang}_template_yaml",
                "task": f"{name}_{category}",
                "process_docs": Function(f"utils.process_{category}"),
            }, SCRIPT)
        write_yaml(out / f"_{name}.yaml", _group(name, [f"{name}_{c}" for c in LITE_ORDER]), SCRIPT)


def main(root: Path = TASKS_ROOT) -> None:
    full(root)
    lite(root)


if __name__ == "__main__":
    main()
