"""Write the multiple-choice medical exams as lm-eval 0.4.13 has them:

* HEAD-QA (Vilares & Gómez-Rodríguez, 2019, arXiv:1906.04701): ``EleutherAI/headqa``, configs
  ``en`` and ``es``; ``Question: <qtext>\\nAnswer:`` and each answer text scored (acc,
  acc_norm), gold ``ra - 1``; tasks ``headqa_en``, ``headqa_es``, tag ``headqa``.
* Glianorex (Griot et al., 2024, arXiv:2406.02394): ``maximegmd/glianorex`` (``test``), the
  question with its lettered options, letters A-D scored (acc, acc_norm); ``glianorex`` all
  documents, ``glianorex_en`` / ``glianorex_fr`` those whose ``language`` starts ``en`` / ``fr``.
* KorMedMCQA (Kweon et al., 2024, arXiv:2403.01469): ``sean0042/KorMedMCQA``, configs
  ``doctor``, ``nurse``, ``pharm``, ``dentist``; the question and options A-E then ``정답：``,
  a greedy generation (stops ``Q:``, ``</s>``, ``<|im_end|>``, ``.``, blank line; up to 1,024
  tokens), the paper's answer-extraction cascade (``extract_answer``), exact match ignoring case,
  punctuation, spaces and newlines; few-shot from ``fewshot`` (first n) with the answer in the
  shot's text; group ``kormedmcqa`` (exact_match of ``extract_answer``, size-weighted).
* Medical text classification (``med_text_classification_easy``: five topics of medical
  abstracts; ``_hard``: 40 MTSamples specialties), from two local CSV files lm-eval names by its
  authors' cluster paths (``/gpfs/projects/bsc70/heka/data/datasets``); the options in the prompt,
  each option text scored (acc); tag ``med_text_classification``.
* Medical prescriptions (``med_prescriptions_easy``, ``_hard``, tag ``med_prescriptions``):
  ``devlocalhost/prescription-full`` (``train``), four prescriptions for a diagnosis, each scored
  (acc); options drawn once per document (``lmeval_tasks_medical.prescriptions``: a deliberate
  difference, lm-eval redraws them at every call).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, Function, import_line, reset_dir, write_python, write_yaml

SCRIPT = "multiple_choice.py"
_ACC = [{"metric": m, "aggregation": "mean", "higher_is_better": True} for m in ("acc", "acc_norm")]
KORMED_SUBJECTS = ("doctor", "nurse", "pharm", "dentist")
GLIANOREX = {"glianorex": None, "glianorex_en": "filter_english", "glianorex_fr": "filter_french"}
_KOR_QUESTION = "{{question.strip()}}\nA. {{A}}\nB. {{B}}\nC. {{C}}\nD. {{D}}\nE. {{E}}\n정답："
_KOR_LETTER = "{{['A', 'B', 'C', 'D', 'E'][answer-1]}}"

HELPER = '''"""{what} (``lmeval_tasks_medical.{module}``) for the YAML beside this file."""

{imports}

__all__ = [{quoted}]
'''


def helper(module: str, what: str, *names: str) -> str:
    return HELPER.format(what=what, module=module, imports=import_line(f"lmeval_tasks_medical.{module}", list(names)),
                         quoted=", ".join(f'"{n}"' for n in names))


def headqa(language: str) -> dict[str, Any]:
    if language != "en":
        return {"include": "headqa_en.yaml", "task": f"headqa_{language}", "dataset_name": language}
    return {
        "tag": "headqa", "task": "headqa_en", "dataset_path": "EleutherAI/headqa", "dataset_name": "en",
        "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
        "test_split": "test", "doc_to_text": "Question: {{qtext}}\nAnswer:", "doc_to_target": "{{ra - 1}}",
        "doc_to_choice": "{{answers|map(attribute='atext')|list}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "qtext", "metric_list": _ACC, "metadata": {"version": 1.0},
    }


def glianorex(task: str, process_docs: str | None) -> dict[str, Any]:
    cfg: dict[str, Any] = {
        "task": task, "dataset_path": "maximegmd/glianorex", "output_type": "multiple_choice",
        "test_split": "test", "doc_to_text": Function("preprocess_glianorex.doc_to_text"),
        "doc_to_target": Function("preprocess_glianorex.doc_to_target"),
    }
    if process_docs:
        cfg["process_docs"] = Function(f"preprocess_glianorex.{process_docs}")
    cfg.update({"doc_to_choice": ["A", "B", "C", "D"], "metric_list": _ACC, "metadata": {"version": 1.0}})
    return cfg


KORMED_TEMPLATE: dict[str, Any] = {
    "dataset_path": "sean0042/KorMedMCQA", "test_split": "test", "fewshot_split": "fewshot",
    "fewshot_config": {"sampler": "first_n", "doc_to_text": _KOR_QUESTION + " " + _KOR_LETTER + "\n\n",
                       "doc_to_target": ""},
    "output_type": "generate_until", "doc_to_text": _KOR_QUESTION, "doc_to_target": _KOR_LETTER,
    "filter_list": [{"name": "extract_answer", "filter": [
        {"function": Function("utils.ExtractChoiceFilter")}, {"function": "take_first"}]}],
    "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                     "ignore_case": True, "ignore_punctuation": True, "regexes_to_ignore": [" ", "\n"]}],
    "generation_kwargs": {"until": ["Q:", "</s>", "<|im_end|>", ".", "\n\n"], "do_sample": False,
                          "temperature": 0.0, "max_gen_toks": 1024},
    "metadata": {"version": 3.0},
}


#: lm-eval's local files (its authors' cluster paths): the user provides them there
CSV_DIR = "/gpfs/projects/bsc70/heka/data/datasets"
TEXT_CLASSIFICATION = {"easy": "med_text_class_train.csv", "hard": "mtsamples.csv"}


def text_classification(level: str) -> dict[str, Any]:
    files = {"data_files": {"train": f"{CSV_DIR}/{TEXT_CLASSIFICATION[level]}"}}
    fn = {k: Function(f"utils.{k}_{level}") for k in ("doc_to_text", "doc_to_choice", "doc_to_target")}
    if level == "hard":
        return {"include": "med_text_classification_easy.yaml", "task": "med_text_classification_hard",
                "dataset_kwargs": files, "process_docs": Function("utils.process_docs_hard"), **fn}
    return {
        "tag": ["med_text_classification"], "task": "med_text_classification_easy", "dataset_path": "csv",
        "dataset_name": None, "dataset_kwargs": files, "output_type": "multiple_choice",
        "training_split": "train", "validation_split": "train", "test_split": "train",
        "process_docs": Function("utils.process_docs"), **fn,
        "generation_kwargs": {"until": ["\n\n"]},
        "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 1.0},
    }


def prescriptions(level: str) -> dict[str, Any]:
    fn = {"doc_to_text": Function(f"utils.doc_to_text_{level}"), "doc_to_choice": Function(f"utils.doc_to_choice_{level}")}
    if level == "hard":
        return {"include": "med_prescriptions_easy.yaml", "task": "med_prescriptions_hard", **fn}
    return {
        "tag": ["med_prescriptions"], "task": "med_prescriptions_easy", "dataset_path": "devlocalhost/prescription-full",
        "output_type": "multiple_choice", "training_split": "train", "validation_split": "train",
        "test_split": "train", "process_docs": Function("utils.process_docs"), **fn,
        "doc_to_target": Function("utils.doc_to_target"), "generation_kwargs": {"until": ["\n\n"]},
        "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 1.1},
    }


def task_names() -> list[str]:
    return (["headqa_en", "headqa_es"] + list(GLIANOREX)
            + [f"kormedmcqa_{s}" for s in KORMED_SUBJECTS]
            + [f"med_text_classification_{level}" for level in TEXT_CLASSIFICATION]
            + ["med_prescriptions_easy", "med_prescriptions_hard"])


def group_names() -> list[str]:
    return ["kormedmcqa"]


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "headqa")
    for language in ("en", "es"):
        write_yaml(out / f"headqa_{language}.yaml", headqa(language), SCRIPT)
    out = reset_dir(root / "glianorex")
    write_python(out / "preprocess_glianorex.py", helper(
        "glianorex", "Glianorex's prompt, answer and language filters", "doc_to_target", "doc_to_text",
        "filter_english", "filter_french"), SCRIPT)
    for task, process_docs in GLIANOREX.items():
        write_yaml(out / f"{task}.yaml", glianorex(task, process_docs), SCRIPT)
    out = reset_dir(root / "kormedmcqa")
    write_python(out / "utils.py", helper("kormedmcqa", "KorMedMCQA's answer extraction", "ExtractChoiceFilter"), SCRIPT)
    write_yaml(out / "_template_yaml", KORMED_TEMPLATE, SCRIPT)
    for subject in KORMED_SUBJECTS:
        write_yaml(out / f"{subject}.yaml", {"include": "_template_yaml", "dataset_name": subject,
                                             "task": f"kormedmcqa_{subject}"}, SCRIPT)
    write_yaml(out / "_kormedmcqa.yaml", {
        "group": "kormedmcqa", "task": [f"kormedmcqa_{s}" for s in KORMED_SUBJECTS],
        "aggregate_metric_list": [{"metric": "exact_match", "aggregation": "mean", "weight_by_size": True,
                                   "filter_list": "extract_answer"}],
        "metadata": {"version": 3.0}}, SCRIPT)
    out = reset_dir(root / "med_text_classification")
    write_python(out / "utils.py", helper("text_classification", "The classification prompts and labels",
                                          "doc_to_choice_easy", "doc_to_choice_hard", "doc_to_target_easy",
                                          "doc_to_target_hard", "doc_to_text_easy", "doc_to_text_hard",
                                          "process_docs", "process_docs_hard"), SCRIPT)
    for level in TEXT_CLASSIFICATION:
        write_yaml(out / f"med_text_classification_{level}.yaml", text_classification(level), SCRIPT)
    out = reset_dir(root / "med_prescriptions")
    write_python(out / "utils.py", helper("prescriptions", "The prescription documents, prompts and options",
                                          "doc_to_choice_easy", "doc_to_choice_hard", "doc_to_target", "doc_to_text_easy",
                                          "doc_to_text_hard", "process_docs"), SCRIPT)
    for level in ("easy", "hard"):
        write_yaml(out / f"med_prescriptions_{level}.yaml", prescriptions(level), SCRIPT)
