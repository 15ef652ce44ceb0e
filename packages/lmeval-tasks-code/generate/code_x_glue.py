"""CodeXGLUE code-to-text (Lu et al. 2021): one docstring sentence for a function of six languages,
scored by smoothed BLEU-4; the group ``code2text`` over the six."""

from __future__ import annotations

from pathlib import Path

from _common import Function, comment, reset_dir, write_yaml

SCRIPT = "code_x_glue.py"
LANGUAGES = ("go", "java", "javascript", "php", "python", "ruby")
TEMPLATE = "_default_template_yaml"
BLEU = Function("bleu.smoothed_bleu_4")


def main(root: Path) -> None:
    folder = reset_dir(root / "code_x_glue")
    write_yaml(folder / "_codexglue.yaml", {
        "group": "code2text",
        "task": [f"code2text_{language}" for language in LANGUAGES],
        "aggregate_metric_list": [{"aggregation": "mean", "metric": BLEU, "weight_by_size": True}],
        "metadata": {"version": 1.0},
    }, SCRIPT, comment("lm-eval 0.4.13 names a function, not a metric name, in aggregate_metric_list: kept as it is."))
    write_yaml(folder / TEMPLATE, {
        "training_split": "train",
        "validation_split": "validation",
        "test_split": "test",
        "output_type": "generate_until",
        "generation_kwargs": {"num_beams": 10, "max_gen_toks": 128, "until": ["</s>"]},
        "doc_to_text": Function("utils.doc_to_text"),
        "doc_to_target": Function("utils.doc_to_target"),
        "metric_list": [{"metric": BLEU, "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 1.0},
    }, SCRIPT, comment("""
CodeXGLUE code-to-text (Lu et al. 2021, arXiv:2102.04664): summarise a function, given as its
whitespace-joined code tokens, in one docstring sentence; smoothed BLEU-4 per sample (x100).
"""))
    for language in LANGUAGES:
        write_yaml(folder / f"{language}.yaml", {
            "task": f"code2text_{language}",
            "dataset_path": f"CM/codexglue_code2text_{language}",
            "include": TEMPLATE,
        }, SCRIPT)
