"""The FLORES-200 translation tasks that BasqueBench and CatalanBench share (a helper, not a family)."""

from __future__ import annotations

from typing import Any

from _common import (
    MT_METRICS,
    Tree,
    group,
)

# ================================================================================ basque_bench
# Baucells et al. 2025 (IberoBench), arXiv:2504.16921; Etxaniz et al. 2024 (Latxa), arXiv:2403.20266.
FLORES = {"eu": ("Basque", "eus_Latn"), "ca": ("Catalan", "cat_Latn"), "de": ("German", "deu_Latn"),
          "en": ("English", "eng_Latn"), "es": ("Spanish", "spa_Latn"), "fr": ("French", "fra_Latn"),
          "gl": ("Galician", "glg_Latn"), "it": ("Italian", "ita_Latn"), "pt": ("Portuguese", "por_Latn")}


def flores(tree: Tree, bench: str, pivot: str, group_name: str, tag: str | None) -> list[str]:
    common: dict[str, Any] = {"tag": tag} if tag else {}
    common.update({"dataset_path": "facebook/flores", "dataset_name": "all", "output_type": "generate_until",
                   "training_split": "dev", "validation_split": "dev", "test_split": "devtest",
                   "fewshot_split": "dev", "target_delimiter": "", "generation_kwargs": {"until": ["\n"]},
                   "metric_list": MT_METRICS, "metadata": {"version": 0.1 if bench == "basque_bench" else 1.0}})
    folder = f"{bench}/flores_{pivot}"
    tree.write(f"{folder}/_flores_common_yaml", common, "FLORES-200 (NLLB Team 2022, arXiv:2207.04672): dev for few-shot, "
          "devtest for evaluation.")
    names = []
    order = ["es", "en", "pt", "it", "fr", "ca", "eu", "gl", "de"]
    for other in [x for x in order if x != pivot]:
        for src, tgt in ((other, pivot), (pivot, other)):
            task = f"{bench}_flores_{src}-{tgt}"
            names.append(task)
            tree.write(f"{folder}/flores_{src}-{tgt}.yaml", {
                "include": "_flores_common_yaml", "task": task,
                "doc_to_text": f"{FLORES[src][0]} sentence: {{{{sentence_{FLORES[src][1]}}}}}\n"
                               f"{FLORES[tgt][0]} sentence:",
                "doc_to_target": f"{{{{sentence_{FLORES[tgt][1]}}}}}"})
    tree.write(f"{folder}/flores_{pivot}.yaml", group(group_name, names, metrics=["bleu"], weight_by_size=False))
    return names
