"""AfroBench's sequence-labelling families of lmeval-tasks-multilingual (run by
generate/regenerate.py): MasakhaNER, MasakhaPOS and ADR (diacritics restoration). All three are
generative: the model writes the labelled text, five prompt templates per language.

MasakhaNER 2.0 (Adelani et al. 2022, EMNLP, aclanthology 2022.emnlp-main.298), ``masakhane/masakhaner-x``: named entities of
20 languages; the answer is normalised by the core's ``format_span`` filter and scored by span F1 over
the whole set (lmeval_tasks_multilingual.tagging.span_f1). Version 1.1, as lm-eval 0.4.13 ships it.

MasakhaPOS (Dione et al. 2023, ACL, aclanthology 2023.acl-long.609), ``masakhane/masakhapos``: universal POS tags of 20
languages; the answer's ``('word', 'TAG')`` pairs are read by the core's ``regex_pos`` filter. lm-eval's
YAML scores it with the registry's pass-through ``acc`` and a custom aggregation; since the target is a
list, lm-eval takes the task for a multiple-target one, gives every document acc 1.0 and its
aggregation then fails on those floats, so lm-eval 0.4.13 reports no score. Here a ``process_results``
gives each sentence the accuracy that aggregation was written to compute (tags compared position by
position over the shorter sequence), averaged over sentences: a deliberate difference (pack README).

ADR (AfroBench), ``masakhane/diacritics-restoration``: restore the diacritics of a sentence in five
languages, scored by BLEU and chrF. Task names are ``afridiacritics_<lang>_prompt_<n>``, tags and the
group ``adr``.

Every group of the three aggregates ``acc`` as lm-eval's does; MasakhaNER and ADR members report no
``acc`` (span F1; BLEU and chrF), so their group rows carry no score there or here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import (
    MT_METRICS,
    Fn,
    Tree,
    group,
)

UNTIL = {"do_sample": False, "until": ["</s>", "<|im_end|>"]}

# ------------------------------------------------------------------------------------ MasakhaNER
NER_LANGS = {
    "am": "Amharic", "bm": "Bambara", "bbj": "Ghomala", "ee": "Ewe", "ha": "Hausa", "ig": "Igbo",
    "rw": "Kinyarwanda", "lg": "Luganda", "luo": "Luo", "mos": "Mossi", "ny": "Chichewa",
    "pcm": "Nigerian Pidgin", "sn": "chiShona", "sw": "Kiswahili", "tn": "Setswana", "tw": "Twi",
    "wo": "Wolof", "xh": "isiXhosa", "yo": "Yoruba", "zu": "isiZulu",
}
_NER_FORMAT = ("Ensure the output strictly follows the format: label: entity $$ label: entity, with each unique "
               "entity on a separate label line, avoiding grouped entities (e.g., avoid LOC: entity, entity) or "
               "irrelevant entries like none. Return only the output")


def ner_text(prompt: int, lang: str) -> str:
    """The prompt template ``prompt`` for a sentence in ``lang`` (its English name). Prompt 1 shows
    single-``$`` separators, the others ask for ``$$``; prompt 5 has two spaces before its blank line."""
    return {
        1: "Named entities refers to names of location, organisation and personal name. \n For example, 'David "
           "is an employee of Amazon and he is visiting New York next week to see Esther' will be \nPERSON: David "
           "$ ORGANIZATION: Amazon $ LOCATION: New York $ PERSON: Esther \n\nEnsure the output strictly follows "
           "the format: label: entity $ label: entity, with each unique entity on a separate label line, avoiding "
           "grouped entities (e.g., avoid LOC: entity, entity) or irrelevant entries like none. \n\nText: "
           "{{text}} \nReturn only the output",
        2: "You are working as a named entity recognition expert and your task is to label a given text with named "
           "entity labels. Your task is to identify and label any named entities present in the text. The named "
           "entity labels that you will be using are PER (person), LOC (location), ORG (organization) and DATE "
           "(date). Label multi-word entities as a single named entity. For words which are not part of any named "
           f"entity, do not return any value for it. \n{_NER_FORMAT} \n\nText: {{{{text}}}}",
        3: f"You are a Named Entity Recognition expert in {lang} language. \nExtract all named entities from the "
           f"following {lang} text and categorize them into PERSON, LOCATION, ORGANIZATION, or DATE. "
           f"{_NER_FORMAT} \n\nText: {{{{text}}}}",
        4: f"As a {lang} linguist, label all named entities in the {lang} text below with the categories: PERSON, "
           f"LOCATION, ORGANIZATION, and DATE. {_NER_FORMAT}. \n\nText: {{{{text}}}}",
        5: "Provide a concise list of named entities in the text below. Use the following labels: PERSON, "
           f"LOCATION, ORGANIZATION, and DATE. {_NER_FORMAT}.  \n\nText: {{{{text}}}}",
    }[prompt]


NER_UTILS = '''"""MasakhaNER helper: span F1 over the (gold, answer) pairs of the task."""

from lmeval_tasks_multilingual.tagging import span_f1 as span_f1_agg

__all__ = ["span_f1_agg"]
'''


def masakhaner(tree: Tree) -> None:

    for prompt in range(1, 6):
        folder = f"afrobench/masakhaner/prompt_{prompt}"
        tree.write(f"{folder}/masakhaner", {
            "tag": ["masakhaner_tasks", f"masakhaner_prompt_{prompt}"], "dataset_path": "masakhane/masakhaner-x",
            "dataset_name": None, "dataset_kwargs": {"trust_remote_code": True}, "output_type": "generate_until",
            "generation_kwargs": UNTIL, "validation_split": "validation", "test_split": "test",
            "fewshot_split": "train", "doc_to_target": "target",
            "filter_list": [{"name": "flexible-extract", "filter": [{"function": "format_span"}]}],
            "metric_list": [{"metric": "f1", "aggregation": Fn("utils.span_f1_agg"), "higher_is_better": True}],
            "metadata": {"version": 1.1}})
        for lang, name in NER_LANGS.items():
            tree.write(f"{folder}/masakhaner_{lang}.yaml", {"include": "masakhaner", "task": f"masakhaner_{lang}_prompt_{prompt}",
                                                       "dataset_name": lang, "doc_to_text": ner_text(prompt, name)})
        tree.write_python(f"{folder}/utils.py", NER_UTILS)
    tree.write("afrobench/masakhaner/masakhaner.yaml", group(
        "masakhaner", [f"masakhaner_prompt_{p}" for p in range(1, 6)], metrics=["acc"], version=1))


# ------------------------------------------------------------------------------------ MasakhaPOS
POS_LANGS = {
    "bam": "Bambara", "bbj": "Ghomala", "ewe": "Ewe", "fon": "Fon", "hau": "Hausa", "ibo": "Igbo",
    "kin": "Kinyarwanda", "lug": "Luganda", "luo": "Dholuo", "mos": "Mossi", "nya": "Chichewa",
    "pcm": "Nigerian Pidgin", "sna": "chiShona", "swa": "Kiswahili", "tsn": "Setswana", "twi": "Twi",
    "wol": "Wolof", "xho": "isiXhosa", "yor": "Yoruba", "zul": "isiZulu",
}
# the tag set as the prompts print it, 'CCONJ missing its closing quote
_POS_SET = ("['ADJ', 'ADP', 'ADV', 'AUX', 'CCONJ, 'DET', 'INTJ', 'NOUN', 'NUM', 'PART', 'PRON', 'PROPN', 'PUNCT', "
            "'SCONJ', 'SYM', 'VERB', 'X']")
_POS_TUPLES = ("The output format should be a list of tuples, where each tuple consists of a word from the input "
               "text and its corresponding POS tag label from the POS tag label set provided\n")
_POS_ORDER = ("Your response should include only a list of tuples, in the order that the words appear in the input "
              "sentence, including punctuations, with each tuple containing the corresponding POS tag label for a "
              "word. \n\nSentence: {{tokens}} \nOutput: ")
_POS_GLOSSARY = ("NOUN: Noun (person, place, thing), \nVERB: Verb (action, state), \nADJ: Adjective (describes a "
                 "noun), \nADV: Adverb (modifies a verb, adjective, or adverb), \nPRON: Pronoun (replaces a noun), "
                 "\nDET: Determiner (introduces a noun), \nADP: Adposition (preposition or postposition), \nCCONJ: "
                 "Conjunction (connects words, phrases, clauses)\nPUNCT: Punctuation, \nPROPN: Proper Noun, \nAUX: "
                 "Auxiliary verb (helper verb), \nSCONJ: Subordinating conjunction \nPART: Particle, \nSYM: Symbol, "
                 "\nINTJ: Interjection, \nNUM: Numeral, \nX: others.")


def pos_text(prompt: int, lang: str) -> str:
    """The prompt template ``prompt`` for a sentence in ``lang``; ``{{tokens}}`` renders the word list
    as Python prints it (``['Ó', 'wá', '.']``)."""
    return {
        1: "Please provide the POS tags for each word in the input sentence. The input will be a list of words in "
           "the sentence. The output format should be a list of tuples, where each tuple consists of a word from the "
           f"input text and its corresponding POS tag label from the tag label set: {_POS_SET}. \n" + _POS_ORDER,
        2: f"You are an expert in tagging words and sentences in {lang} with the right POS tag. \n\nPlease provide "
           f"the POS tags for each word in the {lang} sentence. The input is a list of words in the sentence. POS tag "
           f"label set: {_POS_SET}. " + _POS_TUPLES + _POS_ORDER,
        3: f"Acting as a {lang} linguist and without making any corrections or changes to the text, perform a part "
           f"of speech (POS) analysis of the sentences using the following POS tag label annotation {_POS_SET}. The "
           "input will be a list of words in the sentence. " + _POS_TUPLES + _POS_ORDER,
        4: "Annotate each word in the provided sentence with the appropriate POS tag. The annotation list is given "
           f"as: {_POS_SET}. The input sentence will be a list of words in the sentence. " + _POS_TUPLES + _POS_ORDER,
        5: "Given the following sentence, identify the part of speech (POS) for each word. Use the following POS "
           f"tag set: \n{_POS_GLOSSARY} The output format should be a list of tuples, where each tuple consists of "
           "a word from the input text and its corresponding POS tag label key only from the POS tag set provided\n"
           + _POS_ORDER,
    }[prompt]


POS_UTILS = '''"""MasakhaPOS helpers: the gold tag names and the per-sentence tag accuracy."""

from lmeval_tasks_multilingual.tagging import pos_process_results as process_results
from lmeval_tasks_multilingual.tagging import pos_target as doc_to_target

__all__ = ["doc_to_target", "process_results"]
'''


def masakhapos(tree: Tree) -> None:

    for prompt in range(1, 6):
        folder = f"afrobench/masakhapos/prompt_{prompt}"
        # lm-eval's decontamination query names a field ``token`` the dataset lacks (``tokens``): rendering it
        # fails under strict undefined, in lm-eval as here; only `lmeval decontaminate` would read it
        template: dict[str, Any] = {
            "tag": ["masakhapos_tasks", f"masakhapos_prompt_{prompt}"], "dataset_path": "masakhane/masakhapos",
            "dataset_name": None, "dataset_kwargs": {"trust_remote_code": True}, "output_type": "generate_until",
            "generation_kwargs": UNTIL, "validation_split": "validation", "test_split": "test",
            "fewshot_split": "train", "doc_to_target": Fn("utils.doc_to_target"), "should_decontaminate": True,
            "doc_to_decontamination_query": "Sentence: {{token}}\nOutput:",
            "filter_list": [{"filter": [{"function": "regex_pos"}], "name": "flexible-extract"}],
            "process_results": Fn("utils.process_results"),
            "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
            "metadata": {"version": 1.0}}
        tree.write(f"{folder}/masakhapos_yaml", template,
              "Deliberately different from lm-eval 0.4.13 (which reports no score): process_results scores each "
              "sentence's tag accuracy.")
        for lang, name in POS_LANGS.items():
            tree.write(f"{folder}/masakhapos_{lang}.yaml", {"include": "masakhapos_yaml", "task": f"masakhapos_{lang}_prompt_{prompt}",
                                                       "dataset_name": lang, "doc_to_text": pos_text(prompt, name)})
        tree.write_python(f"{folder}/utils.py", POS_UTILS)
    tree.write("afrobench/masakhapos/masakhapos.yaml", group(
        "masakhapos", [f"masakhapos_prompt_{p}" for p in range(1, 6)], metrics=["acc"], version=1))


# ------------------------------------------------------------------------------------------- ADR
# lm-eval names Ghomala "Gbomala" here (MasakhaNER and MasakhaPOS say "Ghomala")
ADR_LANGS = {"fon": "Fon", "bbj": "Gbomala", "ibo": "Igbo", "wol": "Wolof", "yor": "Yoruba"}
_ADR_END = "{{text}}. Return output sentence only"


def adr_text(prompt: int, lang: str) -> str:
    """The prompt template ``prompt`` for a sentence in ``lang``; prompt 5 has two spaces after "sentences"."""
    return {
        1: "Please restore the missing diacritics in the following sentence: " + _ADR_END,
        2: "Given a sentence without diacritics, add the appropriate diacritics to make it grammatically and "
           "semantically correct. \nSentence: " + _ADR_END,
        3: f"This text is in {lang}. Restore all diacritical marks to their proper places in the following sentence: "
           + _ADR_END,
        4: f"You are a linguist specializing in diacritical marks for {lang}. Add the appropriate diacritics to this "
           f"{lang} sentence: " + _ADR_END,
        5: f"You are a linguist specializing in diacritical marks for {lang}. Diacritics are essential for proper "
           f"pronunciation and meaning in {lang}. You are tasked with converting {lang} sentences  without diacritics "
           "into their correctly accented forms. Here's the input: " + _ADR_END,
    }[prompt]


def adr(tree: Tree) -> None:

    bleu_chrf = [m for m in MT_METRICS if m["metric"] in ("bleu", "chrf")]
    for prompt in range(1, 6):
        folder = f"afrobench/adr/prompt_{prompt}"
        tree.write(f"{folder}/afridiacritics_yaml", {
            "tag": ["adr_tasks", f"adr_prompt_{prompt}"], "dataset_path": "masakhane/diacritics-restoration",
            "doc_to_target": "target", "output_type": "generate_until", "fewshot_split": "dev", "test_split": "test",
            "training_split": "train", "metric_list": bleu_chrf,
            "generation_kwargs": {"do_sample": False, "until": ["<eos>", "</s>", "<|im_end|>"]},
            "metadata": {"version": 1.0}})
        for lang, name in ADR_LANGS.items():
            tree.write(f"{folder}/afridiacritics_{lang}.yaml", {
                "include": "afridiacritics_yaml", "task": f"afridiacritics_{lang}_prompt_{prompt}",
                "dataset_name": lang, "doc_to_text": adr_text(prompt, name)})
    tree.write("afrobench/adr/afridiacritics.yaml", group("adr", [f"adr_prompt_{p}" for p in range(1, 6)],
                                                     metrics=["acc"], version=1))


FAMILIES = [masakhaner, masakhapos, adr]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
