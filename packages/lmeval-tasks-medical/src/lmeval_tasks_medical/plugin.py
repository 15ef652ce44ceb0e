"""Entry point of the pack: contributes the ``tasks`` directory to lmeval's task index, with the
notes ``lmeval ls`` prints for tasks that need an optional library or data the user provides."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import hookimpl

_OPEN = "needs the [open-answers] extra; bleurt needs google-research/bleurt, bertscore a Hub model"
_CSV = "reads a local CSV lm-eval names under /gpfs/projects/bsc70/heka/data/datasets ({file}); provide it"
NOTES = {
    **{name: _OPEN for name in ("meddialog_raw_dialogues", "meddialog_qsumm", "mediqa_qa2019",
                                "medtext", "meqsum", "mts_dialog", "olaph")},
    "mimic_repsum": _OPEN.replace("[open-answers]", "[mimic]") + "; MIMIC-III data is gated",
    "mimic_repsum_perplexity": "MIMIC-III data is gated (dmacres/mimiciii-hospitalcourse-meta)",
    "med_text_classification_easy": _CSV.format(file="med_text_class_train.csv"),
    "med_text_classification_hard": _CSV.format(file="mtsamples.csv"),
}


@hookimpl
def lmeval_register_task_sources(register) -> None:
    register(Path(__file__).parent / "tasks", notes=NOTES)
