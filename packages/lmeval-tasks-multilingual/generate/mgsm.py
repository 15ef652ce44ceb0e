"""MGSM (Shi et al. 2022): direct, native CoT and English CoT prompts."""

from __future__ import annotations

from pathlib import Path

from _common import (
    EXACT,
    FLEXIBLE,
    REMOVE_WS,
    Tree,
    strict,
)

# ========================================================================================= mgsm
# Shi et al. 2022, arXiv:2210.03057; juletxara/mgsm. Test questions have no "answer"; the train
# split (few-shot) carries the question with its "Question:" prefix and a worked answer whose
# first len(<answer prefix>)+1 characters are the prefix itself.
MGSM = {  # question prefix, CoT answer prefix, direct answer prefix, CoT answer regex
    "bn": ("প্রশ্ন:", "ধাপে ধাপে উত্তর:", "Answer:", "The answer is (\\-?[0-9\\.\\,]+)"),
    "de": ("Frage:", "Schritt-für-Schritt-Antwort:", "Antwort:", "Die Antwort lautet (\\-?[0-9\\.\\,]+)"),
    "en": ("Question:", "Step-by-Step Answer:", "Answer:", "The answer is (\\-?[0-9\\.\\,]+)"),
    "es": ("Pregunta:", "Respuesta paso a paso:", "Respuesta:", "La respuesta es (\\-?[0-9\\.\\,]+)"),
    "fr": ("Question :", "Réponse étape par étape :", "Réponse :", "La réponse est (\\-?[0-9\\.\\,]+)"),
    "ru": ("Задача:", "Пошаговоерешение:", "Answer:", "Ответ — (\\-?[0-9\\.\\,]+)"),
    "sw": ("Swali:", "Jibu la Hatua kwa Hatua:", "Answer:", "Jibu ni (\\-?[0-9\\.\\,]+)"),
    "te": ("ప్రశ్న:", "దశలవారీగా సమాధానం:", "Answer:", "సమాధానం (\\-?[0-9\\.\\,]+)"),
    "th": ("โจทย์:", "คำตอบทีละขั้นตอน:", "Answer:", "คำตอบคือ (\\-?[0-9\\.\\,]+)"),
    "ja": ("問題：", "ステップごとの答え:", "Answer:", "答えは(\\-?[0-9\\.\\,]+)です。"),
    "zh": ("问题：", "逐步解答:", "Answer:", "答案是 (\\-?[0-9\\.\\,]+)。"),
}
MGSM_STOP_EXTRA = ["</s>", "<|im_end|>"]


def mgsm_text(question_prefix: str, answer_prefix: str) -> str:
    return (f'{{% if answer is not none %}}{{{{question+"\\n{answer_prefix}"}}}}'
            f'{{% else %}}{{{{"{question_prefix} "+question+"\\n{answer_prefix}"}}}}{{% endif %}}')


def mgsm_target(skip: int) -> str:
    return f"{{% if answer is not none %}}{{{{answer[{skip}:]}}}}{{% else %}}{{{{answer_number|string}}}}{{% endif %}}"


def mgsm(tree: Tree) -> None:
    base = {"dataset_path": "juletxara/mgsm", "output_type": "generate_until",
            "training_split": "train", "test_split": "test"}
    tree.write("mgsm/_mgsm_direct_template_yaml", {
        "tag": "mgsm_direct", **base, "target_delimiter": "",
        "generation_kwargs": {"until": ["\n\n", "\n"], "do_sample": False, "temperature": 0.0},
        "filter_list": [REMOVE_WS, FLEXIBLE], "metric_list": EXACT, "metadata": {"version": 4.0},
    }, "MGSM, direct answer: the number right after the answer prefix.")
    for version, name in ((4.0, "native"), (3.0, "en")):
        tree.write(f"mgsm/_mgsm_{name}_cot_template_yaml", {
            "tag": ["mgsm_cot_native", f"mgsm_{name}_cot"],
            **base, "target_delimiter": " ",
            "generation_kwargs": {"until": ["\n\n", "\n"], "do_sample": False, "temperature": 0.0},
            "metric_list": EXACT, "metadata": {"version": version},
        }, f"MGSM, chain of thought with the {'native-language' if name == 'native' else 'English'} "
           "answer prefix. lm-eval tags both CoT families mgsm_cot_native; mgsm_native_cot and\n"
           "mgsm_en_cot select one.")
    en = MGSM["en"]
    for lang, (question, answer, direct, regex) in MGSM.items():
        stop = {"until": [question, *MGSM_STOP_EXTRA], "do_sample": False}
        tree.write(f"mgsm/direct/mgsm_direct_{lang}.yaml", {
            "include": "../_mgsm_direct_template_yaml", "task": f"mgsm_direct_{lang}", "dataset_name": lang,
            "doc_to_text": mgsm_text(question, direct), "doc_to_target": "{{answer_number|string}}",
            "generation_kwargs": stop})
        tree.write(f"mgsm/native_cot/mgsm_native_cot_{lang}.yaml", {
            "include": "../_mgsm_native_cot_template_yaml", "task": f"mgsm_native_cot_{lang}",
            "dataset_name": lang, "doc_to_text": mgsm_text(question, answer),
            "doc_to_target": mgsm_target(len(answer) + 1),
            "filter_list": [strict(regex), FLEXIBLE], "generation_kwargs": stop})
        tree.write(f"mgsm/en_cot/mgsm_en_cot_{lang}.yaml", {
            "include": "../_mgsm_en_cot_template_yaml", "task": f"mgsm_en_cot_{lang}", "dataset_name": lang,
            "doc_to_text": mgsm_text(question, en[1]),
            # the worked answers of the train split start with the native prefix
            "doc_to_target": mgsm_target(len(answer) + 1),
            "filter_list": [strict(en[3]), FLEXIBLE], "generation_kwargs": stop})


FAMILIES = [mgsm]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
