"""BasqueBench, BasqueGLUE, BertaQA, EusExams and the other Basque families."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import (
    ACC_NORM,
    EXACT,
    REMOVE_WS,
    Fn,
    Tree,
    group,
    nli_choice,
    paraphrase_choice,
)
from flores import flores
from mgsm import MGSM_STOP_EXTRA, mgsm_text

# ================================================================================ basque_bench
# Baucells et al. 2025 (IberoBench), arXiv:2504.16921; Etxaniz et al. 2024 (Latxa), arXiv:2403.20266.
FLORES = {"eu": ("Basque", "eus_Latn"), "ca": ("Catalan", "cat_Latn"), "de": ("German", "deu_Latn"),
          "en": ("English", "eng_Latn"), "es": ("Spanish", "spa_Latn"), "fr": ("French", "fra_Latn"),
          "gl": ("Galician", "glg_Latn"), "it": ("Italian", "ita_Latn"), "pt": ("Portuguese", "por_Latn")}
EUS_EXAMS = (
    "es_ejadministrativo es_ejauxiliar es_ejsubalterno es_ejtecnico es_opeayuntamientovitoria es_opebilbao "
    "es_opeehuadmin es_opeehuaux es_opeehubiblio es_opeehuderecho es_opeehueconomicas es_opeehuempresariales "
    "es_opeehusubalterno es_opeehutecnico es_opeehutecnicob es_opeosakiadmin es_opeosakiaux es_opeosakiauxenf "
    "es_opeosakicelador es_opeosakienf es_opeosakijuridico es_opeosakioperario es_opeosakitecnico "
    "es_opeosakivarios es_osakidetza1c es_osakidetza2c es_osakidetza3c es_osakidetza4c es_osakidetza5c "
    "es_osakidetza6c es_osakidetza7c es_osakidetza8c es_osakidetza9c eu_ejadministrari eu_ejlaguntza "
    "eu_ejlaguntzaile eu_ejteknikari eu_opebilbaoeu eu_opeehuadmineu eu_opeehuauxeu eu_opeehubiblioeu "
    "eu_opeehuderechoeu eu_opeehueconomicaseu eu_opeehuempresarialeseu eu_opeehusubalternoeu "
    "eu_opeehutecnicoeu eu_opeehuteknikarib eu_opegasteizkoudala eu_opeosakiadmineu eu_opeosakiauxenfeu "
    "eu_opeosakiauxeu eu_opeosakiceladoreu eu_opeosakienfeu eu_opeosakioperarioeu eu_opeosakitecnicoeu "
    "eu_opeosakivarioseu eu_osakidetza1e eu_osakidetza2e eu_osakidetza3e eu_osakidetza5e eu_osakidetza6e "
    "eu_osakidetza7e").split()
MC4 = "\nA: {{candidates[0]}}\nB: {{candidates[1]}}\nC: {{candidates[2]}}\nD: {{candidates[3]}}\n"


def basque(tree: Tree) -> None:
    arc = {"task": "arc_eu_easy", "dataset_path": "HiTZ/ARC-eu", "dataset_name": "ARC-Easy",
           "output_type": "multiple_choice", "training_split": None, "validation_split": "validation",
           "test_split": "test", "doc_to_text": "Galdera: {{question}}\nErantzuna:",
           "doc_to_target": "{{choices.label.index(answerKey)}}", "doc_to_choice": "{{choices.text}}",
           "should_decontaminate": True, "doc_to_decontamination_query": "Galdera: {{question}}\nErantzuna:",
           "metric_list": ACC_NORM, "metadata": {"version": 1.0}}
    tree.write("basque_bench/arc_eu_easy.yaml", arc, "ARC translated to Basque (HiTZ/ARC-eu).")
    tree.write("basque_bench/arc_eu_challenge.yaml", {"include": "arc_eu_easy.yaml", "task": "arc_eu_challenge",
                                                 "dataset_name": "ARC-Challenge"})
    mgsm_eu = {"dataset_path": "HiTZ/MGSM-eu", "dataset_name": None, "output_type": "generate_until",
               "training_split": "train", "test_split": "test", "target_delimiter": " ",
               "generation_kwargs": {"do_sample": False, "until": ["Galdera:", *MGSM_STOP_EXTRA]}}
    em_eu = [{**EXACT[0], "regexes_to_ignore": [" "]}]
    number = "(-?[0-9]+([ .,][0-9.,]+)?)"
    tree.write("basque_bench/mgsm_direct_eu.yaml", {
        "task": "mgsm_direct_eu", **mgsm_eu, "doc_to_text": mgsm_text("Galdera:", "Erantzuna:"),
        "doc_to_target": "{{answer_number|string}}",
        "filter_list": [REMOVE_WS, {"name": "flexible-extract", "filter": [
            {"function": "regex", "group_select": -1, "regex_pattern": number}, {"function": "take_first"}]}],
        "metric_list": em_eu, "metadata": {"version": 1.1}}, "MGSM translated to Basque (HiTZ/MGSM-eu).")
    tree.write("basque_bench/mgsm_native_cot_eu.yaml", {
        "task": "mgsm_native_cot_eu", **mgsm_eu,
        "doc_to_text": mgsm_text("Galdera:", "Erantzuna urratsez urrats:"),
        "doc_to_target": "{% if answer is not none %}{{answer[27:]}}{% else %}{{answer_number|string}}{%endif %}",
        "filter_list": [{"name": "get-answer", "filter": [
            {"function": "regex", "regex_pattern": f"Erantzuna [$%]? ?{number} ?[$%]? da"},
            {"function": "take_first"}]}],
        "metric_list": em_eu, "metadata": {"version": 1.1}})
    tree.write("basque_bench/paws_eu.yaml", {
        "task": "paws_eu", "dataset_path": "HiTZ/PAWS-eu", "dataset_name": None, "output_type": "multiple_choice",
        "test_split": "test", "process_docs": Fn("utils.paws_process_docs"), "doc_to_text": "",
        "doc_to_target": "label", "doc_to_choice": paraphrase_choice("ezta", "Bai", "Ez"),
        "target_delimiter": "", "metric_list": ACC, "metadata": {"version": 1.0}})
    tree.write("basque_bench/piqa_eu.yaml", {
        "task": "piqa_eu", "dataset_path": "HiTZ/PIQA-eu", "dataset_name": None, "output_type": "multiple_choice",
        "training_split": None, "validation_split": "validation", "test_split": None,
        "doc_to_text": "Galdera: {{goal}}\nErantzuna:", "doc_to_target": "label", "doc_to_choice": "{{[sol1, sol2]}}",
        "should_decontaminate": True, "doc_to_decontamination_query": "goal",
        "metric_list": ACC_NORM, "metadata": {"version": 1.0}})
    tree.write("basque_bench/wnli_eu.yaml", {
        "task": "wnli_eu", "dataset_path": "HiTZ/wnli-eu", "dataset_name": None, "output_type": "multiple_choice",
        "training_split": None, "validation_split": "validation", "test_split": None,
        "doc_to_text": "{{sentence1}}\nGaldera: {{sentence2}} Egia edo Gezurra?\nErantzuna:",
        "doc_to_target": "label", "doc_to_choice": ["Gezurra", "Egia"], "metric_list": [{"metric": "acc"}],
        "metadata": {"version": 1.0}})
    tree.write("basque_bench/xcopa_eu.yaml", {
        "task": "xcopa_eu", "dataset_path": "HiTZ/XCOPA-eu", "dataset_name": None, "output_type": "multiple_choice",
        "training_split": None, "validation_split": "validation", "test_split": "test",
        "doc_to_text": Fn("utils.xcopa_doc_to_text"), "doc_to_target": "label",
        "doc_to_choice": Fn("utils.xcopa_doc_to_choice"), "metric_list": [{"metric": "acc"}],
        "metadata": {"version": 1.0}})
    tree.write_python("basque_bench/utils.py",
        '"""BasqueBench helpers: XCOPA-eu connectives, PAWS-eu documents."""\n\n'
        "from lmeval_tasks_multilingual.prompts import (\n    copa_choices,\n    copa_premise_kept,\n"
        "    process_docs_paraphrases_raw,\n)\n\nxcopa_doc_to_choice = copa_choices\n"
        "paws_process_docs = process_docs_paraphrases_raw\n\n\n"
        "def xcopa_doc_to_text(doc: dict) -> str:\n"
        "    return copa_premise_kept(doc, {\"cause\": \" Izan ere,\", \"effect\": \" Beraz,\"})\n")
    flores(tree, "basque_bench", "eu", "flores_eu", "flores")
    # XNLI-eu (HiTZ/xnli-eu): eu (translated), eu_mt (machine translated), eu_native.
    tree.write("xnli_eu/xnli_eu.yaml", {
        "task": "xnli_eu", "dataset_path": "HiTZ/xnli-eu", "dataset_name": "eu", "output_type": "multiple_choice",
        "training_split": "train", "validation_split": "validation", "test_split": "test", "doc_to_text": "",
        "doc_to_target": "label", "doc_to_choice": nli_choice("ezta", "Bai", "Gainera", "Ez"),
        "metric_list": ACC, "metadata": {"version": 1.0}}, "XNLI in Basque (Heredia et al. 2024, arXiv:2404.06996).")
    tree.write("xnli_eu/xnli_eu_mt.yaml", {"include": "xnli_eu.yaml", "tag": "xnli_eu_mt_native", "task": "xnli_eu_mt",
                                      "dataset_name": "eu_mt"})
    tree.write("xnli_eu/xnli_eu_native.yaml", {"include": "xnli_eu.yaml", "tag": "xnli_eu_mt_native",
                                          "task": "xnli_eu_native", "training_split": None,
                                          "validation_split": None, "dataset_name": "eu_native"})
    # Latxa's Basque evaluation suite (HiTZ/EusExams, EusProficiency, EusReading, EusTrivia).
    tree.write("eus_exams/_eus_exams_template_yaml", {
        "dataset_path": "HiTZ/EusExams", "dataset_name": None, "validation_split": None, "test_split": "test",
        "fewshot_split": "test", "process_docs": Fn("utils.process_docs"), "output_type": "multiple_choice",
        "doc_to_choice": ["A", "B", "C", "D"], "doc_to_target": "answer", "metric_list": ACC_NORM,
        "metadata": {"version": 0.0}})
    for lang, q, a in (("eu", "Galdera", "Erantzuna"), ("es", "Pregunta", "Respuesta")):
        tree.write(f"eus_exams/_eus_exams_{lang}_yaml", {"include": "_eus_exams_template_yaml", "tag": [f"eus_exams_{lang}"],
                                                    "doc_to_text": f"{q}: {{{{question}}}}{MC4}{a}:"})
    for cfg in EUS_EXAMS:
        tree.write(f"eus_exams/eus_exams_{cfg}.yaml", {"include": f"_eus_exams_{cfg[:2]}_yaml", "task": f"eus_exams_{cfg}",
                                                  "dataset_name": cfg})
    tree.write_python("eus_exams/utils.py",
        '"""EusExams: questions without a valid answer or without candidates are dropped."""\n\n'
        "from lmeval_tasks_multilingual.prompts import eus_exams_process_docs as process_docs\n\n"
        '__all__ = ["process_docs"]\n')
    tree.write("eus_proficiency/eus_proficiency.yaml", {
        "dataset_path": "HiTZ/EusProficiency", "dataset_name": "default", "task": "eus_proficiency",
        "doc_to_text": f"Galdera: {{{{question}}}}{MC4}Erantzuna:", "doc_to_choice": ["A", "B", "C", "D"],
        "validation_split": None, "test_split": "test", "fewshot_split": "test", "output_type": "multiple_choice",
        "doc_to_target": "answer", "metric_list": ACC, "metadata": {"version": 0.0}})
    for name, path, fn in (("eus_reading", "HiTZ/EusReading", "doc_to_text_context"),
                           ("eus_trivia", "HiTZ/EusTrivia", "doc_to_text")):
        tree.write(f"{name}/{name}.yaml", {
            "dataset_path": path, "dataset_name": "default", "task": name, "doc_to_text": Fn(f"utils.{fn}"),
            "doc_to_choice": Fn("utils.doc_to_choice"), "validation_split": None, "test_split": "test",
            "fewshot_split": "test", "output_type": "multiple_choice", "doc_to_target": "answer",
            "metric_list": ACC, "metadata": {"version": 0.0}})
        tree.write_python(f"{name}/utils.py",
            f'"""{name}: the question with as many lettered candidates as it has."""\n\n'
            f"from lmeval_tasks_multilingual.prompts import eus_letters as doc_to_choice\n"
            f"from lmeval_tasks_multilingual.prompts import {'eus_reading_text' if name == 'eus_reading' else 'eus_trivia_text'} as {fn}\n\n"
            f'__all__ = ["doc_to_choice", "{fn}"]\n')
    tree.write("basqueglue/qnlieu.yaml", {
        "tag": "basque-glue", "task": "qnlieu", "dataset_path": "orai-nlp/basqueGLUE", "dataset_name": "qnli",
        "output_type": "multiple_choice", "validation_split": "validation", "test_split": "test",
        "doc_to_text": "{{question}}\n{{sentence}}\nGaldera: aurreko galderari erantzuten al dio emandako testuak?\n"
                       "Erantzuna:",
        "doc_to_target": "label", "doc_to_choice": ["bai", "ez"], "metric_list": ACC,
        "metadata": {"version": 1.0}}, "BasqueGLUE (Urbizu et al. 2022) QNLI; the other BasqueGLUE tasks are not in this pack.")
    tree.write("basque_bench/basque_bench.yaml", group("basque_bench", [
        "arc_eu_challenge", "arc_eu_easy", "belebele_eus_Latn", "xstorycloze_eu", "flores_eu", "eus_reading",
        "eus_proficiency", "eus_trivia", "eus_exams_eu", "qnlieu", "xnli_eu", "xnli_eu_native", "wnli_eu",
        "xcopa_eu", "mgsm_direct_eu", "mgsm_native_cot_eu", "paws_eu", "piqa_eu"], version=1.1),
        "Runs every BasqueBench task; reports no average (as lm-eval).")




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


def basqueglue(tree: Tree) -> None:
    for task, (config, text, choices, metrics, extra) in BASQUEGLUE.items():
        tree.write(f"basqueglue/{task}.yaml", {
            "tag": "basque-glue", "task": task, "dataset_path": "orai-nlp/basqueGLUE", "dataset_name": config,
            "output_type": "multiple_choice", "validation_split": "validation", "test_split": "test", **extra,
            "doc_to_text": text, "doc_to_target": "label", "doc_to_choice": choices, "metric_list": metrics,
            "metadata": {"version": 1.0}})
    tree.write_python("basqueglue/utils.py",
        '"""BasqueGLUE: WiC clean-up, the coreference prompt, micro and stance F1."""\n\n'
        "from lmeval_tasks_multilingual.basqueglue import (\n    coref_doc_to_text,\n    micro_f1_score,\n"
        "    process_wic_docs,\n    vaxx_f1_score,\n)\n\n"
        '__all__ = ["coref_doc_to_text", "micro_f1_score", "process_wic_docs", "vaxx_f1_score"]\n')


# ===================================================================================== bertaqa
# BertaQA (Etxaniz et al. 2024, arXiv:2406.07302): trivia on Basque culture and general topics,
# in Basque, English, and English machine-translated by several systems (HiTZ/BertaQA).
BERTAQA_MT = ["gemma-7b", "hitz", "itzuli", "latxa-13b-v1.1", "latxa-13b-v1", "latxa-70b-v1.1", "latxa-70b-v1",
              "latxa-7b-v1.1", "latxa-7b-v1", "llama-2-13b", "llama-2-70b", "llama-2-7b", "madlad", "nllb"]
BERTAQA_EN = "Question: {{question}}\nA: {{candidates[0]}}\nB: {{candidates[1]}}\nC: {{candidates[2]}}\nAnswer:"
BERTAQA_EU = "Galdera: {{question}}\nA: {{candidates[0]}}\nB: {{candidates[1]}}\nC: {{candidates[2]}}\nErantzuna:"


def bertaqa(tree: Tree) -> None:
    tree.write("bertaqa/_bertaqa_template", {
        "tag": "bertaqa", "dataset_path": "HiTZ/BertaQA", "dataset_name": None, "validation_split": None,
        "test_split": "test", "fewshot_split": "test", "output_type": "multiple_choice",
        "doc_to_choice": ["A", "B", "C"], "doc_to_target": "answer", "metric_list": ACC,
        "metadata": {"version": 0.0}})
    configs = [("en", BERTAQA_EN), ("eu", BERTAQA_EU)] + [(f"en_mt_{m}", BERTAQA_EN) for m in BERTAQA_MT]
    for config, text in configs:
        tree.write(f"bertaqa/bertaqa_{config}.yaml", {"task": f"bertaqa_{config}", "include": "_bertaqa_template",
                                                 "dataset_name": config, "doc_to_text": text})


FAMILIES = [basque, basqueglue, bertaqa]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
