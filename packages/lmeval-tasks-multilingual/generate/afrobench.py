"""AfroBench (Ojo et al. 2025, arXiv:2311.07978) families of lmeval-tasks-multilingual (run by
generate/regenerate.py). So far: NaijaRC, OpenAI MMMLU's African and Arabic subsets, SIB-200,
MasakhaNEWS, AfriSenti, NollySenti, AfroBench's Belebele, InjongoIntent
and Uhura ARC-Easy. The MMMLU tasks carry lm-eval's tag ``afrobench_mmlu_tasks`` too, which gathers
them with lmeval-tasks-mmlu's AfriMMLU tasks (a tag collects its members from every installed pack)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import (
    Fn,
    Tree,
    group,
)

# NaijaRC (Aremu et al. 2023, arXiv:2308.09768), Davlan/NaijaRC: Hausa, Igbo and Yoruba reading
# comprehension, five prompt templates; only prompt 1 names the few-shot split.
NAIJARC_LANGS = ["hau", "ibo", "yor"]
NAIJARC_PROMPTS = {
    1: "P: {{story}}\nQ: {{question.strip()}}\nA: {{options_A}}\nB: {{options_B}}\nC: {{options_C}}\nD: {{options_D}}\n"
       "Please choose the correct answer from the options above:",
    2: "Passage: {{story}}\nQuestion: {{question.strip()}}\n1: {{options_A}}\n2: {{options_B}}\n3: {{options_C}}\n"
       "4: {{options_D}}\nPlease select the correct answer from the given choices:",
    3: "Context: {{story}}\nQuery: {{question.strip()}}\nOption A: {{options_A}}\nOption B: {{options_B}}\n"
       "Option C: {{options_C}}\nOption D: {{options_D}}\nPlease indicate the correct option from the list above:",
    4: "{{story}}\nBased on the above passage, answer the following question:\n{{question.strip()}}\nChoices:\n"
       "A) {{options_A}}\nB) {{options_B}}\nC) {{options_C}}\nD) {{options_D}}\nPlease provide the correct answer "
       "from the choices given:",
    5: "Read the passage: {{story}}\nThen answer the question: {{question.strip()}}\nOptions:\nA. {{options_A}}\n"
       "B. {{options_B}}\nC. {{options_C}}\nD. {{options_D}}\nPlease choose the correct option from the above list:",
}


def naijarc(tree: Tree) -> None:
    for prompt, text in NAIJARC_PROMPTS.items():
        folder = f"afrobench/naijarc/prompt_{prompt}"
        tree.write(f"{folder}/naijarc", {
            "tag": ["naijarc_tasks", f"naijarc_prompt_{prompt}", "RC_tasks"], "dataset_path": "Davlan/NaijaRC",
            "dataset_name": None, "output_type": "multiple_choice", "test_split": "test",
            **({"fewshot_split": "test"} if prompt == 1 else {}), "fewshot_config": {"sampler": "first_n"},
            "doc_to_target": "{{['A', 'B', 'C', 'D'].index(Answer.strip())}}", "should_decontaminate": True,
            "doc_to_decontamination_query": "{{question}}", "doc_to_choice": ["A", "B", "C", "D"],
            "metric_list": [{"metric": m, "aggregation": "mean", "weight_by_size": True} for m in ("acc", "acc_norm")],
            "metadata": {"version": 1.0}})
        for lang in NAIJARC_LANGS:
            tree.write(f"{folder}/naijarc_{lang}.yaml", {"dataset_name": lang, "doc_to_text": text, "include": "naijarc",
                                                    "task": f"naijarc_{lang}_prompt_{prompt}"})
    tree.write("afrobench/naijarc/naijarc.yaml", group("naijarc", [f"naijarc_prompt_{p}" for p in NAIJARC_PROMPTS],
                                                  metrics=["acc"], version=1))


# OpenAI's MMMLU (openai/MMMLU): the Arabic, Swahili and Yoruba translations of MMLU's test set.
OPENAI_MMLU_LANGS = {"ara": "AR_XY", "swa": "SW_KE", "yor": "YO_NG"}
OPENAI_MMLU_PROMPTS = {
    1: "Q: {{Question.strip()}}\nA: {{A}}\nB: {{B}}\nC: {{C}}\nD: {{D}}\n"
       "Please choose the correct answer from the options above:",
    2: "Question: {{Question.strip()}}\n1: {{A}}\n2: {{B}}\n3: {{C}}\n4: {{D}}\n"
       "Please select the correct answer from the given choices:",
    3: "Input Question: {{Question.strip()}}\nOption A: {{A}}\nOption B: {{B}}\nOption C: {{C}}\nOption D: {{D}}\n"
       "Please indicate the correct option from the list above:",
    4: "Critically analyze the question and select the most probable answer from the list:\n{{Question.strip()}}\n"
       "Choices:\nA) {{A}}\nB) {{B}}\nC) {{C}}\nD) {{D}}",
    5: "Answer the question and pick the correct answer from the options: {{Question.strip()}}\nOptions:\n"
       "A. {{A}}\nB. {{B}}\nC. {{C}}\nD. {{D}}\nPlease choose the correct option from the above list:",
}


def openai_mmlu(tree: Tree) -> None:
    for prompt, text in OPENAI_MMLU_PROMPTS.items():
        folder = f"afrobench/openai_mmlu/prompt_{prompt}"
        tree.write(f"{folder}/openai_mmlu", {
            "tag": ["openai_mmlu_tasks", f"openai_mmlu_prompt_{prompt}", "afrobench_mmlu_tasks"],
            "dataset_path": "openai/MMMLU",
            "output_type": "multiple_choice", "test_split": "test", "fewshot_config": {"sampler": "first_n"},
            "doc_to_target": "{{['A', 'B', 'C', 'D'].index(Answer.strip())}}", "should_decontaminate": True,
            "doc_to_decontamination_query": "{{Question}}", "doc_to_choice": ["A", "B", "C", "D"],
            "metric_list": [{"metric": m, "aggregation": "mean", "weight_by_size": True} for m in ("acc", "acc_norm")],
            "metadata": {"version": 1.0}})
        for lang, config in OPENAI_MMLU_LANGS.items():
            tree.write(f"{folder}/openai_mmlu_{lang}.yaml", {"dataset_name": config, "doc_to_text": text,
                                                        "include": "openai_mmlu",
                                                        "task": f"openai_mmlu_{lang}_prompt_{prompt}"})
    tree.write("afrobench/openai_mmlu/openai_mmlu.yaml", group(
        "openai_mmlu", [f"openai_mmlu_prompt_{p}" for p in OPENAI_MMLU_PROMPTS], metrics=["acc"], version=1))



# SIB-200 (Adelani et al. 2024, arXiv:2309.07445), Davlan/sib200: topic classification of FLORES
# sentences in 56 languages (AfroBench code -> FLORES config, language name used by prompts 2, 3, 5).
SIB_LANGS = {
    "aeb": ("aeb_Arab", "Tunisian Arabic"), "afr": ("afr_Latn", "Afrikaans"), "aka": ("aka_Latn", "Akan"),
    "amh": ("amh_Ethi", "Amharic"), "ary": ("ary_Arab", "Moroccan Arabic"), "arz": ("arz_Arab", "Egyptian Arabic"),
    "bam": ("bam_Latn", "Bambara"), "bem": ("bem_Latn", "Bemba"), "cjk": ("cjk_Latn", "Chokwe"),
    "dik": ("dik_Latn", "Southwestern Dinka"), "dyu": ("dyu_Latn", "Dyula"), "eng": ("eng_Latn", "English"),
    "ewe": ("ewe_Latn", "Ewe"), "fon": ("fon_Latn", "Fon"), "fra": ("fra_Latn", "French"),
    "fuv": ("fuv_Latn", "Nigerian Fulfulde"), "gaz": ("gaz_Latn", "West Central Oromo"), "hau": ("hau_Latn", "Hausa"),
    "ibo": ("ibo_Latn", "Igbo"), "kab": ("kab_Latn", "Kabyle"), "kam": ("kam_Latn", "Kamba"),
    "kmb": ("kmb_Latn", "Kimbundu"), "kbp": ("kbp_Latn", "Kabiye"), "kea": ("kea_Latn", "Kabuverdianu"),
    "kik": ("kik_Latn", "Kikuyu"), "kin": ("kin_Latn", "Kinyarwanda"), "kon": ("kon_Latn", "Kikongo"),
    "knc": ("knc_Latn", "Central Kanuri"), "lua": ("lua_Latn", "Luba-Kasai"), "lug": ("lug_Latn", "Luganda"),
    "luo": ("luo_Latn", "Luo"), "lin": ("lin_Latn", "Lingala"), "mos": ("mos_Latn", "Mossi"), "nus": ("nus_Latn", "Nuer"),
    "nso": ("nso_Latn", "Northern Sotho"), "nya": ("nya_Latn", "Nyanga"), "plt": ("plt_Latn", "Plateau Malagasy"),
    "por": ("por_Latn", "Portuguese"), "run": ("run_Latn", "Rundi"), "sag": ("sag_Latn", "Sango"),
    "sna": ("sna_Latn", "Shona"), "som": ("som_Latn", "Somali"), "sot": ("sot_Latn", "Southern Sotho"),
    "ssw": ("ssw_Latn", "Swazi"), "swa": ("swh_Latn", "Swahili"), "taq": ("taq_Latn", "Tamasheq"),
    "tir": ("tir_Ethi", "Tigrinya"), "tum": ("tum_Latn", "Tumbuka"), "tso": ("tso_Latn", "Tsonga"),
    "twi": ("twi_Latn", "Twi"), "tzm": ("tzm_Tfng", "Tamazight"), "umb": ("umb_Latn", "Umbundu"),
    "wol": ("wol_Latn", "Wolof"), "xho": ("xho_Latn", "Xhosa"), "yor": ("yor_Latn", "Yoruba"), "zul": ("zul_Latn", "Zulu"),
}
SIB_CATEGORIES = ["science/technology", "travel", "politics", "sports", "health", "entertainment", "geography"]
_SIB_LIST = "science/technology, travel, politics, sports, health, entertainment, or geography"
_SIB_GUIDE = {
    "science/technology": "discusses scientific discoveries, technological advancements, or related topics",
    "travel": "describes travel experiences, destinations, or related topics",
    "politics": "covers political events, policies, or related topics",
    "sports": "talks about sports events, athletes, or related topics",
    "health": "addresses health issues, medical advancements, or related topics",
    "entertainment": "pertains to movies, music, celebrities, or related topics",
    "geography": "involves geographical information, locations, or related topics",
}


def sib_text(prompt: int, lang: str) -> str:
    """The prompt template ``prompt`` for a text in language ``lang`` (its English name)."""
    return {
        1: f"Given the categories {_SIB_LIST}; what category does the text: '{{{{text}}}}' belong to: \n\n",
        2: f"Does this {lang} topic; '{{{{text}}}}' belong to one of the following categories: {_SIB_LIST}? "
           "category only\n\n",
        3: f"You are an assistant able to classify topics in texts. \n\nGiven the categories {_SIB_LIST}; what is "
           f"the topic of the {lang} statement below? Return only the category. \n\ntext: {{{{text}}}} \\category:\n\n",
        4: f"Label the following text as {_SIB_LIST}. Provide only the category as your response. \n\n"
           "text: {{text}} \\category: \n\n",
        5: f"You are tasked with performing topic classification on the following {lang} text. For each input, "
           f"classify the topic as {_SIB_LIST}. Use the following guidelines: \n\n "
           + "".join(f"{k}: The text {v}. \n" for k, v in _SIB_GUIDE.items())
           + "\nIf the text contains multiple topics, choose the dominant topic. For ambiguous or unclear topics, "
           "select the category that best reflects the overall content. Please provide a single classification for "
           "each input.\n\ntext: {{text}} \\category: \n\n",
    }[prompt]


def classification_metrics() -> list[dict[str, Any]]:
    """Weighted F1 and accuracy of AfroBench's classification tasks. lm-eval's YAML also says
    ``hf_evaluate: true`` on f1; a multiple-choice task never calls the f1 metric function (the
    document's item is the (gold, prediction) pair the aggregation scores), so the key would only
    make lm-eval try ``evaluate.load("f1")``; it is left out and scores are unchanged."""
    def ignore() -> dict[str, Any]:
        return {"ignore_case": True, "ignore_punctuation": True, "regexes_to_ignore": [",", "\\$"]}

    return [{"metric": "f1", "aggregation": Fn("utils.weighted_f1_score"), "average": "weighted",
             "higher_is_better": True, **ignore()},
            {"metric": "acc", "aggregation": "mean", "higher_is_better": True, **ignore()}]


UTILS = '''"""AfroBench helper: weighted F1 (scikit-learn's average="weighted")."""

from lmeval_tasks_multilingual.scoring import weighted_f1_score

__all__ = ["weighted_f1_score"]
'''


def sib(tree: Tree) -> None:

    for prompt in range(1, 6):
        folder = f"afrobench/sib/prompt_{prompt}"
        tree.write(f"{folder}/sib", {
            "tag": ["sib_tasks", f"sib_prompt_{prompt}", "afrobench_TC_tasks"], "dataset_path": "Davlan/sib200",
            "dataset_name": None, "output_type": "multiple_choice", "validation_split": "validation",
            "test_split": "test", "fewshot_split": "validation", "doc_to_target": "category",
            "doc_to_choice": SIB_CATEGORIES, "should_decontaminate": True, "doc_to_decontamination_query": "text",
            "metric_list": classification_metrics(), "metadata": {"version": 1.0}})
        for lang, (config, name) in SIB_LANGS.items():
            tree.write(f"{folder}/sib_{lang}.yaml", {"include": "sib", "task": f"sib_{lang}_prompt_{prompt}",
                                                "dataset_name": config, "doc_to_text": sib_text(prompt, name)})
        tree.write_python(f"{folder}/utils.py", UTILS)
    tree.write("afrobench/sib/sib.yaml", group("sib", [f"sib_prompt_{p}" for p in range(1, 6)], metrics=["acc"], version=1))


# MasakhaNEWS (Adelani et al. 2023, arXiv:2304.09972), masakhane/masakhanews: news topic classification
# of headlines in 16 languages. The prompts keep lm-eval's wording, its slips included (prompt 4 offers
# "geography", prompt 5 "relgions" and a blank line before "business").
MASAKHANEWS_LANGS = {
    "amh": "Amharic", "eng": "English", "fra": "French", "hau": "Hausa", "ibo": "Igbo", "lin": "Lingala",
    "lug": "Luganda", "orm": "Afaan Oromoo", "pcm": "Nigerian Pidgin", "run": "Kirundi", "sna": "Shona",
    "som": "Somali", "swa": "Swahili", "tir": "Tigrinya", "xho": "Xhosa", "yor": "Yoruba",
}
MASAKHANEWS_CATEGORIES = ["business", "entertainment", "health", "politics", "religion", "sports", "technology"]


def masakhanews_text(prompt: int, lang: str) -> str:
    """The prompt template ``prompt`` for a headline in language ``lang`` (its English name)."""
    cats = "technology, business, politics, sports, health, entertainment, or religion"
    return {
        1: f"Given the categories {cats}; what category does the text: '{{{{headline}}}}' belong to: \n\n",
        2: f"Does this {lang} topic; '{{{{headline}}}}' belong to one of the following categories: {cats}? "
           "category only\n\n",
        3: "You are an assistant able to classify topics in texts. \n\nGiven the categories technology, religion, "
           f"politics, sports, health, entertainment, or business; what is the topic of the {lang} statement below? "
           "Return only the category. \n\ntext: {{headline}} \\category:\n\n",
        4: "Label the following text as technology, religion, politics, sports, health, entertainment, or geography. "
           "Provide only the category as your response. \n\ntext: {{headline}} \\category: \n\n",
        5: f"You are tasked with performing topic classification on the following {lang} text. For each input, "
           f"classify the topic as {cats}. Use the following guidelines: \n\n "
           "technology: The text discusses scientific discoveries, technological advancements, or related topics. \n"
           "politics: The text covers political events, policies, or related topics. \n"
           "sports: The text talks about sports events, athletes, or related topics. \n"
           "health: The text addresses health issues, medical advancements, or related topics. \n"
           "entertainment: The text pertains to movies, music, celebrities, or related topics. \n"
           "religion: The text talks about relgions, religious institutions and beliefs or related topics. \n\n"
           "business: The text covers economy, business, or related topics. \n\n"
           "If the text contains multiple topics, choose the dominant topic. For ambiguous or unclear topics, "
           "select the category that best reflects the overall content. Please provide a single classification for "
           "each input.\n\ntext: {{headline}} \\category: \n\n",
    }[prompt]


def masakhanews(tree: Tree) -> None:

    for prompt in range(1, 6):
        folder = f"afrobench/masakhanews/prompt_{prompt}"
        tree.write(f"{folder}/masakhanews", {
            "tag": ["masakhanews_tasks", f"masakhanews_prompt_{prompt}", "afrobench_TC_tasks"],
            "dataset_path": "masakhane/masakhanews", "dataset_name": None, "output_type": "multiple_choice",
            "validation_split": "validation", "test_split": "test", "fewshot_split": "validation",
            "doc_to_target": "category", "doc_to_choice": MASAKHANEWS_CATEGORIES, "should_decontaminate": True,
            "doc_to_decontamination_query": "headline", "metric_list": classification_metrics(),
            "metadata": {"version": 1.0}})
        for lang, name in MASAKHANEWS_LANGS.items():
            tree.write(f"{folder}/masakhanews_{lang}.yaml", {
                "include": "masakhanews", "task": f"masakhanews_{lang}_prompt_{prompt}", "dataset_name": lang,
                "doc_to_text": masakhanews_text(prompt, name)})
        tree.write_python(f"{folder}/utils.py", UTILS)
    tree.write("afrobench/masakhanews/masakhanews.yaml", group(
        "masakhanews", [f"masakhanews_prompt_{p}" for p in range(1, 6)], metrics=["acc"], version=1))


# AfriSenti (Muhammad et al. 2023, arXiv:2302.08956), masakhane/afrisenti: tweet sentiment in 14 languages.
# Prompt 1 lives in the shared template; the others are per language. The tag afrobench_sentiment_tasks
# is shared with NollySenti.
AFRISENTI_LANGS = {
    "amh": "Amharic", "arq": "Algerian Arabic", "ary": "Moroccan Arabic", "hau": "Hausa", "ibo": "Igbo",
    "kin": "Kinyarwanda", "orm": "Oromo", "pcm": "Nigerian Pidgin", "por": "Mozambique Portuguese",
    "swa": "Swahili", "tir": "Tigrinya", "tso": "Xithonga", "twi": "Twi", "yor": "Yoruba",
}
SENTIMENT_GUIDE = (
    "Use the following guidelines: \n\n Positive: The text expresses happiness, satisfaction, or optimism. \n"
    "Negative: The text conveys disappointment, dissatisfaction, or pessimism. \nNeutral: The text is factual, "
    "objective, or without strong emotional undertones. \n\nIf the text contains both positive and negative "
    "sentiments, choose the dominant sentiment. For ambiguous or unclear sentiments, select the label that best "
    "reflects the overall tone. Please provide a single classification for each input.\n\n")


def afrisenti_text(prompt: int, lang: str) -> str | None:
    """The per-language prompt ``prompt`` (None for prompt 1, which the template holds)."""
    return {
        1: None,
        2: f"Does this {lang} statement; '{{{{tweet}}}}' have a Neutral, Positive or Negative sentiment? Labels only",
        3: "You are an assistant able to detect sentiments in tweets. \n\nGiven the sentiment labels Neutral, "
           f"Positive or Negative; what is the sentiment of the {lang} statement below? Return only the labels. "
           "\n\ntext: {{tweet}} \nlabel:",
        4: "Label the following text as Neutral, Positive, or Negative. Provide only the label as your response. "
           "\n\ntext: {{tweet}} \nlabel: ",
        5: f"You are tasked with performing sentiment classification on the following {lang} text. For each input, "
           f"classify the sentiment as positive, negative, or neutral. {SENTIMENT_GUIDE}text: {{{{tweet}}}} \nlabel: ",
    }[prompt]


def afrisenti(tree: Tree) -> None:

    # lm-eval's decontamination queries of prompts 2-5 are single-quoted YAML: a backslash and an n
    decontamination = {1: "tweet", 2: "text: {{tweet}} \\nlabel: ", 3: "text: {{tweet}} \\nlabel: ",
                       4: "text: {{tweet}} \\nlabel: ", 5: "Text: {{tweet}} \\nlabel:"}
    for prompt in range(1, 6):
        folder = f"afrobench/afrisenti/prompt_{prompt}"
        template: dict[str, Any] = {
            "tag": ["afrobench_sentiment_tasks", f"afrisenti_prompt_{prompt}"], "dataset_path": "masakhane/afrisenti",
            "dataset_name": None, "output_type": "multiple_choice", "validation_split": "validation",
            "test_split": "test", "fewshot_split": "train"}
        if prompt == 1:
            template["doc_to_text"] = ('Does this statement; "{{tweet}}" have a Neutral, Positive or Negative '
                                       "sentiment? Labels only")
        template.update({"doc_to_target": "label", "doc_to_choice": ["negative", "positive", "neutral"],
                         "should_decontaminate": True, "doc_to_decontamination_query": decontamination[prompt],
                         "metric_list": classification_metrics(), "metadata": {"version": 1.0}})
        tree.write(f"{folder}/afrisenti", template)
        for lang, name in AFRISENTI_LANGS.items():
            cfg = {"include": "afrisenti", "task": f"afrisenti_{lang}_prompt_{prompt}", "dataset_name": lang}
            text = afrisenti_text(prompt, name)
            if text is not None:
                cfg["doc_to_text"] = text
            tree.write(f"{folder}/afrisenti_{lang}.yaml", cfg)
        tree.write_python(f"{folder}/utils.py", UTILS)
    tree.write("afrobench/afrisenti/afrisenti.yaml", group(
        "afrisenti", [f"afrisenti_prompt_{p}" for p in range(1, 6)], metrics=["acc"], version=1))


# NollySenti (Shode et al. 2023, arXiv:2305.16988), Davlan/nollysenti: Nollywood movie review sentiment.
# AfroBench code -> (config, English name). Prompts 1 and 2 end in a literal backslash-n (lm-eval's
# single-quoted YAML), prompts 3-5 in a newline; lm-eval's prompt 5 has a space before its last blank line
# except in English and Hausa.
NOLLYSENTI_LANGS = {"eng": ("en", "English"), "hau": ("ha", "Hausa"), "ibo": ("ig", "Igbo"),
                    "pcm": ("pcm", "Naija Pidgin"), "yor": ("yo", "Yoruba")}


def nollysenti_text(prompt: int, lang: str) -> str | None:
    """The per-language prompt ``prompt`` (None for prompt 1, which the template holds)."""
    return {
        1: None,
        2: f'Does this {lang} movie description; "{{{{review}}}}" have a Positive or Negative sentiment? '
           "Labels only\\n",
        3: "You are an assistant able to detect sentiment in movie reviews. \n\nGiven the sentiment labels Positive "
           f"or Negative; what is the sentiment of the {lang} statement below? Return only the labels\n\n"
           "Review: {{review}}\n",
        4: "Label the following text as Positive, or Negative. Provide only the label as your response. \n\n"
           "text: {{review}} \nlabel: \n",
        5: f"You are tasked with performing sentiment classification on the following {lang} text. For each input, "
           "classify the sentiment as positive, negative. Use the following guidelines: \n\n Positive: The text "
           "expresses happiness, satisfaction, or optimism. \nNegative: The text conveys disappointment, "
           "dissatisfaction, or pessimism. \n\nIf the text contains both positive and negative sentiments, choose "
           "the dominant sentiment. For ambiguous or unclear sentiments, select the label that best reflects the "
           "overall tone. Please provide a single classification for each input."
           + ("" if lang in ("English", "Hausa") else " ") + "\n\ntext: {{review}} \nlabel: \n",
    }[prompt]


def nollysenti(tree: Tree) -> None:

    for prompt in range(1, 6):
        folder = f"afrobench/nollysenti/prompt_{prompt}"
        template: dict[str, Any] = {
            "tag": ["afrobench_sentiment_tasks", f"nollysenti_prompt_{prompt}"], "dataset_path": "Davlan/nollysenti",
            "output_type": "multiple_choice", "validation_split": "validation", "test_split": "test",
            "fewshot_split": "validation"}
        if prompt == 1:
            template["doc_to_text"] = ('Does this movie description "{{review}}" have a Positive or Negative '
                                       "sentiment? Labels only\\n")
        template.update({"doc_to_target": "label", "doc_to_choice": ["positive", "negative"],
                         "should_decontaminate": True, "doc_to_decontamination_query": "review",
                         "metric_list": classification_metrics(), "metadata": {"version": 1.0}})
        tree.write(f"{folder}/nollysenti", template)
        for lang, (config, name) in NOLLYSENTI_LANGS.items():
            cfg = {"include": "nollysenti", "task": f"nollysenti_{lang}_prompt_{prompt}", "dataset_name": config}
            text = nollysenti_text(prompt, name)
            if text is not None:
                cfg["doc_to_text"] = text
            tree.write(f"{folder}/nollysenti_{lang}.yaml", cfg)
        tree.write_python(f"{folder}/utils.py", UTILS)
    tree.write("afrobench/nollysenti/nollysenti.yaml", group(
        "nollysenti", [f"nollysenti_prompt_{p}" for p in range(1, 6)], metrics=["acc"], version=1))


# AfroBench's Belebele (Bandarkar et al. 2024, arXiv:2308.16884): facebook/belebele for 31 African and
# pivot languages with NaijaRC's five templates (tag RC_tasks, shared with NaijaRC); group
# afrobench_belebele, distinct from the pack's own belebele_* tasks.
AFRO_BELEBELE_LANGS = {
    "afr": "afr_Latn", "amh": "amh_Ethi", "ary": "ary_Arab", "arz": "arz_Arab", "bam": "bam_Latn",
    "eng": "eng_Latn", "fra": "fra_Latn", "fuv": "fuv_Latn", "gaz": "gaz_Latn", "hau": "hau_Latn",
    "ibo": "ibo_Latn", "kea": "kea_Latn", "kin": "kin_Latn", "lin": "lin_Latn", "lug": "lug_Latn",
    "luo": "luo_Latn", "nya": "nya_Latn", "plt": "plt_Latn", "por": "por_Latn", "sna": "sna_Latn",
    "som": "som_Latn", "sot": "sot_Latn", "ssw": "ssw_Latn", "swa": "swh_Latn", "tir": "tir_Ethi",
    "tsn": "tsn_Latn", "tso": "tso_Latn", "wol": "wol_Latn", "xho": "xho_Latn", "yor": "yor_Latn",
    "zul": "zul_Latn",
}


def afro_belebele_text(prompt: int) -> str:
    """NaijaRC's template ``prompt`` over Belebele's fields."""
    text = NAIJARC_PROMPTS[prompt].replace("{{story}}", "{{flores_passage}}")
    for letter, n in zip("ABCD", "1234", strict=True):
        text = text.replace(f"{{{{options_{letter}}}}}", f"{{{{mc_answer{n}}}}}")
    return text


def afro_belebele(tree: Tree) -> None:
    for prompt in range(1, 6):
        folder = f"afrobench/belebele/prompt_{prompt}"
        tree.write(f"{folder}/belebele", {
            "tag": ["belebele_tasks", f"belebele_prompt_{prompt}", "RC_tasks"], "dataset_path": "facebook/belebele",
            "dataset_name": None, "output_type": "multiple_choice", "test_split": "test",
            "fewshot_config": {"sampler": "first_n"},
            "doc_to_target": "{{['1', '2', '3', '4'].index(correct_answer_num)}}", "should_decontaminate": True,
            "doc_to_decontamination_query": "{{question}}", "doc_to_choice": ["A", "B", "C", "D"],
            "metric_list": [{"metric": m, "aggregation": "mean", "weight_by_size": True} for m in ("acc", "acc_norm")],
            "metadata": {"version": 1.0}})
        for lang, config in AFRO_BELEBELE_LANGS.items():
            tree.write(f"{folder}/belebele_{lang}.yaml", {"include": "belebele", "task": f"belebele_{lang}_prompt_{prompt}",
                                                     "dataset_name": config, "doc_to_text": afro_belebele_text(prompt)})
    tree.write("afrobench/belebele/belebele.yaml", group(
        "afrobench_belebele", [f"belebele_prompt_{p}" for p in range(1, 6)], metrics=["acc"], version=3))


# InjongoIntent (Yu et al. 2025), masakhane/InjongoIntent: intent detection over 40 intents in 17
# languages. Prompts 4 and 5 name the language (prompt 4 glues it to "text" except in English, as lm-eval
# does). English has no validation split: its tasks validate and draw few-shot examples from train.
INJONGO_LANGS = {
    "amh": "Amharic", "eng": "English", "ewe": "Ewe", "hau": "Hausa", "ibo": "Igbo", "kin": "Kinyarwanda",
    "lin": "Lingala", "lug": "Luganda", "orm": "Oromo", "sna": "Shona", "sot": "Sotho", "swa": "Swahili",
    "twi": "Twi", "wol": "Wolof", "xho": "Xhosa", "yor": "Yoruba", "zul": "Zulu",
}
INJONGO_INTENTS = [
    "alarm", "balance", "bill_balance", "book_flight", "book_hotel", "calendar_update", "cancel_reservation",
    "car_rental", "confirm_reservation", "cook_time", "exchange_rate", "food_last", "freeze_account",
    "ingredients_list", "interest_rate", "international_visa", "make_call", "meal_suggestion", "min_payment",
    "pay_bill", "pin_change", "play_music", "plug_type", "recipe", "restaurant_reservation", "restaurant_reviews",
    "restaurant_suggestion", "share_location", "shopping_list_update", "spending_history", "text", "time",
    "timezone", "transactions", "transfer", "translate", "travel_notification", "travel_suggestion",
    "update_playlist", "weather",
]


def injongo_text(prompt: int, lang: str) -> str:
    """The prompt template ``prompt`` for an utterance in language ``lang`` (its English name)."""
    intents = "[" + ", ".join(INJONGO_INTENTS) + "]"
    return {
        1: f"Given the text: '{{{{text}}}}', determine the correct intent from the following list: {intents}. "
           "Only output one intent from the list.",
        2: f"Analyze the text: '{{{{text}}}}'. Choose the most appropriate intent from these options: {intents}. "
           "Respond with only the selected intent.",
        3: "You are a linguistic analyst trained to understand user intent. Based on the text: '{{text}}', "
           f"choose the intent that best matches from this list: {intents}. Return only the intent.",
        4: f"You are a {lang} linguistic analyst trained to understand {lang} user intent. Based on the {lang}"
           + (" " if lang == "English" else "") + "text: "
           f"'{{{{text}}}}', choose the intent that best matches from this list: {intents}. Return only the intent.",
        5: f"The following text is in {lang}: '{{{{text}}}}'. Given the list of intents: {intents}, identify the "
           "intent expressed in the text. Return only the identified intent.",
    }[prompt]


def injongointent(tree: Tree) -> None:

    for prompt in range(1, 6):
        folder = f"afrobench/injongointent/prompt_{prompt}"
        tree.write(f"{folder}/injongointent", {
            "tag": ["injongointent_tasks", f"injongointent_prompt_{prompt}"],
            "dataset_path": "masakhane/InjongoIntent", "dataset_name": None, "output_type": "multiple_choice",
            "validation_split": "validation", "test_split": "test", "fewshot_split": "validation",
            "doc_to_target": "intent", "doc_to_choice": INJONGO_INTENTS, "should_decontaminate": True,
            "doc_to_decontamination_query": "text", "metric_list": classification_metrics(),
            "metadata": {"version": 1.0}})
        for lang, name in INJONGO_LANGS.items():
            splits = ({"test_split": "test", "validation_split": "train", "fewshot_split": "train"}
                      if lang == "eng" else {})
            tree.write(f"{folder}/injongointent_{lang}.yaml", {
                "include": "injongointent", "task": f"injongointent_{lang}_prompt_{prompt}", "dataset_name": lang,
                **splits, "doc_to_text": injongo_text(prompt, name)})
        tree.write_python(f"{folder}/utils.py", UTILS)
    tree.write("afrobench/injongointent/injongointent.yaml", group(
        "injongointent", [f"injongointent_prompt_{p}" for p in range(1, 6)], metrics=["acc"], version=1))


# Uhura ARC-Easy (Bayes et al. 2024, arXiv:2412.00948), masakhane/uhura-arc-easy: ARC-Easy translated into
# six African languages plus English. Task names use hyphens, tags and the group underscores, as in lm-eval;
# Northern Sotho and Zulu have no validation split and draw few-shot examples from train.
UHURA_LANGS = ["am", "en", "ha", "nso", "sw", "yo", "zu"]
_UHURA_CHOICES = ("{% for i in range(choices['text']|length) %}\t{{ 'ABCD'[i] }}: {{ choices['text'][i] }}\n"
                  "{% endfor %}\nAnswer: ")
UHURA_PROMPTS = {
    1: "You are a virtual assistant that answers multiple-choice questions with the correct option only.\n\n"
       "Question: {{question}}\n\nChoices:\n\n" + _UHURA_CHOICES,
    2: "Choose the correct option that answers the question below:\n\nQuestion: {{question}}\n\nChoices:\n\n"
       + _UHURA_CHOICES,
    3: "Answer the following multiple-choice question by picking 'A', 'B', 'C', or 'D'.\n\nQuestion: {{question}}"
       "\n\nOptions:\n\n" + _UHURA_CHOICES,
    4: "Question: {{question}}\n\nOptions:\n\n" + _UHURA_CHOICES,
    5: "Which of the following options answers this question: {{question}}\n\n" + _UHURA_CHOICES,
}


def uhura_arc_easy(tree: Tree) -> None:

    for prompt, text in UHURA_PROMPTS.items():
        folder = f"afrobench/uhura-arc-easy/prompt_{prompt}"
        tree.write(f"{folder}/uhura-arc-easy", {
            "tag": ["uhura_arc_easy_tasks", f"uhura_arc_easy_prompt_{prompt}"],
            "dataset_path": "masakhane/uhura-arc-easy", "dataset_name": None, "output_type": "multiple_choice",
            "doc_to_target": "{{['A', 'B', 'C', 'D'].index(answerKey)}}", "doc_to_choice": ["A", "B", "C", "D"],
            "test_split": "test", "fewshot_split": "validation", "should_decontaminate": False,
            "doc_to_decontamination_query": "Question: {{question}}\nAnswer:", "metric_list": classification_metrics(),
            "metadata": {"version": 1.0}})
        for lang in UHURA_LANGS:
            cfg: dict[str, Any] = {"include": "uhura-arc-easy", "task": f"uhura-arc-easy_{lang}_prompt_{prompt}",
                                   "dataset_name": f"{lang}_multiple_choice", "doc_to_text": text}
            if lang in ("nso", "zu"):
                cfg["fewshot_split"] = "train"
            tree.write(f"{folder}/uhura-arc-easy_{lang}.yaml", cfg)
        tree.write_python(f"{folder}/utils.py", UTILS)
    tree.write("afrobench/uhura-arc-easy/uhura.yaml", group(
        "uhura_arc_easy", [f"uhura_arc_easy_prompt_{p}" for p in UHURA_PROMPTS], metrics=["acc"], version=1))


FAMILIES = [naijarc, openai_mmlu, sib, masakhanews, afrisenti, nollysenti, afro_belebele, injongointent, uhura_arc_easy]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
