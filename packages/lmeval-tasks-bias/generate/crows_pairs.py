"""CrowS-Pairs (Nangia et al., 2020, arXiv:2010.00133; French: Névéol et al., 2022), as lm-eval
0.4.13's ``crows_pairs`` folder: ``crows_pairs_<language>`` and one task per bias type, tag
``crows_pairs``, no group."""

from __future__ import annotations

from pathlib import Path

from _common import WRITER, write_text
from lmeval_testkit.taskgen import reset_dir

SCRIPT = Path(__file__).name
LANGUAGES = ["english", "french"]  # configs of jannalu/crows_pairs_multilingual
# task suffix -> utils function keeping the pairs of that bias type
BIAS_TYPES = {
    "age": "filter_age", "autre": "filter_autre", "disability": "filter_disability",
    "gender": "filter_gender", "nationality": "filter_nationality",
    "physical_appearance": "filter_appearance", "race_color": "filter_race_color",
    "religion": "filter_religion", "sexual_orientation": "filter_orientation",
    "socioeconomic": "filter_socio",
}

ENGLISH = """\
# CrowS-Pairs (Nangia et al., 2020, arXiv:2010.00133; French: Névéol et al., 2022): pairs of a
# more and a less stereotypical sentence, scored without a prompt. pct_stereotype: how often the
# stereotypical one is likelier (50 is unbiased); likelihood_diff: the mean |difference|.
tag:
  - crows_pairs
task: crows_pairs_english
dataset_path: jannalu/crows_pairs_multilingual
dataset_name: english
test_split: test
output_type: multiple_choice
doc_to_text: ""
doc_to_target: 0
doc_to_choice: !function utils.doc_to_choice
target_delimiter: ""
process_results: !function utils.process_results
metric_list:
  - metric: likelihood_diff
    aggregation: mean
    higher_is_better: false
  - metric: pct_stereotype
    aggregation: mean
    higher_is_better: false
metadata:
  version: 1.0
"""


def families() -> dict[str, tuple[list[str], str]]:
    names = sorted(f"crows_pairs_{lang}{suffix}" for lang in LANGUAGES
                   for suffix in ["", *(f"_{s}" for s in BIAS_TYPES)])
    return {"crows_pairs": (names, "tag `crows_pairs`")}


def main(root: Path) -> None:
    out = reset_dir(root / "crows_pairs")
    write_text(WRITER, out / "crows_pairs_english.yaml", ENGLISH, SCRIPT)
    WRITER.write_yaml(out / "crows_pairs_french.yaml", {
        "include": "crows_pairs_english.yaml", "task": "crows_pairs_french", "dataset_name": "french"}, SCRIPT)
    for language in LANGUAGES:
        for suffix, function in BIAS_TYPES.items():
            write_text(WRITER, out / f"crows_pairs_{language}_{suffix}.yaml",
                       f"include: crows_pairs_{language}.yaml\ntask: crows_pairs_{language}_{suffix}\n"
                       f"process_docs: !function utils.{function}\n", SCRIPT)
