"""ULQA (Uyghur language and literature benchmarks, keramjan/*): ULUT's word tasks, LAMBADA in
Uyghur, ULQA, ULEval and the CELEP reading sets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import ACC_NORM, Tree, group

# ========================================================================================= ulqa
# Every set has only a train split, evaluated (and few-shot drawn) from it.
LANGUAGE = ["uyghur_language", "uyghur_llm"]
LITERATURE = ["uyghur_literature", "uyghur_llm"]
QUESTION = "سۇئال: {{question}}\nجاۋاپ:"
READING = "{{instruction}}\n{{passage}}\n" + QUESTION
ABCD = "{{ ['A','B','C','D'].index(answer) }}"
#: ULUT's five word tasks: prompt, choices, gold, decontamination field
ULUT = {
    "nug": (QUESTION, "{{[distractor1, distractor2, answer]}}", 2, None),
    "wag": ("تۆۋەندىكى سۆزنىڭ قارىمۇ-قارشى مەنىلىك سۆزىنى يېزىڭ: {{word}}\nجاۋاپ:",
            "{{[distractor1, distractor2, distractor3, antonym]}}", 3, None),
    "wsm": ("تۆۋەندىكى سۆزنىڭ مەنىداش سۆزىنى تاللاڭ: {{word}}\nجاۋاپ:",
            "{{[distractor1, distractor2, distractor3, synonym]}}", 3, None),
    "wub": ("تۆۋەندىكى جۈملىدە خاتا ئىشلىتىلگەن سۆزنىڭ بار-يوقلىقىغا ھۆكۈم قىلىڭ: {{statement}}\nجاۋاپ:",
            ["true", "false"], "check", "{{statement}}"),
    "wum": ("بوش ئورۇنغا مۇۋاپىق كىلىدىغان سۆزنى تاللاڭ: {{question}}\nجاۋاپ:", "{{[A, B, C]}}",
            "{{ ['A','B','C'].index(answer) }}", "{{question}}"),
}
EXACT_UYGHUR = [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True, "ignore_case": True,
                 "ignore_punctuation": False, "regexes_to_ignore": [",", "\\$", "(?s).*#### ", "\\.$"]}]


def _train_only(tag: list[str], task: str, path: str, name: str = "main") -> dict[str, Any]:
    return {"tag": tag, "task": task, "dataset_path": path, "dataset_name": name}


def _splits(output_type: str) -> dict[str, Any]:
    return {"output_type": output_type, "training_split": "train", "fewshot_split": "train", "test_split": "train"}


def _generative(shots: int) -> dict[str, Any]:
    return {"metric_list": EXACT_UYGHUR,
            "generation_kwargs": {"until": ["سۇئال:"], "do_sample": False, "temperature": 0.0},
            "repeats": 1, "num_fewshot": shots, "metadata": {"version": "1.0.0"}}


def ulqa(tree: Tree) -> None:
    for task, (text, choices, target, decontaminate) in ULUT.items():
        data = {**_train_only(LANGUAGE, task, "keramjan/ulut", task), **_splits("multiple_choice"),
                "doc_to_text": text, "doc_to_target": target, "doc_to_choice": choices}
        if decontaminate:
            data.update(should_decontaminate=True, doc_to_decontamination_query=decontaminate)
        tree.write(f"ulqa/ulut/{task}.yaml", {**data, "metric_list": ACC_NORM, "metadata": {"version": "1.0.0"}})
    ulut = group("ulut", list(ULUT), metrics=["acc"])
    tree.write("ulqa/ulut/ulut.yaml", {"group": "ulut", "tag": LANGUAGE, **{k: v for k, v in ulut.items()
                                                                          if k != "group"}})
    tree.write("ulqa/celep1.yaml", {
        **_train_only(LITERATURE, "celep1", "keramjan/CELEP1"), **_splits("multiple_choice"),
        "doc_to_text": READING, "doc_to_target": ABCD, "doc_to_choice": "{{[A, B, C, D]}}",
        "should_decontaminate": True, "doc_to_decontamination_query": "{{passage}}", "metric_list": ACC_NORM,
        "metadata": {"version": "1.0.0"}})
    tree.write("ulqa/celep2.yaml", {
        **_train_only(LITERATURE, "celep2", "keramjan/CELEP2"), **_splits("generate_until"),
        "doc_to_text": READING, "doc_to_target": "{{answer}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "{{passage}}", **_generative(0)})
    tree.write("ulqa/lambada_uyghur.yaml", {
        **_train_only(["uyghur_llm"], "lambada_uyghur", "keramjan/lambada_uyghur", "default"),
        "output_type": "loglikelihood", "training_split": "train", "test_split": "train", "validation_split": "train",
        "doc_to_text": "{{text.split(' ')[:-1]|join(' ')}}", "doc_to_target": "{{' '+text.split(' ')[-1]}}",
        "should_decontaminate": True, "doc_to_decontamination_query": "{{text}}",
        "metric_list": [{"metric": "perplexity", "aggregation": "perplexity", "higher_is_better": False},
                        {"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 1.0}})
    tree.write("ulqa/uleval.yaml", {
        **_train_only(LANGUAGE, "uleval", "keramjan/uleval"), **_splits("multiple_choice"),
        "doc_to_text": QUESTION, "doc_to_target": ABCD, "doc_to_choice": "{{[A, B, C, D]}}",
        "metric_list": ACC_NORM, "metadata": {"version": "1.0.0"}})
    tree.write("ulqa/ulqa_.yaml", {
        **_train_only(LANGUAGE, "ulqa_", "keramjan/ulqa"), **_splits("generate_until"),
        "doc_to_text": QUESTION, "doc_to_target": "{{answer}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "{{question}}", **_generative(2)})
    tree.write("ulqa/ulqa.yaml", {"group": "ulqa", "tag": LANGUAGE,
                                  "task": ["ulut", "lambada_uyghur", "ulqa_", "uleval", "celep1", "celep2"],
                                  "metadata": {"version": 1.0}})


FAMILIES = [ulqa]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
