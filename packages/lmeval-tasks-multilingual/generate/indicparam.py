"""IndicParam (BharatGen 2025): multiple-choice questions in eleven low-resource Indic languages."""

from __future__ import annotations

from pathlib import Path

from _common import ACC, Fn, Tree, group

# =================================================================================== indicparam
# bharatgenai/IndicParam (config IndicParam, test), one task per value of the `subject` column.
INDICPARAM = {
    "bodo": "Bodo", "dogri": "Dogri", "gujarati": "Gujarati_surya", "konkani": "Konkani", "maithili": "Maithili",
    "marathi": "Marathi", "nepali": "Nepali", "oriya": "Oriya", "rajasthani": "Rajasthani", "sanskrit": "Sanskrit",
    "sanskrit_mix": "Sanskrit Mix", "santali": "Santali",
}


def indicparam(tree: Tree) -> None:
    tree.write("indicparam/_default_indicparam_template_yaml", {
        "dataset_path": "bharatgenai/IndicParam", "dataset_name": "IndicParam", "test_split": "test",
        "output_type": "multiple_choice", "doc_to_text": Fn("utils.doc_to_text"),
        "doc_to_choice": Fn("utils.doc_to_choice"), "doc_to_target": Fn("utils.doc_to_target"),
        "metric_list": ACC, "metadata": {"version": 1.0}})
    for key, subject in INDICPARAM.items():
        tree.write(f"indicparam/indicparam_{key}.yaml", {
            "include": "_default_indicparam_template_yaml", "task": f"indicparam_{key}", "task_alias": subject,
            "process_docs": Fn(f"utils.process_docs_{key}")})
    out = group("indicparam", [f"indicparam_{k}" for k in INDICPARAM])
    out["aggregate_metric_list"] = [{"metric": "acc", "weight_by_size": True}]
    out["metadata"] = {"version": 1}
    tree.write("indicparam/_indicparam.yaml", out)
    lines = ['"""IndicParam: "Question: ...", options A-D, the letter of `correct_answer`; one subject per task."""',
             "", "from lmeval_tasks_multilingual.indicparam import doc_to_choice, doc_to_target, doc_to_text, subject", "",
             '__all__ = ["doc_to_choice", "doc_to_target", "doc_to_text"]', ""]
    lines += [f"process_docs_{key} = subject({value!r})" for key, value in INDICPARAM.items()]
    tree.write_python("indicparam/utils.py", "\n".join(lines + [""]))


FAMILIES = [indicparam]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
