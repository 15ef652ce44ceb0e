"""TokSuite (Altıntaş et al. 2025): tokenization robustness, canonical multiple-choice completions
and their perturbed variants in English, Turkish, Italian, Farsi and Chinese, plus STEM and math."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import Tree

# ===================================================================================== toksuite
# toksuite/toksuite_<set>, one config per variant (test split). Per set: the base config's
# num_samples, then each variant (in its group's order) with its pretty name and sample count.
VARIANTS = {
    "math": (21, [
        ('canonical', 'Canonical', 21),
        ('decorative_unicode', 'Decorative Unicode', 21),
        ('chinese', 'Chinese', 21),
        ('space_removal', 'Space removal', 21),
        ('latex', 'LaTeX', 21),
        ('farsi', 'Farsi', 21),
        ('spelled_out', 'Spelled out', 21),
        ('turkish', 'Turkish', 21),
        ('italian', 'Italian', 21),
    ]),
    "chinese": (40, [
        ('keyboard_proximity_errors', 'Keyboard proximity errors', 40),
        ('word_spacing_zero-width_characters_extra_space', 'Word Spacing/Zero-width characters/Extra Space', 40),
        ('romanization', 'Romanization', 40),
        ('spelled_out', 'Spelled out', 14),
        ('partially_romanized', 'Partially romanized', 40),
        ('colloquial', 'Colloquial', 39),
        ('canonical', 'Canonical', 40),
        ('equivalent_expressions', 'Equivalent expressions', 40),
        ('code_language_script_switching', 'Code/language/script switching', 40),
        ('optional_diacritics', 'Optional diacritics', 40),
        ('ocr_errors', 'OCR Errors', 40),
        ('space_removal', 'Space removal', 40),
        ('traditional', 'Traditional', 33),
    ]),
    "english": (40, [
        ('word_reordering', 'Word reordering', 40),
        ('lowercase', 'Contractions', 38),
        ('canonical', 'Canonical', 40),
        ('space_removal', 'Space removal', 40),
        ('keyboard_proximity_errors', 'Keyboard proximity errors', 41),
        ('macron_diacritic', 'Macron Diacritic', 40),
        ('character_substitution', 'Character substitution', 16),
        ('scripted_text', 'Scripted text', 40),
        ('grammatical_errors', 'Grammatical errors', 41),
        ('homoglyphs', 'Homoglyphs', 40),
        ('letter_repetition_for_emphasis', 'Letter repetition for emphasis', 41),
        ('spaced_styling', 'Spaced styling', 40),
        ('compounds', 'Compounds', 42),
        ('colloquial', 'Colloquial', 40),
        ('historical_spelling', 'Historical spelling', 40),
        ('similar_words', 'Similar words', 74),
        ('abbreviations', 'Abbreviations', 37),
        ('hyphenated_spelling', 'Hyphenated spelling', 40),
        ('web_search_query', 'Web search query', 37),
        ('spelled_out', 'Spelled out', 15),
        ('date_formats', 'Date formats', 18),
        ('orthographic_errors', 'Orthographic errors', 80),
        ('capitalization', 'Capitalization', 40),
        ('emoji_substitution', 'Emoji substitution', 44),
        ('contractions', 'Contractions', 41),
        ('superscript_subscript_styling', 'Superscript/subscript', 40),
        ('character_deletion', 'Character deletion', 40),
        ('inflections', 'Inflections', 14),
        ('ocr_errors', 'OCR Errors', 42),
    ]),
    "farsi": (40, [
        ('colloquial', 'Colloquial', 40),
        ('optional_diacritics', 'Optional diacritics', 40),
        ('romanization', 'Romanization', 40),
        ('spelled_out', 'Spelled out', 14),
        ('code_language_script_switching', 'Code/language/script switching', 40),
        ('word_spacing_zero-width_characters_extra_space', 'Word Spacing/Zero-width characters/Extra Space', 40),
        ('arabic_keyboard_for_farsi', 'Arabic Keyboard for Farsi', 40),
        ('keyboard_proximity_errors', 'Keyboard proximity errors', 40),
        ('canonical', 'Canonical', 40),
        ('dialects', 'Dialects', 360),
        ('number_romanization', 'Number Romanization', 13),
        ('equivalent_expressions', 'Equivalent expressions', 40),
    ]),
    "italian": (40, [
        ('english_keyboard', 'English keyboard', 68),
        ('date_formats', 'Date formats', 6),
        ('typographical_errors', 'Typographical errors', 281),
        ('orthographic_errors', 'Orthographic errors', 92),
        ('abbreviations', 'Abbreviations', 27),
        ('code_language_script_switching', 'Code/language/script switching', 39),
        ('phonetic_spelling', 'Phonetic spelling', 43),
        ('dialects', 'Dialects', 32),
        ('similar_words', 'Similar words', 12),
        ('grammatical_errors', 'Grammatical errors', 86),
        ('contractions', 'Contractions', 21),
        ('web_search_query', 'Web search query', 40),
        ('spelled_out', 'Spelled out', 37),
        ('keyboard_proximity_errors', 'Keyboard proximity errors', 231),
        ('numerical_formats', 'Numerical formats', 8),
        ('capitalization', 'Capitalization', 9),
        ('canonical', 'Canonical', 40),
        ('plausible_diacritics_errors', 'Plausible diacritics errors', 17),
    ]),
    "stem": (44, [
        ('unusual_formatting', 'Unusual formatting', 16),
        ('unicode_formatting', 'Unicode formatting', 28),
        ('latex', 'LaTeX', 68),
        ('superscript_subscript', 'Superscript/subscript', 29),
        ('character_deletion', 'Character deletion', 44),
        ('colloquial', 'Colloquial', 15),
        ('equivalent_expressions', 'Equivalent _expressions', 15),
        ('diacriticized_styling', 'Diacriticized styling', 55),
        ('enclosed_characters', 'Enclosed Characters', 42),
        ('upside_down_rotated', 'Upside Down/Rotated', 17),
        ('canonical', 'Canonical', 44),
        ('scripted_text', 'Scripted text', 18),
        ('strikethrough', 'Strikethrough', 52),
        ('morpheme_separation', 'Morpheme separation', 34),
        ('spelled_out', 'Spelled out', 25),
        ('space_removal', 'Space removal', 41),
        ('fullwidth_characters', 'Fullwidth Characters', 17),
        ('typographical_errors', 'Typographical errors', 38),
        ('double_struck', 'Double struck', 18),
    ]),
    "turkish": (40, [
        ('derivations', 'Derivations', 41),
        ('typographical_errors', 'Typographical errors', 39),
        ('date_formats', 'Date formats', 11),
        ('web_search_query', 'Web search query', 40),
        ('english_keyboard', 'English keyboard', 40),
        ('equivalent_expressions', 'Equivalent expressions', 17),
        ('dialects', 'Dialects', 36),
        ('canonical', 'Canonical', 40),
        ('code_language_script_switching', 'Code/language/script switching', 46),
        ('colloquial', 'Colloquial', 37),
        ('inflections', 'Inflections', 49),
        ('similar_words', 'Similar words', 21),
        ('keyboard_proximity_errors', 'Keyboard proximity errors', 75),
        ('word_reordering', 'Word reordering', 44),
        ('spelled_out', 'Spelled out', 16),
        ('grammatical_errors', 'Grammatical errors', 29),
        ('orthographic_errors', 'Orthographic errors', 40),
    ]),
}
#: the abridged group: one inline group (no score of its own) per perturbation category
ABRIDGED = [
    ('toksuite_canonical', ['toksuite_english_canonical', 'toksuite_farsi_canonical', 'toksuite_italian_canonical', 'toksuite_chinese_canonical', 'toksuite_turkish_canonical', 'toksuite_math_canonical', 'toksuite_stem_canonical']),
    ('toksuite_non_eng_input_medium_challenges', ['toksuite_turkish_english_keyboard', 'toksuite_italian_english_keyboard', 'toksuite_farsi_arabic_keyboard_for_farsi', 'toksuite_farsi_romanization', 'toksuite_farsi_number_romanization', 'toksuite_chinese_partially_romanized', 'toksuite_chinese_traditional', 'toksuite_chinese_romanization']),
    ('toksuite_non_eng_diacritics', ['toksuite_chinese_optional_diacritics', 'toksuite_farsi_optional_diacritics']),
    ('toksuite_eng_orthographic_and_grammar_errors', ['toksuite_english_orthographic_errors', 'toksuite_english_grammatical_errors']),
    ('toksuite_non_eng_orthographic_and_grammar_errors', ['toksuite_turkish_orthographic_errors', 'toksuite_turkish_grammatical_errors', 'toksuite_italian_orthographic_errors', 'toksuite_italian_grammatical_errors']),
    ('toksuite_eng_morphological_challenges', ['toksuite_english_contractions', 'toksuite_english_inflections']),
    ('toksuite_non_eng_morphological_challenges', ['toksuite_italian_contractions', 'toksuite_turkish_derivations', 'toksuite_turkish_inflections']),
    ('toksuite_eng_noise', ['toksuite_english_keyboard_proximity_errors', 'toksuite_english_ocr_errors', 'toksuite_stem_character_deletion', 'toksuite_english_character_deletion', 'toksuite_english_space_removal', 'toksuite_math_space_removal', 'toksuite_stem_space_removal', 'toksuite_stem_typographical_errors']),
    ('toksuite_non_eng_noise', ['toksuite_italian_plausible_diacritics_errors', 'toksuite_italian_keyboard_proximity_errors', 'toksuite_farsi_keyboard_proximity_errors', 'toksuite_turkish_keyboard_proximity_errors', 'toksuite_chinese_keyboard_proximity_errors', 'toksuite_chinese_ocr_errors', 'toksuite_chinese_space_removal', 'toksuite_turkish_typographical_errors', 'toksuite_italian_typographical_errors', 'toksuite_chinese_word_spacing_zero-width_characters_extra_space', 'toksuite_farsi_word_spacing_zero-width_characters_extra_space']),
    ('toksuite_math_latex', ['toksuite_stem_latex', 'toksuite_math_latex']),
    ('toksuite_stem_formatting', ['toksuite_stem_unusual_formatting']),
    ('toksuite_unicode_characters', ['toksuite_stem_fullwidth_characters', 'toksuite_math_decorative_unicode', 'toksuite_english_scripted_text', 'toksuite_stem_double_struck', 'toksuite_stem_enclosed_characters', 'toksuite_stem_unicode_formatting']),
]
#: the math set's variants repeat the version in their own metadata
VERSIONED = {"math"}
DESCRIPTION = "Tokenization robustness evaluation dataset"
VERSION = "1.0.2"
#: the full group's order of sets
ALL = ["math", "chinese", "english", "farsi", "italian", "stem", "turkish"]


def _aggregate() -> list[dict[str, Any]]:
    return [{"aggregation": "mean", "metric": m, "weight_by_size": True} for m in ("acc", "acc_norm")]


def _group_meta() -> dict[str, Any]:
    return {"description": DESCRIPTION, "version": VERSION}


def toksuite(tree: Tree) -> None:
    for lang, (n_base, variants) in VARIANTS.items():
        name = f"toksuite_{lang}"
        tree.write(f"toksuite/{name}/{name}_base.yaml", {
            "dataset_kwargs": None, "dataset_name": name, "dataset_path": f"toksuite/{name}",
            "doc_to_choice": "choices", "doc_to_target": "answer", "doc_to_text": "{{ question.strip() }}",
            "metadata": {"canonical_task": f"{name}_canonical", "description": DESCRIPTION, "version": VERSION,
                         "num_samples": n_base, "task_pretty_name": None},
            "metric_list": [{"aggregation": "mean", "higher_is_better": True, "metric": m}
                            for m in ("acc", "acc_norm")],
            "output_type": "multiple_choice", "target_delimiter": " ", "test_split": "test",
        })
        for variant, pretty, n in variants:
            meta: dict[str, Any] = {"canonical_task": f"{name}_canonical", "task_pretty_name": pretty,
                                    "num_samples": n}
            if lang in VERSIONED:
                meta["version"] = VERSION
            tree.write(f"toksuite/{name}/{name}_{variant}.yaml", {
                "dataset_name": f"{name}_{variant}", "include": f"{name}_base.yaml", "task": f"{name}_{variant}",
                "metadata": meta})
        tree.write(f"toksuite/{name}/_{name}.yaml", {
            "aggregate_metric_list": _aggregate(), "group": name, "metadata": _group_meta(),
            "task": [f"{name}_{variant}" for variant, _, _ in variants]})
    tree.write("toksuite/_toksuite_all.yaml", {
        "aggregate_metric_list": _aggregate(), "group": "toksuite", "task": [f"toksuite_{x}" for x in ALL],
        "metadata": _group_meta()})
    tree.write("toksuite/_toksuite_abridged.yaml", {
        "aggregate_metric_list": _aggregate(), "group": "toksuite_abridged",
        "task": [{"group": g, "task": tasks} for g, tasks in ABRIDGED], "metadata": _group_meta()})


FAMILIES = [toksuite]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
