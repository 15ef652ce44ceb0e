"""Machine translation as lm-eval 0.4.13 registers it: its ``translation`` folder (WMT14 fr-en,
WMT16 de-en and ro-en, IWSLT2017 en-ar, both directions each; ``<Source> phrase: …⏎<Target>
phrase:``, greedy until a newline, corpus BLEU, TER and chrF with sacrebleu; tags
``translation``, ``wmt14``, ``wmt16``, ``iwslt2017`` and ``gpt3_translation_benchmarks``) and
its ``wmt2016`` folder (``wmt-ro-en-t5-prompt``: T5's ``translate English to Romanian:`` prompt,
word error rate and HF ``evaluate``'s BLEU, computed by ``wmt2016/wmt16_t5_metrics.py``).
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "translation.py"
LANGUAGES = {"ar": "Arabic", "de": "German", "en": "English", "fr": "French", "ro": "Romanian"}
#: benchmark → (Hub dataset, language pairs as Hub configs name them)
BENCHMARKS = {"wmt14": ("wmt/wmt14", ["fr-en"]), "wmt16": ("wmt/wmt16", ["ro-en", "de-en"]),
              "iwslt2017": ("IWSLT/iwslt2017", ["en-ar"])}
GPT3 = ("wmt14", "wmt16")
COMMON = {"output_type": "generate_until", "training_split": "train", "validation_split": "validation",
          "fewshot_split": "validation", "test_split": "test",
          "metric_list": [{"metric": "bleu"}, {"metric": "ter"}, {"metric": "chrf"}],
          "generation_kwargs": {"until": ["\n"], "do_sample": False, "temperature": 0.0},
          "repeats": 1, "metadata": {"version": 1.0}}


def translation_tasks() -> dict[str, dict]:
    out = {}
    for bench, (path, pairs) in BENCHMARKS.items():
        for pair in pairs:
            first, second = pair.split("-")
            for src, tgt in ((first, second), (second, first)):
                tags = ["translation", bench] + (["gpt3_translation_benchmarks"] if bench in GPT3 else [])
                out[f"{bench}_{src}-{tgt}"] = {
                    "task": f"{bench}-{src}-{tgt}", "tag": tags, "dataset_path": path,
                    "dataset_name": f"iwslt2017-{pair}" if bench == "iwslt2017" else pair,
                    "doc_to_text": f"{LANGUAGES[src]} phrase: {{{{translation[\"{src}\"]}}}}\n"
                                   f"{LANGUAGES[tgt]} phrase:",
                    "doc_to_target": f" {{{{translation[\"{tgt}\"]}}}}", **COMMON}
    return out


def wmt16_t5() -> dict:
    return {"task": "wmt-ro-en-t5-prompt", "dataset_path": "wmt/wmt16", "dataset_name": "ro-en",
            "training_split": "train", "validation_split": "validation", "output_type": "generate_until",
            "doc_to_text": "translate English to Romanian: {{translation.en}}",
            "doc_to_target": "{{translation.ro}}",
            "metric_list": [{"metric": Function("wmt16_t5_metrics.wer"), "aggregation": "mean",
                             "higher_is_better": False},
                            {"metric": Function("wmt16_t5_metrics.bleu"),
                             "aggregation": Function("wmt16_t5_metrics.agg_bleu"), "higher_is_better": True}],
            "metadata": {"version": 1.0}}


def main(root: Path) -> None:
    out = reset_dir(root / "translation")
    for name, cfg in translation_tasks().items():
        write_yaml(out / f"{name}.yaml", cfg, SCRIPT)
    write_yaml(reset_dir(root / "wmt2016") / "ro_en_t5_prompt.yaml", wmt16_t5(), SCRIPT)
