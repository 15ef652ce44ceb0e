"""Extractive QA: XQuAD (Artetxe et al. 2020), MLQA (Lewis et al. 2020) and TyDiQA-GoldP
(Clark et al. 2020), generated answers scored by exact match and token F1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import Fn, Tree

QA_METRICS = [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True},
              {"metric": "f1", "aggregation": "mean", "higher_is_better": True}]
GREEDY_LINE = {"until": ["\n"], "do_sample": False, "temperature": 0.0}

# ======================================================================================== xquad
# google/xquad (validation), config xquad.<lang>; "<Context>: ...\n\n<Question>: ...\n\n<Answer>:"
XQUAD = {
    "ar": ("سيا", "سؤال", "إجابة"), "de": ("Kontext", "Frage", "Antwort"),
    "el": ("Συμφραζόμενα", "Ερώτηση", "Απάντηση"), "en": ("Context", "Question", "Answer"),
    "es": ("Contexto", "Pregunta", "Respuesta"), "hi": ("प्रसंग", "सवाल", "उत्तर"),
    "ro": ("Context", "Întrebare", "Răspuns"), "ru": ("Контекст", "Вопрос", "Ответ"),
    "th": ("บริบท", "คำถาม", "คำตอบ"), "tr": ("Bağlam", "Soru", "Cevap"),
    "vi": ("Bối cảnh", "Câu hỏi", "Trả lời"), "zh": ("语境", "问题", "回答"),
}
# ======================================================================================= tydiqa
# google-research-datasets/tydiqa, config secondary_task (validation; few-shot from train), the
# language's documents picked by their id prefix
TYDIQA = {
    "ar": ("arabic", ("السياق", "السؤال", "الإجابة")), "bn": ("bengali", ("প্রসঙ্গ", "প্রশ্ন", "উত্তর")),
    "en": ("english", ("Context", "Question", "Answer")), "fi": ("finnish", ("Konteksti", "Kysymys", "Vastaus")),
    "id": ("indonesian", ("Konteks", "Pertanyaan", "Jawaban")), "ko": ("korean", ("맥락", "질문", "답변")),
    "ru": ("russian", ("Контекст", "Вопрос", "Ответ")), "sw": ("swahili", ("Muktadha", "Swali", "Jibu")),
    "te": ("telugu", ("సందర్భం", "ప్రశ్న", "సమాధానం")),
}
# ========================================================================================= mlqa
# facebook/mlqa, config mlqa.<context lang>.<question lang> (test; validation), English prompt;
# scored with the context language's normalization
MLQA = ["ar", "de", "en", "es", "hi", "vi", "zh"]


def _prompt(context: str, question: str, answer: str) -> str:
    return f"{context}: {{{{context}}}}\n\n{question}: {{{{question}}}}\n\n{answer}:"


def xquad(tree: Tree) -> None:
    tree.write("xquad/xquad_common_yaml", {
        "tag": "xquad", "task": None, "dataset_path": "google/xquad", "dataset_name": None,
        "output_type": "generate_until", "validation_split": "validation", "doc_to_text": None,
        "doc_to_target": '{{answers["text"][0]}}', "process_results": Fn("utils.process_results_qa"),
        "target_delimiter": " ", "generation_kwargs": GREEDY_LINE, "metric_list": QA_METRICS,
        "metadata": {"version": 1.0}})
    for lang, words in XQUAD.items():
        tree.write(f"xquad/xquad_{lang}.yaml", {"include": "xquad_common_yaml", "task": f"xquad_{lang}",
                                               "dataset_name": f"xquad.{lang}", "doc_to_text": _prompt(*words)})
    tree.write_python("xquad/utils.py", "\n".join([
        '"""XQuAD: SQuAD\'s exact match and F1 against the first reference."""', "",
        "from lmeval_tasks_multilingual.extractive_qa import xquad_results as process_results_qa", "",
        '__all__ = ["process_results_qa"]', ""]))


def tydiqa(tree: Tree) -> None:
    tree.write("tydiqa/_tydiqa_goldp_common_yaml", {
        "tag": "tydiqa_goldp", "task": None, "dataset_path": "google-research-datasets/tydiqa",
        "dataset_name": "secondary_task", "output_type": "generate_until", "training_split": "train",
        "validation_split": "validation", "fewshot_split": "train", "doc_to_text": None,
        "doc_to_target": "{{answers[0]}}", "process_docs": None, "process_results": None, "target_delimiter": " ",
        "generation_kwargs": GREEDY_LINE, "metric_list": QA_METRICS, "metadata": {"version": 1.0}})
    for lang, (_, words) in TYDIQA.items():
        tree.write(f"tydiqa/tydiqa_goldp_{lang}.yaml", {
            "include": "_tydiqa_goldp_common_yaml", "task": f"tydiqa_goldp_{lang}", "doc_to_text": _prompt(*words),
            "process_docs": Fn(f"utils.process_docs_{lang}"), "process_results": Fn(f"utils.process_results_{lang}")})
    lines = ['"""TyDiQA-GoldP: one language\'s documents, MLQA-style best match over the references."""', "",
             "from lmeval_tasks_multilingual.extractive_qa import tydiqa_docs, tydiqa_results", ""]
    for lang, (language, _) in TYDIQA.items():
        lines += [f"process_docs_{lang} = tydiqa_docs({language!r})",
                  f"process_results_{lang} = tydiqa_results({lang!r})"]
    tree.write_python("tydiqa/utils.py", "\n".join(lines + [""]))


def mlqa(tree: Tree) -> None:
    tree.write("mlqa/mlqa_common_yaml", {
        "dataset_path": "facebook/mlqa", "tag": "mlqa", "test_split": "test", "validation_split": "validation",
        "output_type": "generate_until", "doc_to_text": "Context: {{context}}\n\nQuestion: {{question}}\n\nAnswer:",
        "doc_to_target": "{{answers}}", "process_docs": Fn("utils.process_docs"),
        "metric_list": QA_METRICS, "generation_kwargs": {"until": ["\n"], "do_sample": False},
        "metadata": {"version": 0.1}})
    for context in MLQA:
        for question in MLQA:
            data: dict[str, Any] = {"include": "mlqa_common_yaml", "task": f"mlqa_{context}_{question}",
                                    "dataset_name": f"mlqa.{context}.{question}",
                                    "process_results": Fn(f"utils.process_results_{context}")}
            tree.write(f"mlqa/mlqa_{context}_{question}.yaml", data)
    lines = ['"""MLQA: the answers\' texts; best match over them, normalized for the context language."""', "",
             "from lmeval_tasks_multilingual.extractive_qa import mlqa_process_docs as process_docs",
             "from lmeval_tasks_multilingual.extractive_qa import mlqa_results", "",
             '__all__ = ["process_docs"]', ""]
    lines += [f"process_results_{lang} = mlqa_results({lang!r})" for lang in MLQA]
    tree.write_python("mlqa/utils.py", "\n".join(lines + [""]))


FAMILIES = [xquad, tydiqa, mlqa]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
