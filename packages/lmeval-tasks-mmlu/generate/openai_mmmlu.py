"""Write the MMMLU task configs (OpenAI's professional translations of the MMLU test set), lm-eval
0.4.13's ``openai-mmmlu`` folder: 14 languages x 57 MMLU subjects, a group per language and per
language and domain, and ``mmmlu`` over the languages.

Each task reads the language's config of ``openai/MMMLU`` and keeps one subject with a
``process_docs`` filter from the generated ``utils.py`` (the ``Subject`` column, with the stray
``_test.csv...`` suffix some configs carry cut off, as lm-eval does). Prompt: MMLU's description
with the language named, the question, ``A.``..``D.`` from the columns ``A``..``D``, ``Answer:``;
gold is the letter in ``Answer``. Few-shot: the first rows of the same ``test`` split.
"""

from __future__ import annotations

from pathlib import Path

from _common import GENERATED, TASKS_ROOT, Function, group, reset_dir, write, write_yaml
from mmlu import DOMAINS, SUBJECTS

SCRIPT = "openai_mmmlu.py"
# task slug -> (dataset config, language named in descriptions and aliases)
LANGUAGES = {
    "ar_xy": ("AR_XY", "Arabic"), "bn_bd": ("BN_BD", "Bengali"), "de_de": ("DE_DE", "German"),
    "es_la": ("ES_LA", "Spanish"), "fr_fr": ("FR_FR", "French"), "hi_in": ("HI_IN", "Hindi"),
    "id_id": ("ID_ID", "Indonesian"), "it_it": ("IT_IT", "Italian"), "ja_jp": ("JA_JP", "Japanese"),
    "ko_kr": ("KO_KR", "Korean"), "pt_br": ("PT_BR", "Brazilian Portuguese"), "sw_ke": ("SW_KE", "Swahili"),
    "yo_ng": ("YO_NG", "Yoruba"), "zh_cn": ("ZH_CN", "Simplified Chinese"),
}

TEMPLATE = """\
dataset_path: openai/MMMLU
test_split: test
fewshot_split: test
fewshot_config:
  sampler: first_n
output_type: multiple_choice
doc_to_text: "{{Question.strip()}}\\nA. {{A}}\\nB. {{B}}\\nC. {{C}}\\nD. {{D}}\\nAnswer:"
doc_to_choice: ["A", "B", "C", "D"]
doc_to_target: Answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
  - metric: acc_norm
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
"""

UTILS = '''\
"""MMMLU: one ``process_docs`` per MMLU subject, keeping the documents whose ``Subject`` is that
subject once a stray CSV file name suffix (``college_mathematics_test.csv_sw-KE.csv``) is cut."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def subject_of(name: Any) -> Any:
    if not isinstance(name, str):
        return name
    for marker in ("_test.csv", "_test-"):
        cut = name.find(marker)
        if cut != -1:
            return name[:cut]
    return name


def _keep(subject: str) -> Callable[[Any], Any]:
    def process(dataset: Any) -> Any:
        return dataset.filter(lambda doc: subject_of(doc["Subject"]) == subject)

    return process


{functions}
'''


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "openai_mmmlu")
    write(out / "_default_template_yaml", GENERATED.format(script=SCRIPT) + TEMPLATE)
    functions = "\n".join(f'process_{subject} = _keep("{subject}")' for subject in SUBJECTS)
    write(out / "utils.py", GENERATED.format(script=SCRIPT) + UTILS.format(functions=functions))
    for slug, (config, language) in LANGUAGES.items():
        for subject, domain in SUBJECTS.items():
            words = subject.replace("_", " ")
            write_yaml(out / f"mmmlu_{slug}_{subject}.yaml", {
                "include": "_default_template_yaml",
                "dataset_name": config,
                "process_docs": Function(f"utils.process_{subject}"),
                "tag": f"mmmlu_{slug}_{domain}_tasks",
                "task": f"mmmlu_{slug}_{subject}",
                "task_alias": f"{words} ({language})",
                "description": f"The following are multiple choice questions (with answers) about {words} "
                               f"({language}).\n\n",
            }, SCRIPT)
        for domain in DOMAINS:
            write_yaml(out / f"_mmmlu_{slug}_{domain}.yaml",
                       group(f"mmmlu_{slug}_{domain}", [f"mmmlu_{slug}_{domain}_tasks"], ["acc"],
                             alias=f"{language} {domain.replace('_', ' ')}"), SCRIPT)
        write_yaml(out / f"_mmmlu_{slug}.yaml",
                   group(f"mmmlu_{slug}", [f"mmmlu_{slug}_{d}" for d in DOMAINS], ["acc", "acc_norm"],
                         alias=language), SCRIPT)
    write_yaml(out / "_mmmlu.yaml", group("mmmlu", [f"mmmlu_{slug}" for slug in LANGUAGES], ["acc", "acc_norm"],
                                          alias="MMMLU"), SCRIPT)


if __name__ == "__main__":
    main()
