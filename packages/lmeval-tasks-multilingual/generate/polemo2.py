"""PolEmo 2.0 (Polish sentiment, KLEJ)."""

from __future__ import annotations

from pathlib import Path

from _common import Tree

# ===================================================================================== polemo2
# Kocoń et al. 2019 (CoNLL), KLEJ's allegro/klej-polemo2-in and -out: in-domain and out-of-domain
# reviews; the answer letter is mapped to the label index. f1 (micro) and accuracy are HF evaluate's.
POLEMO2_LABELS = ["__label__meta_zero", "__label__meta_minus_m", "__label__meta_plus_m", "__label__meta_amb"]


def polemo2(tree: Tree) -> None:
    tree.write("polemo2/polemo2_in.yaml", {
        "tag": ["polemo2"], "task": "polemo2_in", "dataset_path": "allegro/klej-polemo2-in", "dataset_name": None,
        "output_type": "generate_until", "training_split": "train", "validation_split": "validation",
        "test_split": "test",
        "doc_to_text": 'Opinia: "{{sentence}}"\nOkreśl sentyment podanej opinii. Możliwe odpowiedzi:\nA - Neutralny\n'
                       "B - Negatywny\nC - Pozytywny\nD - Niejednoznaczny\nPrawidłowa odpowiedź:",
        "doc_to_target": f"{{{{{POLEMO2_LABELS}.index(target)}}}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "{{sentence}}",
        "generation_kwargs": {"until": [".", ","], "do_sample": False, "temperature": 0.0, "max_gen_toks": 50},
        "filter_list": [{"name": "score-first", "filter": [
            {"function": "regex", "regex_pattern": "(\\b[ABCD]\\b)"}, {"function": "take_first"},
            {"function": "map", "mapping_dict": {"A": 0, "B": 1, "C": 2, "D": 3}, "default_value": -1},
            {"function": "take_first"}]}],
        "metric_list": [{"metric": "f1", "aggregation": "mean", "higher_is_better": True, "hf_evaluate": True,
                         "average": "micro"},
                        {"metric": "accuracy", "aggregation": "mean", "higher_is_better": True,
                         "hf_evaluate": True}],
        "metadata": {"version": 1.0}}, "PolEmo 2.0 (KLEJ): f1 and accuracy come from HF evaluate (pip install evaluate).")
    tree.write("polemo2/polemo2_out.yaml", {"include": "polemo2_in.yaml", "task": "polemo2_out",
                                            "dataset_path": "allegro/klej-polemo2-out", "dataset_name": None})


FAMILIES = [polemo2]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
