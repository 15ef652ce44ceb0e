"""Korean multiple-choice sets: KoBEST (Kim et al. 2022, arXiv:2204.04541; group ``kobest``), HAE-RAE
Bench (Son et al. 2023, arXiv:2309.02706; group ``haerae``) and CSAT-QA (group ``csatqa``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import Fn, Tree

ACC = {"metric": "acc", "aggregation": "mean", "higher_is_better": True}
ACC_NORM = {"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True}
#: lm-eval's entry also says ``hf_evaluate: true``, which makes it load HF evaluate's ``f1`` module for a
#: per-document function a multiple-choice task never calls (the pair is (gold, prediction), the score
#: the aggregation below); left out here, so no evaluate install and no Hub access are needed
MACRO_F1 = {"metric": "f1", "aggregation": Fn("utils.macro_f1_score"), "average": "macro", "higher_is_better": True}
KOBEST: dict[str, dict[str, Any]] = {
    "boolq": {"doc_to_text": "{{paragraph}} 질문: {{question}} 답변: ", "doc_to_target": "{{label}}",
              "doc_to_choice": ["아니오", "예"]},
    "copa": {"doc_to_text": Fn("utils.copa_doc_to_text"), "doc_to_target": Fn("utils.copa_doc_to_target"),
             "doc_to_choice": Fn("utils.copa_doc_to_choice")},
    "hellaswag": {"doc_to_text": "{{query}}", "doc_to_target": "{{label}}",
                  "process_docs": Fn("utils.hellaswag_process_doc"), "doc_to_choice": "choices"},
    "sentineg": {"doc_to_text": Fn("utils.sentineg_doc_to_text"), "doc_to_target": "{{label}}",
                 "doc_to_choice": ["부정", "긍정"]},
    "wic": {"doc_to_text": Fn("utils.wic_doc_to_text"), "doc_to_target": "{{label}}", "doc_to_choice": ["아니오", "예"]},
}
HAERAE = {"general_knowledge": "general_knowledge", "history": "history", "loan_word": "loan_words",
          "rare_word": "rare_words", "standard_nomenclature": "standard_nomenclature"}
CSATQA = ["GR", "LI", "RCH", "RCS", "RCSS", "WR"]


def _group(name: str, tasks: list[str], metrics: list[str], version: float) -> dict[str, Any]:
    return {"group": name, "task": tasks,
            "aggregate_metric_list": [{"metric": m, "aggregation": "mean", "weight_by_size": True} for m in metrics],
            "metadata": {"version": version}}


def kobest(tree: Tree) -> None:
    for name, config in KOBEST.items():
        metrics = [ACC, ACC_NORM, MACRO_F1] if name == "hellaswag" else [ACC, MACRO_F1]
        tree.write(f"kobest/kobest_{name}.yaml", {
            "task": f"kobest_{name}", "dataset_path": "skt/kobest_v1", "dataset_name": name,
            "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
            "test_split": "test", **config, "metric_list": metrics, "metadata": {"version": 1.0}})
    tree.write("kobest/_kobest.yaml", _group("kobest", [f"kobest_{n}" for n in KOBEST], ["acc", "acc_norm", "f1"], 1.0))
    tree.write_python("kobest/utils.py", "\n".join([
        '"""KoBEST prompts, HellaSwag documents and the macro F1."""', "",
        "from lmeval_tasks_multilingual import korean", "",
        *[f"{n} = korean.{n}" for n in ("copa_doc_to_text", "copa_doc_to_target", "copa_doc_to_choice",
                                         "sentineg_doc_to_text", "wic_doc_to_text", "macro_f1_score")],
        "hellaswag_process_doc = korean.hellaswag_docs", ""]))


def haerae(tree: Tree) -> None:
    for name, config in HAERAE.items():
        tree.write(f"haerae/haerae_{name}.yaml", {
            "task": f"haerae_{name}", "dataset_path": "HAERAE-HUB/HAE_RAE_BENCH", "dataset_name": config,
            "test_split": "test", "fewshot_split": "test", "output_type": "multiple_choice",
            "doc_to_text": "{{query}}", "doc_to_choice": ["(A)", "(B)", "(C)", "(D)", "(E)"],
            "doc_to_target": "{{answer}}", "metric_list": [ACC, ACC_NORM], "metadata": {"version": 1.0}})
    tree.write("haerae/_haerae.yaml", _group("haerae", [f"haerae_{n}" for n in HAERAE], ["acc", "acc_norm"], 1.0))


def csatqa(tree: Tree) -> None:
    for config in CSATQA:
        tree.write(f"csatqa/csatqa_{config.lower()}.yaml", {
            "task": f"csatqa_{config.lower()}", "dataset_path": "HAERAE-HUB/csatqa", "dataset_name": config,
            "test_split": "test", "output_type": "multiple_choice", "process_docs": Fn("utils.process_docs"),
            "doc_to_text": "{{question}}", "doc_to_choice": "{{choices}}", "doc_to_target": "{{gold}}",
            "metric_list": [ACC, ACC_NORM], "metadata": {"version": 0.0}})
    tree.write("csatqa/_csatqa.yaml", _group("csatqa", [f"csatqa_{c.lower()}" for c in CSATQA], ["acc", "acc_norm"],
                                             0.0))
    tree.write_python("csatqa/utils.py", '"""CSAT-QA: the instruction prompt and five numbered options."""\n\n'
                      "from lmeval_tasks_multilingual import korean\n\nprocess_docs = korean.csatqa_docs\n")


FAMILIES = [kobest, haerae, csatqa]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
