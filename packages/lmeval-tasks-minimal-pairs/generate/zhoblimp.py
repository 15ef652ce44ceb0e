"""ZhoBLiMP (Liu et al. 2024, arXiv:2411.06096): Chinese minimal pairs, 118 paradigms.

One task ``zhoblimp_<paradigm>`` per config of ``Junrui1202/zhoblimp`` (its ``train`` split, the
only one) and the group ``zhoblimp``, as lm-eval 0.4.13 writes them.
"""

from __future__ import annotations

from pathlib import Path

from _common import group_config, task_config, write_family

SCRIPT = "zhoblimp.py"
FOLDER = "zhoblimp"
TITLE = "ZhoBLiMP"

# the configs of Junrui1202/zhoblimp, in the order of lm-eval's group
CONFIGS = """
BA_BEI_subj_drop BA_deletion BA_duplicate_argument BA_inversion BA_meiba BA_negation
BA_no_progressive BA_no_stative_verb BA_suo_adverbial_a BA_suo_adverbial_b BA_verb_le_a
BA_verb_le_b BEI_construction_a BEI_construction_b BEI_deletion BEI_preposition PN_numP_a
PN_numP_b adjective_transitive_dui agent_animacy_adv agent_animacy_passive agent_animacy_subj
agent_causative agent_deletion anaphor_gender_agreement anaphor_number_agreement
causative_shi_ba classifier_noun_agreement classifier_noun_agreement_no_gap
classifier_noun_subj control_modal_vs_raising_modal ellipsis_adj ellipsis_double_object
ellipsis_n_bar_class existential_there_subject_raising fci_renhe_dou fci_renhe_prepP
fci_renhe_ruguo fci_renhe_subj fci_renhe_suoyou intransitive_double_obj intransitive_no_obj
left_adverbial_b left_adverbial_d left_adverbial_e left_adverbial_negation left_dou
modal_raising_hui modal_raising_topicalization nominal_definite_men nominal_modal_insertion
noun_adjective_shi noun_phrase_conjunction_jian npi_renhe_A_not_A_question
npi_renhe_conditional npi_renhe_neg_scope_locP npi_renhe_neg_scope_subj
npi_renhe_wh_question_obj npi_renhe_wh_question_subj passive_agent_deletion_long_left
passive_agent_deletion_long_right_a passive_agent_deletion_long_right_b
passive_agent_deletion_short passive_body_part passive_intransitive passive_no_adj passive_suo
plural_cardinal_men_a plural_cardinal_men_b preposition_deletion preposition_insertion
principle_A_c_command principle_A_c_command_number principle_A_domain principle_A_domain_number
question_A_not_A question_A_not_A_daodi_a question_A_not_A_daodi_b question_A_not_A_indirect
question_V_not_VP_1 question_V_not_VP_2 question_daodi_nandao_1 question_daodi_nandao_2
question_daodi_nandao_A_not_A_intran question_daodi_nandao_A_not_A_tran question_daodi_negation
question_nandao_negation question_nandao_raising_1_a question_nandao_raising_1_b
question_nandao_raising_2 question_nandao_raising_3 question_nandao_scope_1
question_nandao_scope_2 question_particle_daodi_choice_intran
question_particle_daodi_choice_tran question_particle_nandao relative_operator_intepretation
relative_operator_who relativization_movement_no_gap relativization_movement_when_where
renhe_no_episodic_sentences renhe_no_superordinate_negation renhe_non_factive_verb
right_yijing_a right_yijing_b singular_PN_but_plural_pron superlative_quantifiers_1
superlative_quantifiers_2 topicalization_OSV topicalization_OSV_mei topicalization_SOV
topicalization_SOV_mei verb_negation_particle verb_phrase_left_adverbial
verb_phrase_left_negation ya_insertion you_quantifier_adj you_yige
""".split()

GROUPS = ["zhoblimp"]

TEMPLATE = """\
# ZhoBLiMP: the grammatical sentence (choice 0) should be likelier than the ungrammatical one.
# No prompt and no delimiter: each sentence is scored from the start of the text.
dataset_path: Junrui1202/zhoblimp
output_type: multiple_choice
test_split: train
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
    return [f"zhoblimp_{c}" for c in CONFIGS]


def main(root: Path) -> None:
    configs = {f"zhoblimp_{c}.yaml": task_config(f"zhoblimp_{c}", c) for c in CONFIGS}
    # lm-eval's group file writes ``aggregate_metric_list`` twice (acc, then acc_norm); YAML keeps
    # the last, so the group reports the unweighted mean of acc_norm only. Written as it loads.
    configs["_zhoblimp.yaml"] = group_config("zhoblimp", tasks(), ["acc_norm"])
    write_family(root, FOLDER, TEMPLATE, configs, SCRIPT)
