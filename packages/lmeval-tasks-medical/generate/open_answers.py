"""Write the free-answer medical tasks as lm-eval 0.4.13 has them: an instruction, the question
(or record, or dialogue), a greedy answer up to a blank line, scored against the reference with
BLEU, ROUGE-1/2/L, BLEURT and BERTScore (``nanmean``; ``lmeval_tasks_medical.open_metrics``,
the pack's ``open-answers`` extra), and each folder's ``*_perplexity`` task: the rolling
log-likelihood of the reference with word and byte counts (no extra needed).

==========================  ===========================================  =========================
folder                      dataset (config; splits train/val/test)      prompt -> reference
==========================  ===========================================  =========================
meddialog (raw)             bigbio/meddialog (train x3)                  description -> 2nd utterance
meddialog (qsumm)           lighteval/med_dialog (icliniq; tr/val/test)  src -> tgt
mediqa_qa2019               bigbio/mediqa_qa (train_live_qa_med/val/te)  question -> first answer
medtext                     BI55/MedText (train x3)                      Prompt -> Completion
meqsum                      bigbio/meqsum (meqsum_source; train x3)      CHQ after MESSAGE -> Summary
mimic_repsum                dmacres/mimiciii-hospitalcourse-meta         findings -> impressions
mts_dialog                  har1/MTS_Dialogue-Clinical_Note (train x3)   dialogue -> section_text
olaph                       dmis-lab/MedLFQA (test x3, first 10%)        Question -> Free_form_answer
==========================  ===========================================  =========================
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, Function, import_line, reset_dir, write_python, write_yaml

SCRIPT = "open_answers.py"
_I = "Instructions: "
DESCRIPTIONS = {
    "raw": _I + "The following text is from a collection of medical dialogues. What follows is the patients "
    "question. Answer how a doctor would, trying to be as helpful as possible.\n",
    "summarize": _I + "The following text is contains a medical question. Extract and summarize the question.\n",
    "mediqa": _I + "The following text is a question asked by a patient. Answer how a doctor would, while "
    "trying to be as informative and helpful as possible.\n",
    "medtext": _I + "The following text is from a collection of medical records. What follows is the patients "
    "record. " + "Answer how a doctor would, what is the likely diagnosis, and what is the treatment?. " * 1
    + "Answer how a doctor would, what is the likely diagnosis, and what is the treatment?\n",
    "mimic": _I + "The following text is from a collection of medical records. Summarize the findings into "
    "diagnostic statements. Do not omit relevant information and avoid using abbreviations or jargon unless "
    "they appear in the original text.\n",
    "mts": _I + "The following text is from a collection of medical dialogs between doctor and patient. Extract "
    "all relevant information to compose a note that summarizes the relevant content of the dialog.\n",
    "olaph": _I + "You are a helpful healthcare assistant. Answer the following question as concisely as "
    "possible without omitting relevant information.\n",
}
BLEURT_FIRST = ("bleu", "rouge1", "rouge2", "rougeL", "bleurt", "bert_score")
BERTSCORE_FIRST = ("bleu", "rouge1", "rouge2", "rougeL", "bert_score", "bleurt")
PERPLEXITY = ("word_perplexity", "byte_perplexity", "bits_per_byte")
UNTIL = {"until": ["\n\n"]}

DOCUMENTS = '''"""Prompts, references and perplexity counts (``lmeval_tasks_medical.open_documents``) for the
YAML beside this file; no scoring library needed."""

{imports}

__all__ = [{quoted}]
'''
METRICS_HELPER = '''"""Scores (``lmeval_tasks_medical.{module}``) for the YAML beside this file: importing it needs
the pack's ``{extra}`` extra."""

{imports}

__all__ = [{quoted}]
'''


def _helper(template: str, names: list[str], module: str = "open_documents", **extra: str) -> str:
    return template.format(imports=import_line(f"lmeval_tasks_medical.{module}", names),
                           quoted=", ".join(f'"{n}"' for n in names), module=module, **extra)


def _metrics(names: tuple[str, ...]) -> list[dict[str, Any]]:
    return [{"metric": m, "aggregation": "nanmean", "higher_is_better": True} for m in names]


def _perplexity_metrics(plain: bool = False) -> list[dict[str, Any]]:
    return [{"metric": m, "higher_is_better": False} for m in (("perplexity",) if plain else ()) + PERPLEXITY]


def generation(task: str, path: str, description: str, splits: tuple[str, str, str], text: str, target: str,
               results: str, metrics: tuple[str, ...], version: float, *, name: str | None = None,
               tag: bool = False, process_docs: str | None = None, top_p: float | None = None) -> dict[str, Any]:
    cfg: dict[str, Any] = {}
    if tag:
        cfg["tag"] = ["meddialog"]
    cfg.update({"task": task, "dataset_path": path})
    if name:
        cfg["dataset_name"] = name
    cfg.update({"description": DESCRIPTIONS[description], "output_type": "generate_until",
                "training_split": splits[0], "validation_split": splits[1], "test_split": splits[2]})
    if process_docs:
        cfg["process_docs"] = Function(f"documents.{process_docs}")
    cfg.update({"doc_to_text": Function(f"documents.{text}"), "doc_to_target": Function(f"documents.{target}"),
                "process_results": Function(f"metrics.{results}"),
                "generation_kwargs": {**UNTIL, **({"top_p": top_p} if top_p else {})},
                "metric_list": _metrics(metrics), "metadata": {"version": version}})
    return cfg


def perplexity(task: str, include: str, target: str, results: str, version: float | None = 1.0) -> dict[str, Any]:
    """``include`` the generation task, its reference as the rolling text."""
    cfg: dict[str, Any] = {"include": include, "task": task, "output_type": "loglikelihood_rolling",
                           "doc_to_text": "", "doc_to_target": Function(f"documents.{target}"),
                           "process_results": Function(f"documents.{results}"), "metric_list": _perplexity_metrics()}
    if version is not None:
        cfg["metadata"] = {"version": version}
    return cfg


def meddialog(root: Path) -> None:
    out = reset_dir(root / "meddialog")
    raw = generation("meddialog_raw_dialogues", "bigbio/meddialog", "raw", ("train",) * 3, "dialog_question",
                     "dialog_answer", "process_results_gen_raw", BLEURT_FIRST, 1.0, tag=True)
    write_yaml(out / "meddialog_raw_dialogues.yaml", raw, SCRIPT)
    write_yaml(out / "meddialog_qsumm.yaml", {
        "tag": ["meddialog"], "include": "meddialog_raw_dialogues.yaml", "task": "meddialog_qsumm",
        "dataset_path": "lighteval/med_dialog", "dataset_name": "icliniq", "description": DESCRIPTIONS["summarize"],
        "output_type": "generate_until", "training_split": "train", "validation_split": "validation",
        "test_split": "test", "doc_to_text": Function("documents.qsumm_source"),
        "doc_to_target": Function("documents.qsumm_target"),
        "process_results": Function("metrics.process_results_gen_qsumm")}, SCRIPT)
    write_yaml(out / "meddialog_qsumm_perplexity.yaml", perplexity(
        "meddialog_qsumm_perplexity", "meddialog_qsumm.yaml", "qsumm_target", "perplexity_qsumm"), SCRIPT)
    write_yaml(out / "meddialog_raw_perplexity.yaml", perplexity(
        "meddialog_raw_perplexity", "meddialog_raw_dialogues.yaml", "dialog_answer", "perplexity_raw"), SCRIPT)
    _helpers(out, ["dialog_answer", "dialog_question", "perplexity_qsumm", "perplexity_raw", "qsumm_source",
                   "qsumm_target"], "open_metrics", ["process_results_gen_qsumm", "process_results_gen_raw"])


def _helpers(out: Path, documents: list[str], module: str, metrics: list[str]) -> None:
    write_python(out / "documents.py", _helper(DOCUMENTS, documents), SCRIPT)
    extra = "mimic" if module == "mimic_metrics" else "open-answers"
    write_python(out / "metrics.py", _helper(METRICS_HELPER, metrics, module=module, extra=extra), SCRIPT)


def mediqa(root: Path) -> None:
    out = reset_dir(root / "mediqa_qa2019")
    splits = ("train_live_qa_med", "validation", "test")
    write_yaml(out / "mediqa_qa2019.yaml", generation(
        "mediqa_qa2019", "bigbio/mediqa_qa", "mediqa", splits, "mediqa_question", "mediqa_answer",
        "process_results_mediqa", BLEURT_FIRST, 1.0), SCRIPT)
    write_yaml(out / "mediqa_qa2019_perplexity.yaml", {
        "task": "mediqa_qa2019_perplexity", "dataset_path": "bigbio/mediqa_qa", "description": DESCRIPTIONS["mediqa"],
        "output_type": "loglikelihood_rolling", "training_split": splits[0], "validation_split": splits[1],
        "test_split": splits[2], "doc_to_text": "", "doc_to_target": Function("documents.mediqa_answer"),
        "process_results": Function("documents.perplexity_mediqa"), "should_decontaminate": True,
        "doc_to_decontamination_query": Function("documents.mediqa_answer"),
        "metric_list": _perplexity_metrics(plain=True), "metadata": {"version": 1.0}}, SCRIPT)
    _helpers(out, ["mediqa_answer", "mediqa_question", "perplexity_mediqa"], "open_metrics",
             ["process_results_mediqa"])


def medtext(root: Path) -> None:
    out = reset_dir(root / "medtext")
    write_yaml(out / "medtext.yaml", generation(
        "medtext", "BI55/MedText", "medtext", ("train",) * 3, "medtext_prompt", "medtext_completion",
        "process_results_medtext", BLEURT_FIRST, 1.0), SCRIPT)
    write_yaml(out / "medtext_perplexity.yaml", perplexity(
        "medtext_perplexity", "medtext.yaml", "medtext_completion", "perplexity_medtext"), SCRIPT)
    _helpers(out, ["medtext_completion", "medtext_prompt", "perplexity_medtext"], "open_metrics",
             ["process_results_medtext"])


def meqsum(root: Path) -> None:
    out = reset_dir(root / "meqsum")
    write_yaml(out / "meqsum.yaml", generation(
        "meqsum", "bigbio/meqsum", "summarize", ("train",) * 3, "meqsum_question", "meqsum_summary",
        "process_results_meqsum", BERTSCORE_FIRST, 1.0, name="meqsum_source"), SCRIPT)
    _helpers(out, ["meqsum_question", "meqsum_summary"], "open_metrics", ["process_results_meqsum"])


def mimic(root: Path) -> None:
    out = reset_dir(root / "mimic_repsum")
    write_yaml(out / "mimic_repsum.yaml", generation(
        "mimic_repsum", "dmacres/mimiciii-hospitalcourse-meta", "mimic", ("train", "validation", "test"),
        "mimic_findings", "mimic_impressions", "process_results", BLEURT_FIRST + ("F1-Radgraph",), 1.4,
        top_p=0.95), SCRIPT)
    write_yaml(out / "mimic_repsum_perplexity.yaml", perplexity(
        "mimic_repsum_perplexity", "mimic_repsum.yaml", "mimic_impressions", "perplexity_mimic", None), SCRIPT)
    _helpers(out, ["mimic_findings", "mimic_impressions", "perplexity_mimic"], "mimic_metrics", ["process_results"])


def mts_dialog(root: Path) -> None:
    out = reset_dir(root / "mts_dialog")
    write_yaml(out / "mts_dialog.yaml", generation(
        "mts_dialog", "har1/MTS_Dialogue-Clinical_Note", "mts", ("train",) * 3, "mts_dialogue", "mts_note",
        "process_results_mts_dialog", BERTSCORE_FIRST, 1.2), SCRIPT)
    write_yaml(out / "mts_dialog_perplexity.yaml", perplexity(
        "mts_dialog_perplexity", "mts_dialog.yaml", "mts_note", "perplexity_mts_dialog"), SCRIPT)
    _helpers(out, ["mts_dialogue", "mts_note", "perplexity_mts_dialog"], "open_metrics",
             ["process_results_mts_dialog"])


def olaph(root: Path) -> None:
    out = reset_dir(root / "olaph")
    write_yaml(out / "olaph.yaml", generation(
        "olaph", "dmis-lab/MedLFQA", "olaph", ("test",) * 3, "olaph_question", "olaph_answer",
        "process_results_olaph", BERTSCORE_FIRST, 1.2, process_docs="olaph_docs"), SCRIPT)
    write_yaml(out / "olaph_perplexity.yaml", {
        "task": "olaph_perplexity", "dataset_path": "dmis-lab/MedLFQA", "description": DESCRIPTIONS["olaph"],
        "training_split": "test", "validation_split": "test", "test_split": "test",
        "output_type": "loglikelihood_rolling", "doc_to_text": "", "process_docs": Function("documents.olaph_docs"),
        "doc_to_target": Function("documents.olaph_answer"), "process_results": Function("documents.perplexity_olaph"),
        "generation_kwargs": UNTIL, "metric_list": _perplexity_metrics(), "metadata": {"version": 1.0}}, SCRIPT)
    _helpers(out, ["olaph_answer", "olaph_docs", "olaph_question", "perplexity_olaph"], "open_metrics",
             ["process_results_olaph"])


FOLDERS = (meddialog, mediqa, medtext, meqsum, mimic, mts_dialog, olaph)


def main(root: Path = TASKS_ROOT) -> None:
    for folder in FOLDERS:
        folder(root)
