"""PortugueseBench (IberoBench): ASSIN, ASSIN 2 and FLORES around Portuguese."""

from __future__ import annotations

from pathlib import Path

from _common import ACC, Fn, Tree, group
from flores import flores

# ============================================================================ portuguese_bench
# Baucells et al. 2025 (IberoBench), arXiv:2504.16921; ASSIN (Fonseca et al. 2016), ASSIN 2 (Real et
# al. 2020), nilc-nlp/assin and nilc-nlp/assin2. belebele_por_Latn is this pack's.
PORTUGUESE_INCLUDED = ["belebele_por_Latn", "flores_pt", "assin_paraphrase", "assin_entailment", "assin2_rte",
                       "assin2_sts"]
SPLITS = {"training_split": "train", "validation_split": "validation", "test_split": "test"}


def _pair_choice(no: str, yes: str) -> str:
    return f'{{{{[premise + ", certo? {no}, " + hypothesis, premise + ", certo? {yes}, " + hypothesis]}}}}'


def portuguese(tree: Tree) -> None:
    d = "portuguese_bench"
    for task, no in (("assin_entailment", "Também"), ("assin_paraphrase", "Não")):
        tree.write(f"{d}/{task}.yaml", {
            "task": task, "dataset_path": "nilc-nlp/assin", "dataset_name": None, **SPLITS,
            "output_type": "multiple_choice", "doc_to_text": "",
            "doc_to_target": "{{0 if entailment_judgment == 0 else 1}}", "target_delimiter": "",
            "doc_to_choice": _pair_choice(no, "Sim"), "metric_list": ACC, "metadata": {"version": 1.0}})
    tree.write(f"{d}/assin2_rte.yaml", {
        "task": "assin2_rte", "dataset_path": "nilc-nlp/assin2", "output_type": "multiple_choice", **SPLITS,
        "doc_to_text": "", "doc_to_target": "{{entailment_judgment}}", "target_delimiter": "",
        "doc_to_choice": _pair_choice("Não", "Sim"),
        "metric_list": [{"metric": "f1", "aggregation": Fn("utils.macro_f1"), "higher_is_better": True}],
        "metadata": {"version": 1.0}})
    tree.write(f"{d}/assin2_sts.yaml", {
        "task": "assin2_sts", "dataset_path": "nilc-nlp/assin2", "output_type": "generate_until", **SPLITS,
        "doc_to_text": "Frase 1: {{premise}}\nFrase 2: {{hypothesis}}\nQual é a similaridade semântica entre as "
                       "frases acima? Responda com um número de 1 (completamente diferentes) a 5 (semanticamente "
                       "equivalentes):\n",
        "doc_to_target": "{{relatedness_score}}",
        "generation_kwargs": {"until": ["\n"], "do_sample": False, "temperature": 0.0, "max_gen_toks": 10},
        "process_results": Fn("utils.process_results_sts"),
        "metric_list": [{"metric": "pearsonr", "aggregation": Fn("utils.pearson_corr"), "higher_is_better": True}],
        "metadata": {"version": 1.0}})
    tree.write_python(f"{d}/utils.py",
        '"""ASSIN 2: macro F1 of the entailment choice, Pearson\'s r of the generated similarity."""\n\n'
        "from lmeval_tasks_multilingual.iberobench import macro_f1, pearson_corr, process_results_sts\n\n"
        '__all__ = ["macro_f1", "pearson_corr", "process_results_sts"]\n')
    flores(tree, d, "pt", "flores_pt", None)
    tree.write(f"{d}/portuguese_bench.yaml", group("portuguese_bench", PORTUGUESE_INCLUDED),
               "Runs every PortugueseBench task; reports no average (as lm-eval).")


FAMILIES = [portuguese]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
