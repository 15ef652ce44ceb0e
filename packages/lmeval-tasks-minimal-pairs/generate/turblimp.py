"""TurBLiMP (Turkish minimal pairs): 16 phenomena, configs of ``juletxara/turblimp``.

One task ``turblimp_<phenomenon>`` per config (its ``train`` split) and the group
``turblimp_core``, as lm-eval 0.4.13 writes them.
"""

from __future__ import annotations

from pathlib import Path

from _common import group_config, task_config, write_family

SCRIPT = "turblimp.py"
FOLDER = "turblimp"
TITLE = "TurBLiMP"

CONFIGS = """
anaphor_agreement argument_structure_ditransitive argument_structure_transitive binding
determiners ellipsis irregular_forms island_effects nominalization npi_licensing passives
quantifiers relative_clauses scrambling subject_agreement suspended_affixation
""".split()

GROUPS = ["turblimp_core"]

TEMPLATE = """\
# TurBLiMP: the grammatical sentence (choice 0) should be likelier than the ungrammatical one.
# No prompt and no delimiter: each sentence is scored from the start of the text.
dataset_path: juletxara/turblimp
output_type: multiple_choice
test_split: train
doc_to_text: ""
target_delimiter: ""
doc_to_target: 0
doc_to_choice: "{{[sentence_good,sentence_bad]}}"
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


def tasks() -> list[str]:
    return [f"turblimp_{c}" for c in CONFIGS]


def main(root: Path) -> None:
    configs = {f"turblimp_{c}.yaml": task_config(f"turblimp_{c}", c) for c in CONFIGS}
    # lm-eval's group file writes ``aggregate_metric_list`` twice (acc, then acc_norm); YAML keeps
    # the last, so the group reports the unweighted mean of acc_norm only. Written as it loads.
    configs["_turblimp_core.yaml"] = group_config("turblimp_core", tasks(), ["acc_norm"])
    write_family(root, FOLDER, TEMPLATE, configs, SCRIPT)
