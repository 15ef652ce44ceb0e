"""CatalanBench's generation tasks scored with ROUGE-1 (called by tools/generate_tasks.py):
caBreu's three summaries, cocoteros_va and TerretaQA."""

from __future__ import annotations

from typing import Any

import generate_tasks as gt
from generate_tasks import Fn, write

ROUGE_BLEU = [{"metric": "bleu", "aggregation": "bleu", "higher_is_better": True},
              {"metric": Fn("utils.rouge1"), "aggregation": Fn("utils.rouge1_agg"), "higher_is_better": True}]
# caBreu (projecte-aina/caBreu): Catalan news with three summaries of each kind; a1's is the target
CABREU = {
    "abstractive": "Examina el text següent i genera'n un resum abstractiu, expressant el significat del text "
                   "original d'una manera més natural i concisa.\n",
    "extractive": "Examina el text següent i genera'n un resum extractiu, utilitzant les frases o oracions més "
                  "rellevants del text original.\n",
    "extreme": "Examina el text següent i genera'n un resum que sigui el més concís possible i que preservi el "
               "significat del text original.\n",
}
SHORT_ANSWER: dict[str, Any] = {"training_split": None, "validation_split": None, "test_split": "test",
                                "fewshot_split": "test", "target_delimiter": " "}


def catalan_generation() -> None:
    folder = "catalan_bench/generation"
    write(f"{folder}/_cabreu_common_yaml", {
        "tag": "cabreu", "dataset_path": "projecte-aina/caBreu", "dataset_name": None,
        "output_type": "generate_until", "test_split": "test", "training_split": "train",
        "validation_split": "validation", "process_docs": Fn("utils.process_doc_cabreu"),
        "metric_list": ROUGE_BLEU, "metadata": {"version": 1.0}})
    for kind, description in CABREU.items():
        write(f"{folder}/cabreu_{kind}.yaml", {
            "include": "_cabreu_common_yaml", "task": f"cabreu_{kind}", "description": description,
            "doc_to_text": "Text: {{content}}\nResum:", "doc_to_target": f'{{{{summaries["{kind}"]["a1"]}}}}'})
    write(f"{folder}/cocoteros_va.yaml", {
        "task": "cocoteros_va", "dataset_path": "gplsi/cocoteros_va", "dataset_name": None,
        "output_type": "generate_until",
        "doc_to_text": "Genera una frase curta amb estes paraules: {{keywords}}. El context és: {{context}} \n\n"
                       "Resposta:",
        "doc_to_target": "{{text}}", **SHORT_ANSWER,
        "generation_kwargs": {"max_gen_toks": 40, "until": ["\n"]}, "metric_list": ROUGE_BLEU,
        "metadata": {"version": 1.0}})
    write(f"{folder}/terretaqa.yaml", {
        "task": "terretaqa", "dataset_path": "gplsi/TerretaQA", "dataset_name": None,
        "output_type": "generate_until", "doc_to_text": "Pregunta: {{input}}. \nResposta:",
        "doc_to_target": "{{target}}", **SHORT_ANSWER,
        "generation_kwargs": {"max_new_tokens": 150, "until": ["\n"]}, "metric_list": ROUGE_BLEU,
        "metadata": {"version": 1.0}})
    (gt.ROOT / folder / "utils.py").write_text(
        '"""CatalanBench generation tasks: caBreu clean-up; ROUGE-1 (needs the [rouge] extra)."""\n\n'
        "from lmeval_tasks_multilingual.summary_rouge import process_doc_cabreu, rouge1, rouge1_agg\n\n"
        '__all__ = ["process_doc_cabreu", "rouge1", "rouge1_agg"]\n', encoding="utf-8")


FAMILIES = [catalan_generation]
