"""BasqueGLUE's tasks beyond qnlieu, and BertaQA (called by tools/generate_tasks.py)."""

from __future__ import annotations

from typing import Any

import generate_tasks as gt
from generate_tasks import Fn, write

ACC = [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}]


def _f1(function: str) -> list[dict[str, Any]]:
    return [{"metric": "f1", "aggregation": Fn(f"utils.{function}"), "higher_is_better": True}]


# ================================================================================== basqueglue
# Urbizu et al. 2022 (LREC), orai-nlp/basqueGLUE: one config per task; qnlieu is written with
# BasqueBench (generate_tasks.basque). F1 as the benchmark's evaluation script computes it.
BASQUEGLUE = {  # task: (config, doc_to_text, choices, metric_list, extra fields)
    "bec2016eu": ("bec", "Testua: {{text}}\nGaldera: Nolako jarrera agertzen du aurreko testuak?\nErantzuna:",
                  ["negatiboa", "neutrala", "positiboa"], _f1("micro_f1_score"), {}),
    "bhtc_v2": ("bhtc", "Testua: {{text}}\nGaldera: Zein da aurreko testuaren gaia?\nErantzuna:",
                ["Ekonomia", "Euskal Herria", "Euskara", "Gizartea", "Historia", "Ingurumena", "Iritzia",
                 "Komunikazioa", "Kultura", "Nazioartea", "Politika", "Zientzia"], _f1("micro_f1_score"), {}),
    "epec_koref_bin": ("coref", Fn("utils.coref_doc_to_text"), ["ez", "bai"], ACC, {}),
    "vaxx_stance": ("vaxx", "Testua: {{text}}\nGaldera: Nolako jarrera agertzen du aurreko testuak txertoei buruz?\n"
                            "Erantzuna:", ["aurka", "neutrala", "alde"], _f1("vaxx_f1_score"), {}),
    "wiceu": ("wic", "1. esaldia: {{sentence1}}\n2. esaldia: {{sentence2}}\nGaldera: Aurreko bi esaldietan, "
                     "\"{{word}}\" hitzak esanahi berdina du?\nErantzuna:", ["ez", "bai"], ACC,
              {"process_docs": Fn("utils.process_wic_docs")}),
}


def basqueglue() -> None:
    for task, (config, text, choices, metrics, extra) in BASQUEGLUE.items():
        write(f"basqueglue/{task}.yaml", {
            "tag": "basque-glue", "task": task, "dataset_path": "orai-nlp/basqueGLUE", "dataset_name": config,
            "output_type": "multiple_choice", "validation_split": "validation", "test_split": "test", **extra,
            "doc_to_text": text, "doc_to_target": "label", "doc_to_choice": choices, "metric_list": metrics,
            "metadata": {"version": 1.0}})
    (gt.ROOT / "basqueglue" / "utils.py").write_text(
        '"""BasqueGLUE: WiC clean-up, the coreference prompt, micro and stance F1."""\n\n'
        "from lmeval_tasks_multilingual.basqueglue import (\n    coref_doc_to_text,\n    micro_f1_score,\n"
        "    process_wic_docs,\n    vaxx_f1_score,\n)\n\n"
        '__all__ = ["coref_doc_to_text", "micro_f1_score", "process_wic_docs", "vaxx_f1_score"]\n',
        encoding="utf-8")


# ===================================================================================== bertaqa
# BertaQA (Etxaniz et al. 2024, arXiv:2406.07302): trivia on Basque culture and general topics,
# in Basque, English, and English machine-translated by several systems (HiTZ/BertaQA).
BERTAQA_MT = ["gemma-7b", "hitz", "itzuli", "latxa-13b-v1.1", "latxa-13b-v1", "latxa-70b-v1.1", "latxa-70b-v1",
              "latxa-7b-v1.1", "latxa-7b-v1", "llama-2-13b", "llama-2-70b", "llama-2-7b", "madlad", "nllb"]
BERTAQA_EN = "Question: {{question}}\nA: {{candidates[0]}}\nB: {{candidates[1]}}\nC: {{candidates[2]}}\nAnswer:"
BERTAQA_EU = "Galdera: {{question}}\nA: {{candidates[0]}}\nB: {{candidates[1]}}\nC: {{candidates[2]}}\nErantzuna:"


def bertaqa() -> None:
    write("bertaqa/_bertaqa_template", {
        "tag": "bertaqa", "dataset_path": "HiTZ/BertaQA", "dataset_name": None, "validation_split": None,
        "test_split": "test", "fewshot_split": "test", "output_type": "multiple_choice",
        "doc_to_choice": ["A", "B", "C"], "doc_to_target": "answer", "metric_list": ACC,
        "metadata": {"version": 0.0}})
    configs = [("en", BERTAQA_EN), ("eu", BERTAQA_EU)] + [(f"en_mt_{m}", BERTAQA_EN) for m in BERTAQA_MT]
    for config, text in configs:
        write(f"bertaqa/bertaqa_{config}.yaml", {"task": f"bertaqa_{config}", "include": "_bertaqa_template",
                                                 "dataset_name": config, "doc_to_text": text})


FAMILIES = [basqueglue, bertaqa]
