"""PISA-Bench (PisaBench/pisa-bench): image-based PISA items in six languages, parsed or LLM-judged."""

from __future__ import annotations

from pathlib import Path

from _common import Fn, Tree

# ========================================================================================== pisa
# PISA-Bench, one split per language (ch is Chinese); lm-eval's group member order.
PISA = ["de", "fr", "it", "en", "es", "ch"]
GROUP_ACC = [{"metric": "acc", "weight_by_size": False}]


def pisa(tree: Tree) -> None:
    tree.write("pisa/_template_yaml", {
        "dataset_path": "PisaBench/pisa-bench", "output_type": "generate_until",
        "doc_to_text": Fn("utils.pisa_doc_to_text"), "doc_to_choice": ["A", "B", "C", "D"],
        "doc_to_target": "answer", "process_results": Fn("utils.pisa_process_results"),
        "doc_to_image": Fn("utils.pisa_doc_to_visual"), "generation_kwargs": {"until": ["<|endoftext|>"]},
        "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}]},
        "PISA-Bench: the image, the question and lettered options; the answer letter parsed (pisa.py).")
    for lang in PISA:
        tree.write(f"pisa/pisa_{lang}.yaml", {"task": f"pisa_{lang}", "include": "_template_yaml",
                                              "task_alias": f"pisa_{lang}", "test_split": lang})
        tree.write(f"pisa/llm_judged/pisa_{lang}_llm_judged.yaml", {
            "task": f"pisa_{lang}_llm_judged", "include": "../_template_yaml", "task_alias": f"pisa_{lang}",
            "test_split": lang, "process_results": Fn("utils.pisa_process_results_llm_judged")})
    tree.write("pisa/_pisa.yaml", {"group": "pisa", "task": [f"pisa_{lang}" for lang in PISA],
                                   "aggregate_metric_list": GROUP_ACC})
    tree.write("pisa/llm_judged/_pisa_llm_judged.yaml", {
        "group": "pisa_llm_judged", "task": [f"pisa_{lang}_llm_judged" for lang in PISA],
        "aggregate_metric_list": GROUP_ACC}, "Graded by an OpenAI model: needs OPENAI_API_KEY and the [pisa-judge] extra.")
    tree.write_python("pisa/utils.py",
        '"""PISA-Bench: prompt, image and answer parsing."""\n\n'
        "from lmeval_tasks_multilingual import pisa\n\n"
        "pisa_doc_to_text = pisa.doc_to_text\npisa_doc_to_visual = pisa.doc_to_visual\n"
        "pisa_process_results = pisa.process_results\n")
    tree.write_python("pisa/llm_judged/utils.py",
        '"""PISA-Bench graded by an OpenAI model (OPENAI_API_KEY; the [pisa-judge] extra)."""\n\n'
        "from lmeval_tasks_multilingual import pisa_judge\n\n"
        "pisa_process_results_llm_judged = pisa_judge.process_results\n")


FAMILIES = [pisa]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
