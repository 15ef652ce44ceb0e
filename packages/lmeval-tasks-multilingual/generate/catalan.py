"""CatalanBench and its Valencian additions (cabreu, truthfulqa_va, cieacova)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import (
    ACC,
    ACC_NORM,
    EXACT,
    MT_METRICS,
    REMOVE_WS,
    Fn,
    Tree,
    group,
    nli_choice,
    paraphrase_choice,
)
from flores import flores
from mgsm import MGSM_STOP_EXTRA
from xstorycloze import storycloze

# =============================================================================== catalan_bench
# Baucells et al. 2025 (IberoBench), arXiv:2504.16921; datasets of Projecte AINA and GPLSI.
# lm-eval's member order; eqbench_ca is lmeval-tasks-classic's (eq_bench family)
CATALAN_INCLUDED = [
    "belebele_cat_Latn", "xnli_ca", "catcola", "copa_ca", "openbookqa_ca", "parafraseja", "eqbench_ca", "paws_ca",
    "piqa_ca", "siqa_ca", "teca", "wnli_ca", "arc_ca_easy", "arc_ca_challenge", "xstorycloze_ca", "xquad_ca",
    "catalanqa", "coqcat", "flores_ca", "cabreu", "mgsm_direct_ca", "phrases_va", "cocoteros_va", "xnli_va",
    "truthfulqa_va", "terretaqa", "cieacova"]
CATALAN_LEFT_OUT = {  # in lm-eval's catalan_bench group, not in this pack (see README)
}
CA_NLI = nli_choice("correcte", "Sí", "A més", "No")


def catalan(tree: Tree) -> None:
    d = "catalan_bench"
    tree.write(f"{d}/_arc_ca_common_yaml", {
        "dataset_path": "projecte-aina/arc_ca", "output_type": "multiple_choice", "training_split": None,
        "validation_split": "validation", "test_split": "test", "doc_to_text": "Pregunta: {{question}}\nResposta:",
        "doc_to_target": "{{choices.label.index(answerKey)}}", "doc_to_choice": "{{choices.text}}",
        "should_decontaminate": True, "doc_to_decontamination_query": "Pregunta: {{question}}\nResposta:",
        "metric_list": ACC_NORM, "metadata": {"version": 1.0}})
    for level, cfg in (("easy", "ARC-Easy"), ("challenge", "ARC-Challenge")):
        tree.write(f"{d}/arc_ca_{level}.yaml", {"task": f"arc_ca_{level}", "dataset_name": cfg,
                                           "include": "_arc_ca_common_yaml"})
    tree.write(f"{d}/catcola.yaml", {
        "task": "catcola", "dataset_path": "nbel/CatCoLA", "output_type": "multiple_choice",
        "training_split": "train", "validation_split": "validation", "test_split": None,
        "doc_to_text": "{{Sentence}}\nPregunta: Té sentit aquesta frase?\nResposta:", "doc_to_target": "Label",
        "doc_to_choice": ["no", "sí"], "metric_list": [{"metric": "mcc"}, {"metric": "acc"}],
        "metadata": {"version": 1.0}})
    tree.write(f"{d}/copa_ca.yaml", {
        "task": "copa_ca", "dataset_path": "projecte-aina/COPA-ca", "dataset_name": None,
        "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
        "test_split": "test", "process_docs": Fn("utils.process_docs_copa_ca"),
        "doc_to_text": '{{premise[:-1].strip() + " " + {"cause": "perquè", "effect": "i per tant"}[question]}}',
        "doc_to_target": "{{choice1 if label == 0 else choice2}}", "doc_to_choice": "{{[choice1, choice2]}}",
        "metric_list": ACC, "metadata": {"version": 1.0}})
    tree.write(f"{d}/openbookqa_ca.yaml", {
        "task": "openbookqa_ca", "dataset_path": "projecte-aina/openbookqa_ca", "output_type": "multiple_choice",
        "training_split": None, "validation_split": "validation", "test_split": "test",
        "doc_to_text": "question_stem", "doc_to_target": "{{choices.label.index(answerKey.lstrip())}}",
        "doc_to_choice": "{{choices.text}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "question_stem", "metric_list": ACC_NORM, "metadata": {"version": 1.0}})
    para = paraphrase_choice("veritat", "Sí", "No")
    tree.write(f"{d}/parafraseja.yaml", {
        "task": "parafraseja", "dataset_path": "projecte-aina/Parafraseja", "output_type": "multiple_choice",
        "dataset_name": None, "test_split": "test", "training_split": "train", "validation_split": "validation",
        "doc_to_choice": para, "process_docs": Fn("utils.process_docs_paraphrases"), "doc_to_text": "",
        "doc_to_target": "label", "metric_list": ACC, "metadata": {"version": 1.0}})
    tree.write(f"{d}/paws_ca.yaml", {
        "task": "paws_ca", "dataset_path": "projecte-aina/PAWS-ca", "dataset_name": None,
        "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
        "test_split": "test", "process_docs": Fn("utils.process_docs_paraphrases"), "doc_to_text": "",
        "doc_to_target": "label", "doc_to_choice": para, "target_delimiter": "", "metric_list": ACC,
        "metadata": {"version": 1.0}})
    tree.write(f"{d}/piqa_ca.yaml", {
        "task": "piqa_ca", "dataset_path": "projecte-aina/piqa_ca", "dataset_name": None,
        "output_type": "multiple_choice", "training_split": None, "validation_split": "validation",
        "test_split": None, "doc_to_text": "Pregunta: {{goal}}\nResposta:", "doc_to_target": "label",
        "doc_to_choice": "{{[sol1, sol2]}}", "should_decontaminate": True, "doc_to_decontamination_query": "goal",
        "metric_list": ACC_NORM, "metadata": {"version": 1.0}})
    tree.write(f"{d}/siqa_ca.yaml", {
        "task": "siqa_ca", "dataset_path": "projecte-aina/siqa_ca", "output_type": "multiple_choice",
        "training_split": None, "validation_split": "validation", "test_split": None,
        "doc_to_text": "Pregunta: {{context}} {{question}}\nResposta:", "target_delimiter": " ",
        "doc_to_choice": "{{[answerA, answerB, answerC]}}", "doc_to_target": "{{ (label|int) - 1 }}",
        "metric_list": ACC, "metadata": {"version": 1.0}})
    tree.write(f"{d}/teca.yaml", {
        "task": "teca", "dataset_path": "projecte-aina/teca", "dataset_name": None, "training_split": "train",
        "validation_split": "validation", "test_split": "test", "output_type": "multiple_choice",
        "process_docs": Fn("utils.process_doc_nli"), "doc_to_text": "", "doc_to_target": "label",
        "target_delimiter": "",
        "doc_to_choice": '{{[premise + ", correcte? Sí, " + hypothesis, premise + ", correcte? A més, " + '
                         'hypothesis, premise + ", correcte? No, " + hypothesis]}}',
        "metric_list": ACC, "metadata": {"version": 1.0}})
    tree.write(f"{d}/wnli_ca.yaml", {
        "task": "wnli_ca", "dataset_path": "projecte-aina/wnli-ca", "dataset_name": None,
        "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
        "test_split": None, "doc_to_text": "{{sentence1}}\nPregunta: {{sentence2}} Cert o Fals?\nResposta:",
        "doc_to_target": "label", "doc_to_choice": ["Fals", "Cert"], "metric_list": [{"metric": "acc"}],
        "metadata": {"version": 1.0}})
    nli_common = {"output_type": "multiple_choice", "doc_to_choice": CA_NLI, "doc_to_text": "",
                  "target_delimiter": "", "process_docs": Fn("utils.process_doc_nli"), "training_split": None,
                  "doc_to_target": "label", "metric_list": ACC, "metadata": {"version": 1.0}}
    tree.write(f"{d}/xnli_ca.yaml", {"task": "xnli_ca", "dataset_path": "projecte-aina/xnli-ca", "dataset_name": None,
                                **nli_common, "validation_split": "validation"})
    tree.write(f"{d}/xnli_va.yaml", {"task": "xnli_va", "dataset_path": "gplsi/xnli_va", "dataset_name": None,
                                **nli_common, "validation_split": None, "test_split": "test"})
    qa = {"output_type": "generate_until", "doc_to_text": "Context: {{context}}\n\nPregunta: {{question}}\n\nResposta:",
          "doc_to_target": '{{answers[0]["text"]}}', "target_delimiter": " ",
          "process_results": Fn("utils.process_results_qa"),
          "generation_kwargs": {"until": ["\n"], "do_sample": False, "temperature": 0.0},
          "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True},
                          {"metric": "f1", "aggregation": "mean", "higher_is_better": True}],
          "metadata": {"version": 1.0}}
    tree.write(f"{d}/xquad_ca.yaml", {"task": "xquad_ca", "dataset_path": "projecte-aina/xquad-ca", "dataset_name": None,
                                 "validation_split": None, "test_split": "test", **qa})
    tree.write(f"{d}/catalanqa.yaml", {"task": "catalanqa", "dataset_path": "projecte-aina/catalanqa",
                                  "dataset_name": None, "training_split": "train", "validation_split": "validation",
                                  "test_split": "test", **qa})
    tree.write(f"{d}/coqcat.yaml", {
        "task": "coqcat", "dataset_path": "projecte-aina/CoQCat", "output_type": "generate_until",
        "training_split": "train", "validation_split": "validation", "test_split": "test",
        "doc_to_text": '{{story+"\\n\\n"}}{% for i in range(questions|length-1) %}{{"Q: "+questions[i]+"\\n\\n"+"A: "'
                       '+answers["input_text"][i]+"\\n\\n"}}{% endfor %}{{"Q: "+questions[-1]+"\\n\\n"+"A:"}}',
        "doc_to_target": '{{ answers["input_text"][questions|length - 1] }}',
        "process_results": Fn("utils.process_results_coqcat"), "should_decontaminate": True,
        "doc_to_decontamination_query": "{{story}} {{question.input_text|join('\\n')}}",
        "generation_kwargs": {"until": ["\nQ:"]},
        "metric_list": [{"metric": "em", "aggregation": "mean", "higher_is_better": True},
                        {"metric": "f1", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 1.0}})
    tree.write(f"{d}/mgsm_direct_ca.yaml", {
        "task": "mgsm_direct_ca", "dataset_path": "projecte-aina/mgsm_ca", "doc_to_target": "{{answer_number|string}}",
        "doc_to_text": '{% if answer != None %}{{question + "\\nResposta: "}}{% else %}{{"Pregunta: " + question + '
                       '"\\nResposta: "}}{% endif %}',
        "output_type": "generate_until", "training_split": "train", "test_split": "test", "target_delimiter": "",
        "generation_kwargs": {"do_sample": False, "until": ["Pregunta:", *MGSM_STOP_EXTRA]},
        "filter_list": [REMOVE_WS], "metric_list": EXACT, "metadata": {"version": 1.1}})
    tree.write(f"{d}/xstorycloze_ca.yaml", {**storycloze("projecte-aina/xstorycloze_ca", "ca"), "task": "xstorycloze_ca"})
    tree.write(f"{d}/phrases_va/_phrases_va_yaml", {
        "tag": "phrases_va", "dataset_path": "gplsi/CA-VA_alignment_test", "output_type": "generate_until",
        "training_split": None, "validation_split": None, "test_split": "test", "fewshot_split": "test",
        "num_fewshot": 5, "target_delimiter": " ", "generation_kwargs": {"until": ["\n"]},
        "metric_list": MT_METRICS, "metadata": {"version": 1.0}})
    for src, tgt, sname, tname in (("ca", "va", "català", "valencià"), ("va", "ca", "valencià", "català")):
        tree.write(f"{d}/phrases_va/phrases_{src}-{tgt}.yaml", {
            "include": "_phrases_va_yaml", "task": f"phrases_{src}-{tgt}",
            "doc_to_text": f"Oració en {sname}: {{{{{src}}}}}\nOració en {tname}:", "doc_to_target": f"{{{{{tgt}}}}}"})
    flores(tree, "catalan_bench", "ca", "flores_ca", None)
    tree.write_python(f"{d}/utils.py",
        '"""CatalanBench helpers: document clean-up and SQuAD-style scoring."""\n\n'
        "from lmeval_tasks_multilingual.prompts import (\n    process_doc_nli,\n    process_docs_copa_ca,\n"
        "    process_docs_paraphrases,\n)\n"
        "from lmeval_tasks_multilingual.scoring import process_results_coqcat, process_results_qa\n\n"
        '__all__ = ["process_doc_nli", "process_docs_copa_ca", "process_docs_paraphrases",\n'
        '           "process_results_coqcat", "process_results_qa"]\n')
    tree.write(f"{d}/catalan_bench.yaml", group("catalan_bench", CATALAN_INCLUDED, version=2.5),
          "Runs every CatalanBench task this pack has; reports no average (as lm-eval).\n"
          + ("Left out: " + ", ".join(CATALAN_LEFT_OUT) + " (see README)." if CATALAN_LEFT_OUT
           else "Every member of lm-eval's group is here (eqbench_ca from lmeval-tasks-classic)."))




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


def catalan_generation(tree: Tree) -> None:
    folder = "catalan_bench/generation"
    tree.write(f"{folder}/_cabreu_common_yaml", {
        "tag": "cabreu", "dataset_path": "projecte-aina/caBreu", "dataset_name": None,
        "output_type": "generate_until", "test_split": "test", "training_split": "train",
        "validation_split": "validation", "process_docs": Fn("utils.process_doc_cabreu"),
        "metric_list": ROUGE_BLEU, "metadata": {"version": 1.0}})
    for kind, description in CABREU.items():
        tree.write(f"{folder}/cabreu_{kind}.yaml", {
            "include": "_cabreu_common_yaml", "task": f"cabreu_{kind}", "description": description,
            "doc_to_text": "Text: {{content}}\nResum:", "doc_to_target": f'{{{{summaries["{kind}"]["a1"]}}}}'})
    tree.write(f"{folder}/cocoteros_va.yaml", {
        "task": "cocoteros_va", "dataset_path": "gplsi/cocoteros_va", "dataset_name": None,
        "output_type": "generate_until",
        "doc_to_text": "Genera una frase curta amb estes paraules: {{keywords}}. El context és: {{context}} \n\n"
                       "Resposta:",
        "doc_to_target": "{{text}}", **SHORT_ANSWER,
        "generation_kwargs": {"max_gen_toks": 40, "until": ["\n"]}, "metric_list": ROUGE_BLEU,
        "metadata": {"version": 1.0}})
    tree.write(f"{folder}/terretaqa.yaml", {
        "task": "terretaqa", "dataset_path": "gplsi/TerretaQA", "dataset_name": None,
        "output_type": "generate_until", "doc_to_text": "Pregunta: {{input}}. \nResposta:",
        "doc_to_target": "{{target}}", **SHORT_ANSWER,
        "generation_kwargs": {"max_new_tokens": 150, "until": ["\n"]}, "metric_list": ROUGE_BLEU,
        "metadata": {"version": 1.0}})
    tree.write_python(f"{folder}/utils.py",
        '"""CatalanBench generation tasks: caBreu clean-up; ROUGE-1 (needs the [rouge] extra)."""\n\n'
        "from lmeval_tasks_multilingual.summary_rouge import process_doc_cabreu, rouge1, rouge1_agg\n\n"
        '__all__ = ["process_doc_cabreu", "rouge1", "rouge1_agg"]\n')


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


def truthfulqa_va(tree: Tree) -> None:
    # the Jinja string literal holds backslash-n escapes, as lm-eval's YAML does
    preamble = "\\n\\n".join(f"Q: {q}\\nA: {a}" for q, a in TRUTHFULQA_VA_QA)
    tree.write("catalan_bench/truthfulqa_va/truthfulqa_va.yaml", {
        "task": "truthfulqa_va", "dataset_path": "gplsi/truthfulqa_va", "dataset_name": "generation",
        "output_type": "generate_until", "training_split": None, "validation_split": "validation",
        "test_split": "validation", "num_fewshot": 0,
        "doc_to_text": f'{{% set prompt_qa = "{preamble}" %}}{{{{ prompt_qa + \'\\n\\nQ: \' + question }}}}',
        "doc_to_target": " ", "process_docs": Fn("utils.process_docs_gen"),
        "process_results": Fn("utils.process_results_gen"), "should_decontaminate": True,
        "doc_to_decontamination_query": "question",
        "metric_list": [{"metric": m, "aggregation": "mean", "higher_is_better": True} for m in TRUTHFULQA_METRICS],
        "metadata": {"version": 1.0}})
    tree.write_python("catalan_bench/truthfulqa_va/utils.py",
        '"""TruthfulQA-va generation scoring (needs the [rouge] extra)."""\n\n'
        "from lmeval_tasks_multilingual.truthfulqa_va import process_docs_gen, process_results_gen\n\n"
        '__all__ = ["process_docs_gen", "process_results_gen"]\n')


# CIEACOVA (gplsi/cieacova): per-level (C1, C2, B1, B2) and per-subtask scores; the choice task's
# subtasks are text, frase, oracions, definició, the word task's text, oracions, definició.
CIEACOVA_TAIL = "Text a resoldre:\n{{Pregunta}}\n\n"


def _means(names: list[str]) -> list[dict[str, Any]]:
    return [{"metric": n, "aggregation": "mean", "higher_is_better": True} for n in names]


def cieacova(tree: Tree) -> None:
    folder = "catalan_bench/cieacova"
    common = {"process_docs": None, "training_split": "train", "validation_split": None, "test_split": "test",
              "num_fewshot": 0}
    choice_metrics = ["acc", "acc_norm"] + [f"{m}_{k}" for k in ("C1", "C2", "B1", "B2", "text", "frase",
                                                                  "oracions", "definició")
                                             for m in ("acc", "acc_norm")]
    tree.write(f"{folder}/cieacova_choice.yaml", {
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
    tree.write(f"{folder}/cieacova_word.yaml", {
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
    tree.write(f"{folder}/cieacova.yaml", {"group": "cieacova", "task": ["cieacova_choice", "cieacova_word"],
                                      "metadata": {"version": 1.0}})
    tree.write_python(f"{folder}/utils.py",
        '"""CIEACOVA: its loader, dynamic one-shot examples and per-level scores."""\n\n'
        "from lmeval_tasks_multilingual.cieacova import (\n    load_cieacova_dataset,\n    process_docs,\n"
        "    process_gen_docs,\n    process_results,\n    process_results_text_generation,\n)\n\n"
        '__all__ = ["load_cieacova_dataset", "process_docs", "process_gen_docs", "process_results",\n'
        '           "process_results_text_generation"]\n')


FAMILIES = [catalan, catalan_generation, truthfulqa_va, cieacova]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
