"""Write the BIG-bench task configs (Srivastava et al., 2022, arXiv:2206.04615) as lm-eval 0.4.13
names and builds them: ``hails/bigbench``, config ``<subtask>_zero_shot``, split ``default``.

* ``bigbench_<subtask>_generate_until`` for every subtask in ``SUBTASKS``: the prompt is the
  ``inputs`` column, the target ``targets[0]``, at most 128 new tokens and no stop sequence;
  ``exact_match`` ignoring punctuation. Tag ``bigbench_generate_until``.
* ``bigbench_<subtask>_multiple_choice`` for the subtasks with choices (all but ``NO_CHOICES``):
  rows without ``multiple_choice_targets`` dropped, the choices scored after ``inputs``, ``acc``.
  The gold is the index of ``targets[0]`` among the choices (tag ``bigbench_multiple_choice_a``),
  or for ``strategyqa`` the choice scored 1 (tag ``bigbench_multiple_choice_b``).

No groups (lm-eval has none for BIG-bench).
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, Function, reset_dir, write_python, write_yaml

SCRIPT = "bigbench.py"

#: every subtask lm-eval 0.4.13 registers (the dataset config is ``<name>_zero_shot``)
SUBTASKS = """
abstract_narrative_understanding anachronisms analogical_similarity analytic_entailment arithmetic
ascii_word_recognition authorship_verification auto_categorization auto_debugging bbq_lite_json
bridging_anaphora_resolution_barqa causal_judgment cause_and_effect checkmate_in_one
chess_state_tracking chinese_remainder_theorem cifar10_classification code_line_description
codenames color common_morpheme conceptual_combinations conlang_translation
contextual_parametric_knowledge_conflicts crash_blossom crass_ai cryobiology_spanish cryptonite
cs_algorithms dark_humor_detection date_understanding disambiguation_qa
discourse_marker_prediction disfl_qa dyck_languages elementary_math_qa emoji_movie
emojis_emotion_prediction empirical_judgments english_proverbs english_russian_proverbs
entailed_polarity entailed_polarity_hindi epistemic_reasoning evaluating_information_essentiality
fact_checker fantasy_reasoning few_shot_nlg figure_of_speech_detection
formal_fallacies_syllogisms_negation gem gender_inclusive_sentences_german general_knowledge
geometric_shapes goal_step_wikihow gre_reading_comprehension hhh_alignment
hindi_question_answering hindu_knowledge hinglish_toxicity human_organs_senses hyperbaton
identify_math_theorems identify_odd_metaphor implicatures implicit_relations intent_recognition
international_phonetic_alphabet_nli international_phonetic_alphabet_transliterate
intersect_geometry irony_identification kanji_ascii kannada key_value_maps known_unknowns
language_games language_identification linguistic_mappings linguistics_puzzles list_functions
logic_grid_puzzle logical_args logical_deduction logical_fallacy_detection logical_sequence
mathematical_induction matrixshapes metaphor_boolean metaphor_understanding minute_mysteries_qa
misconceptions misconceptions_russian mnist_ascii modified_arithmetic moral_permissibility
movie_dialog_same_or_different movie_recommendation mult_data_wrangling multiemo
natural_instructions navigate nonsense_words_grammar novel_concepts object_counting odd_one_out
operators paragraph_segmentation parsinlu_qa parsinlu_reading_comprehension penguins_in_a_table
periodic_elements persian_idioms phrase_relatedness physical_intuition physics physics_questions
play_dialog_same_or_different polish_sequence_labeling presuppositions_as_nli qa_wikidata
question_selection real_or_fake_text reasoning_about_colored_objects repeat_copy_logic rephrase
riddle_sense ruin_names salient_translation_error_detection scientific_press_release
semantic_parsing_in_context_sparc semantic_parsing_spider sentence_ambiguity
similarities_abstraction simp_turing_concept simple_arithmetic_json
simple_arithmetic_json_multiple_choice simple_arithmetic_json_subtasks
simple_arithmetic_multiple_targets_json simple_ethical_questions simple_text_editing snarks
social_iqa social_support sports_understanding strange_stories strategyqa sufficient_information
suicide_risk swahili_english_proverbs swedish_to_german_proverbs symbol_interpretation
temporal_sequences tense timedial topical_chat tracking_shuffled_objects understanding_fables
undo_permutation unit_conversion unit_interpretation unnatural_in_context_learning
vitaminc_fact_verification what_is_the_tao which_wiki_edit winowhy word_sorting word_unscrambling
""".split()

#: subtasks with no multiple-choice variant in lm-eval 0.4.13
NO_CHOICES = set("""
ascii_word_recognition auto_categorization auto_debugging bridging_anaphora_resolution_barqa
chess_state_tracking chinese_remainder_theorem codenames conlang_translation cryptonite disfl_qa
few_shot_nlg gem gender_inclusive_sentences_german hindi_question_answering
international_phonetic_alphabet_transliterate language_games linguistic_mappings
linguistics_puzzles list_functions matrixshapes minute_mysteries_qa modified_arithmetic
mult_data_wrangling natural_instructions object_counting operators paragraph_segmentation
parsinlu_reading_comprehension physics_questions polish_sequence_labeling qa_wikidata
repeat_copy_logic rephrase scientific_press_release semantic_parsing_in_context_sparc
semantic_parsing_spider simp_turing_concept simple_arithmetic_json
simple_arithmetic_json_multiple_choice simple_arithmetic_json_subtasks
simple_arithmetic_multiple_targets_json simple_text_editing sufficient_information tense
topical_chat unnatural_in_context_learning word_sorting word_unscrambling
""".split())
#: the gold is the choice scored 1, not the index of the first target
GOLD_BY_SCORE = {"strategyqa"}

_COMMON = {"dataset_path": "hails/bigbench", "test_split": "default", "doc_to_text": "inputs"}
GENERATE_TEMPLATE = {
    "tag": "bigbench_generate_until", **_COMMON, "output_type": "generate_until",
    "doc_to_target": "{{targets[0]}}", "generation_kwargs": {"max_gen_toks": 128},
    "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                     "ignore_punctuation": True}],
    "metadata": {"version": 1.0},
}


def choice_template(by_score: bool) -> dict:
    return {
        "tag": "bigbench_multiple_choice_b" if by_score else "bigbench_multiple_choice_a",
        **_COMMON, "output_type": "multiple_choice",
        "process_docs": Function("utils.filter_multiple_choice"),
        "doc_to_target": "{{multiple_choice_scores.index(1)}}" if by_score
        else "{{multiple_choice_targets.index(targets[0])}}",
        "doc_to_choice": "{{multiple_choice_targets}}",
        "metric_list": [{"metric": "acc"}], "metadata": {"version": 1.0},
    }


def multiple_choice_subtasks() -> list[str]:
    return [s for s in SUBTASKS if s not in NO_CHOICES]


def task_names() -> list[str]:
    return ([f"bigbench_{s}_generate_until" for s in SUBTASKS]
            + [f"bigbench_{s}_multiple_choice" for s in multiple_choice_subtasks()])


UTILS = '''"""BIG-bench multiple-choice variants keep only the rows that have choices (some subtasks mix
multiple-choice and free-form rows in one split), as lm-eval 0.4.13 does."""


def filter_multiple_choice(dataset):
    return dataset.filter(lambda doc: len(doc["multiple_choice_targets"]) > 0)
'''


def main(root: Path = TASKS_ROOT) -> None:
    base = root / "bigbench"
    generate = reset_dir(base / "generate_until")
    choice = reset_dir(base / "multiple_choice")
    write_yaml(base / "generate_until_template_yaml", GENERATE_TEMPLATE, SCRIPT)
    for by_score in (False, True):
        write_yaml(base / f"multiple_choice_template_{'b' if by_score else 'a'}_yaml", choice_template(by_score), SCRIPT)
    write_python(base / "utils.py", UTILS, SCRIPT)
    for name in SUBTASKS:
        write_yaml(generate / f"{name}.yaml", {"include": "../generate_until_template_yaml",
                                              "task": f"bigbench_{name}_generate_until",
                                              "dataset_name": f"{name}_zero_shot"}, SCRIPT)
    for name in multiple_choice_subtasks():
        template = "b" if name in GOLD_BY_SCORE else "a"
        write_yaml(choice / f"{name}.yaml", {"include": f"../multiple_choice_template_{template}_yaml",
                                            "task": f"bigbench_{name}_multiple_choice",
                                            "dataset_name": f"{name}_zero_shot"}, SCRIPT)
