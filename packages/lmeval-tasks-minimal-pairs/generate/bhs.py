"""BHS (Basque, Hindi and Swahili agreement; Michaelov et al.): minimal pairs of endings.

One task ``bhs__<language>__<structure>`` per config ``<language>-<structure>`` of
``jmichaelov/bhs`` (its ``test`` split; every ``-`` of the config is ``__`` in the name) and one
group ``bhs_<language>`` per language (unweighted mean of ``acc``), as lm-eval 0.4.13's ``bhs``.
"""

from __future__ import annotations

from pathlib import Path

from _common import group_config, task_config, write_family

SCRIPT = "bhs.py"
FOLDER = "bhs"
TITLE = "BHS"

# language -> its configs, less the "<language>-" prefix
STRUCTURES: dict[str, list[str]] = {
    "basque": ["DO-S_DO_V_AUX", "DO-S_IO_DO_V_AUX", "IO-IO_S_V_AUX", "IO-S_IO_DO_V_AUX",
               "S-IO_S_V_AUX", "S-S_DO_V_AUX", "S-S_IO_DO_V_AUX", "S-S_V_AUX"],
    "hindi": ["S_O_V", "S_PossPRN_O_V", "S_PossPRN_PossN_O_V", "S_ne_O_V", "S_ne_PossPRN_O_V",
              "S_ne_PossPRN_PossN_O_V"],
    "swahili": ["N_of_Poss_D_AP_V_ni_AN", "N_of_Poss_D_AP_ni_AN", "N_of_Poss_D_A_V",
                "N_of_Poss_D_A_V1_V2", "N_of_Poss_D_V", "N_of_Poss_D_ni_A", "N_of_Poss_V",
                "N_of_Poss_ni_A"],
}
CONFIGS = [f"{language}-{s}" for language, ss in STRUCTURES.items() for s in ss]
GROUPS = [f"bhs_{language}" for language in STRUCTURES]

TEMPLATE = """\
# BHS: agreement minimal pairs in Basque, Hindi and Swahili; after the shared context, the
# grammatical ending (choice 0) should be likelier than the ungrammatical one.
dataset_path: jmichaelov/bhs
output_type: multiple_choice
test_split: test
doc_to_text: "{{context}}"
doc_to_target: 0
doc_to_choice: "{{[ending_good, ending_bad]}}"
num_fewshot: 0
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
  - metric: acc_norm
    aggregation: mean
    higher_is_better: true
metadata:
  version: 0
"""


def task_name(config: str) -> str:
    return "bhs__" + config.replace("-", "__")


def tasks() -> list[str]:
    return [task_name(c) for c in CONFIGS]


def main(root: Path) -> None:
    configs = {f"{task_name(c)}.yaml": task_config(task_name(c), c) for c in CONFIGS}
    for language, structures in STRUCTURES.items():
        members = [task_name(f"{language}-{s}") for s in structures]
        configs[f"_bhs_{language}.yaml"] = group_config(f"bhs_{language}", members, ["acc"])
    write_family(root, FOLDER, TEMPLATE, configs, SCRIPT)
