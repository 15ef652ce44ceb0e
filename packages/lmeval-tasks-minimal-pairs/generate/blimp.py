"""BLiMP (Warstadt et al. 2020, TACL, arXiv:1912.00582): English minimal pairs, 67 paradigms.

One task ``blimp_<paradigm>`` per config of ``nyu-mll/blimp`` (its ``train`` split, the only one)
and the group ``blimp`` (unweighted mean of ``acc``), as lm-eval 0.4.13's ``blimp`` folder.
"""

from __future__ import annotations

from pathlib import Path

from _common import group_config, task_config, write_family

SCRIPT = "blimp.py"
FOLDER = "blimp"
TITLE = "BLiMP"
GROUPS = ["blimp"]

# the 67 paradigms, configs of nyu-mll/blimp
CONFIGS = """
adjunct_island anaphor_gender_agreement anaphor_number_agreement animate_subject_passive
animate_subject_trans causative complex_NP_island
coordinate_structure_constraint_complex_left_branch
coordinate_structure_constraint_object_extraction determiner_noun_agreement_1
determiner_noun_agreement_2 determiner_noun_agreement_irregular_1
determiner_noun_agreement_irregular_2 determiner_noun_agreement_with_adj_2
determiner_noun_agreement_with_adj_irregular_1 determiner_noun_agreement_with_adj_irregular_2
determiner_noun_agreement_with_adjective_1 distractor_agreement_relational_noun
distractor_agreement_relative_clause drop_argument ellipsis_n_bar_1 ellipsis_n_bar_2
existential_there_object_raising existential_there_quantifiers_1
existential_there_quantifiers_2 existential_there_subject_raising expletive_it_object_raising
inchoative intransitive irregular_past_participle_adjectives irregular_past_participle_verbs
irregular_plural_subject_verb_agreement_1 irregular_plural_subject_verb_agreement_2
left_branch_island_echo_question left_branch_island_simple_question
matrix_question_npi_licensor_present npi_present_1 npi_present_2 only_npi_licensor_present
only_npi_scope passive_1 passive_2 principle_A_c_command principle_A_case_1 principle_A_case_2
principle_A_domain_1 principle_A_domain_2 principle_A_domain_3 principle_A_reconstruction
regular_plural_subject_verb_agreement_1 regular_plural_subject_verb_agreement_2
sentential_negation_npi_licensor_present sentential_negation_npi_scope
sentential_subject_island superlative_quantifiers_1 superlative_quantifiers_2
tough_vs_raising_1 tough_vs_raising_2 transitive wh_island wh_questions_object_gap
wh_questions_subject_gap wh_questions_subject_gap_long_distance wh_vs_that_no_gap
wh_vs_that_no_gap_long_distance wh_vs_that_with_gap wh_vs_that_with_gap_long_distance
""".split()

TEMPLATE = """\
# BLiMP: each document is a grammatical and an ungrammatical sentence; the model is right when
# the grammatical one (choice 0) is likelier. No prompt: the sentences are scored on their own.
dataset_path: nyu-mll/blimp
output_type: multiple_choice
validation_split: train
doc_to_text: ""
doc_to_target: 0
doc_to_choice: "{{[sentence_good, sentence_bad]}}"
num_fewshot: 0
should_decontaminate: true
doc_to_decontamination_query: "{{sentence_good}} {{sentence_bad}}"
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
"""


def tasks() -> list[str]:
    return [f"blimp_{c}" for c in CONFIGS]


def main(root: Path) -> None:
    configs = {f"blimp_{c}.yaml": task_config(f"blimp_{c}", c) for c in CONFIGS}
    configs["_blimp.yaml"] = group_config("blimp", tasks(), ["acc"], 2.0)
    write_family(root, FOLDER, TEMPLATE, configs, SCRIPT)
