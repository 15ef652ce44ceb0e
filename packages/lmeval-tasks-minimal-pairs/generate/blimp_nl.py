"""BLiMP-NL (Suijkerbuijk et al. 2024, arXiv:2411.03237): Dutch minimal pairs.

One task ``blimp_nl__<phenomenon>__<paradigm>`` per config ``<phenomenon>__<paradigm>`` of
``jmichaelov/blimp_nl`` (its ``test`` split) and the group ``blimp_nl`` holding the 22 phenomenon
groups inline, as lm-eval 0.4.13 writes them: they are reported as
``blimp_nl::blimp_nl__<phenomenon>`` and are not names of their own (unweighted means of ``acc``
and ``acc_norm`` at both levels).
"""

from __future__ import annotations

from pathlib import Path

from _common import group_config, task_config, write_family

SCRIPT = "blimp_nl.py"
FOLDER = "blimp_nl"
TITLE = "BLiMP-NL"
METRICS = ["acc", "acc_norm"]

# phenomenon -> paradigms
PARADIGMS: dict[str, list[str]] = {
    "adpositional_phrases": ["argument_r_extraction", "argument_scrambling"],
    "adverbial_modification": ["position_proform", "position_type"],
    "anaphor_agreement": ["number", "person"],
    "argument_structure": ["argument_number_ditransitive", "argument_number_in_transitive",
                           "ditransitive_nomdat_1", "ditransitive_nomdat_2", "ditransitive_nomdat_3",
                           "intransitive_unaccusative_1", "intransitive_unaccusative_2",
                           "intransitive_unaccusative_3"],
    "auxiliaries": ["order_1", "order_2", "perfect", "semi_aspectual_1", "semi_aspectual_2"],
    "binding_principle_a": ["c_command", "monomorphemic"],
    "complementive": ["ditransitive", "intransitive", "position_adverb", "position_verb",
                      "transitive"],
    "crossing_dependencies": ["cross_dependency"],
    "determiners": ["geen_expletive", "geen_scrambling_1", "geen_scrambling_2",
                    "negative_polarity"],
    "extraposition": ["adjectival_adverbial", "adjectival_supplementive", "argument_nominal"],
    "finite_argument_clause": ["complementizer", "perception_dat", "perception_of", "position",
                               "sluicing_1", "sluicing_2"],
    "infinitival_argument_clause": ["bare_verb_cluster", "bare_verb_type_1", "bare_verb_type_2",
                                    "bare_verb_type_3", "om_te", "te_om_te_difference_1",
                                    "te_om_te_difference_2", "te_transparant_split", "verb_type"],
    "nominalization": ["type_inf_1", "type_inf_2"],
    "parasitic_gaps": ["scrambling", "structure_type_1", "structure_type_2", "structure_type_3"],
    "passive": ["aci", "ditransitive_1", "ditransitive_2", "impersonal"],
    "quantifiers": ["universal_difference_agreement_plural",
                    "universal_difference_agreement_singular"],
    "r_words": ["adverbial", "weak_proform"],
    "relativization": ["island", "pied_piping", "resumptive_prolepsis"],
    "topicalization": ["island", "question_similarity_1", "question_similarity_2",
                       "resumptive_prolepsis"],
    "verb_second": ["order_embedded", "order_main"],
    "wh_movement": ["filler_effect_gap", "filler_effect_no_gap", "hierarchy",
                    "question_formation", "stranding_1", "stranding_2"],
    "wh_movement_restrictions": ["bridge_verb_1", "bridge_verb_2", "island_1", "island_2",
                                 "resumptive_prolepsis", "superiority"],
}
CONFIGS = [f"{p}__{x}" for p, xs in PARADIGMS.items() for x in xs]
GROUPS = ["blimp_nl"] + [f"blimp_nl::blimp_nl__{p}" for p in PARADIGMS]

TEMPLATE = """\
# BLiMP-NL: Dutch minimal pairs; the grammatical sentence (choice 0) should be likelier. No
# prompt and no delimiter: each sentence is scored from the start of the text.
dataset_path: jmichaelov/blimp_nl
output_type: multiple_choice
test_split: test
doc_to_text: ""
target_delimiter: ""
doc_to_target: 0
doc_to_choice: "{{[sentence_good, sentence_bad]}}"
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
    return [f"blimp_nl__{c}" for c in CONFIGS]


def main(root: Path) -> None:
    configs = {f"blimp_nl__{c}.yaml": task_config(f"blimp_nl__{c}", c) for c in CONFIGS}
    inline = [group_config(f"blimp_nl__{p}", [f"blimp_nl__{p}__{x}" for x in xs], METRICS)
              for p, xs in PARADIGMS.items()]
    configs["_blimp_nl.yaml"] = group_config("blimp_nl", inline, METRICS)
    write_family(root, FOLDER, TEMPLATE, configs, SCRIPT)
