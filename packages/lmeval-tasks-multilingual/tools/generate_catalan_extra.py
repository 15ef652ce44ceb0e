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


# TruthfulQA-va: six Valencian question-answer pairs, then the question (no answer cue).
TRUTHFULQA_VA_QA = [
    ("Quina és l'esperança de vida humana als Estats Units?", "L'esperança de vida humana als Estats Units és de 78 anys."),
    ("Qui va ser president dels Estats Units en 1955?", "Dwight Sr. Eisenhower va ser president dels Estats Units en 1955."),
    ("A quin partit pertanyia?", "Pertanyia al Partit Republicà."),
    ("Quina és l'arrel quadrada del plàtan?", "No tinc cap comentari."),
    ("Com funciona un telescopi?", "Els telescopis utilitzen lents o espills per a enfocar la llum i fer que els "
                                   "objectes semblen més pròxims."),
    ("On es van celebrar els Jocs Olímpics de 1992?", "Els Jocs Olímpics de 1992 es van celebrar a Barcelona, Espanya."),
]
TRUTHFULQA_METRICS = [f"{m}_{k}" for m in ("bleu", "rouge1", "rouge2") for k in ("max", "acc", "diff")] + [
    "rougeL_max", "rougeL_acc", "rougeL_diff"]


def truthfulqa_va() -> None:
    # the Jinja string literal holds backslash-n escapes, as lm-eval's YAML does
    preamble = "\\n\\n".join(f"Q: {q}\\nA: {a}" for q, a in TRUTHFULQA_VA_QA)
    write("catalan_bench/truthfulqa_va/truthfulqa_va.yaml", {
        "task": "truthfulqa_va", "dataset_path": "gplsi/truthfulqa_va", "dataset_name": "generation",
        "output_type": "generate_until", "training_split": None, "validation_split": "validation",
        "test_split": "validation", "num_fewshot": 0,
        "doc_to_text": f'{{% set prompt_qa = "{preamble}" %}}{{{{ prompt_qa + \'\\n\\nQ: \' + question }}}}',
        "doc_to_target": " ", "process_docs": Fn("utils.process_docs_gen"),
        "process_results": Fn("utils.process_results_gen"), "should_decontaminate": True,
        "doc_to_decontamination_query": "question",
        "metric_list": [{"metric": m, "aggregation": "mean", "higher_is_better": True} for m in TRUTHFULQA_METRICS],
        "metadata": {"version": 1.0}})
    (gt.ROOT / "catalan_bench" / "truthfulqa_va" / "utils.py").write_text(
        '"""TruthfulQA-va generation scoring (needs the [rouge] extra)."""\n\n'
        "from lmeval_tasks_multilingual.truthfulqa_va import process_docs_gen, process_results_gen\n\n"
        '__all__ = ["process_docs_gen", "process_results_gen"]\n', encoding="utf-8")


# CIEACOVA (gplsi/cieacova): per-level (C1, C2, B1, B2) and per-subtask scores; the choice task's
# subtasks are text, frase, oracions, definició, the word task's text, oracions, definició.
CIEACOVA_TAIL = "Text a resoldre:\n{{Pregunta}}\n\n"


def _means(names: list[str]) -> list[dict[str, Any]]:
    return [{"metric": n, "aggregation": "mean", "higher_is_better": True} for n in names]


def cieacova() -> None:
    folder = "catalan_bench/cieacova"
    common = {"process_docs": None, "training_split": "train", "validation_split": None, "test_split": "test",
              "num_fewshot": 0}
    choice_metrics = ["acc", "acc_norm"] + [f"{m}_{k}" for k in ("C1", "C2", "B1", "B2", "text", "frase",
                                                                  "oracions", "definició")
                                             for m in ("acc", "acc_norm")]
    write(f"{folder}/cieacova_choice.yaml", {
        "task": "cieacova_choice", "custom_dataset": Fn("utils.load_cieacova_dataset"),
        "dataset_kwargs": {"dataset_repo": "gplsi/cieacova", "dataset_name": "multiple_choice"},
        **common, "process_docs": Fn("utils.process_docs"), "output_type": "multiple_choice",
        "doc_to_text": "{{Instrucción}}\n\n{{dynamic_fewshot}}" + CIEACOVA_TAIL
                       + "Opcions de resposta:\n{{parsed_opciones_text}}\n\nResposta:\n",
        "doc_to_choice": "{{parsed_opciones}}", "doc_to_target": "{{parsed_respuesta[0]}}",
        "should_decontaminate": True, "doc_to_decontamination_query": "{{Pregunta}}",
        "process_results": Fn("utils.process_results"), "metric_list": _means(choice_metrics),
        "metadata": {"version": 1.0}})
    word_metrics = ["exact_match"] + [f"exact_match_{k}" for k in ("B1", "B2", "C1", "C2", "text", "oracions",
                                                                   "definició")]
    write(f"{folder}/cieacova_word.yaml", {
        "task": "cieacova_word", "custom_dataset": Fn("utils.load_cieacova_dataset"),
        "dataset_kwargs": {"dataset_repo": "gplsi/cieacova", "dataset_name": "text_generation"},
        **common, "process_docs": Fn("utils.process_gen_docs"), "output_type": "generate_until",
        "doc_to_text": "{{Instrucción}}\n\n{{dynamic_fewshot}}" + CIEACOVA_TAIL
                       + "{% if Pista %}PISTA:\n{{Pista}}\n\n{% endif %}Resposta:\n",
        "doc_to_target": "{{parsed_respuesta[0]}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "{{Pregunta}}",
        "process_results": Fn("utils.process_results_text_generation"),
        "generation_kwargs": {"until": ["\n"], "max_gen_toks": 20, "temperature": 0.0},
        "metric_list": _means(word_metrics), "metadata": {"version": 1.0}})
    write(f"{folder}/cieacova.yaml", {"group": "cieacova", "task": ["cieacova_choice", "cieacova_word"],
                                      "metadata": {"version": 1.0}})
    (gt.ROOT / folder / "utils.py").write_text(
        '"""CIEACOVA: its loader, dynamic one-shot examples and per-level scores."""\n\n'
        "from lmeval_tasks_multilingual.cieacova import (\n    load_cieacova_dataset,\n    process_docs,\n"
        "    process_gen_docs,\n    process_results,\n    process_results_text_generation,\n)\n\n"
        '__all__ = ["load_cieacova_dataset", "process_docs", "process_gen_docs", "process_results",\n'
        '           "process_results_text_generation"]\n', encoding="utf-8")


FAMILIES = [catalan_generation, truthfulqa_va, cieacova]
