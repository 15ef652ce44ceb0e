"""Write ``golden/requests.json`` with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-medical/tests/tools/make_goldens.py

lm-eval's own task definitions read the offline mirror (``tests/fixtures/datasets``) and build the
requests of the first document of each case, scored with lmeval-testkit's stand-in answers
(``golden/requests.json``; the free-answer tasks' requests alone in ``golden/open_requests.json``). HF
``evaluate``'s Hub metrics are replaced as task_parity's reference side replaces them (lm-eval's
free-answer helpers load them at import; the perplexity tasks import those helpers).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
sys.path[:0] = [str(ROOT / "packages" / "lmeval-testkit" / "src"), str(ROOT / "benchmarks")]

from lmeval_testkit.goldens import write_goldens  # noqa: E402

CASES: list[str | tuple[str, int]] = [
    "med_concepts_qa_icd9cm_easy", "med_concepts_qa_atc_hard", ("med_concepts_qa_icd10proc_medium", 1),
    "headqa_en", "headqa_es", ("headqa_en", 2), "glianorex", "glianorex_en", "glianorex_fr",
    "kormedmcqa_doctor", "kormedmcqa_dentist", ("kormedmcqa_pharm", 2), ("kormedmcqa_nurse", 5),
    "meddialog_raw_perplexity", "meddialog_qsumm_perplexity", "mediqa_qa2019_perplexity", "medtext_perplexity",
    "mts_dialog_perplexity", "olaph_perplexity",
]

#: the free-answer tasks: requests only (lm-eval's scoring needs Hub metrics; mimic_repsum needs radgraph)
OPEN_CASES = ["meddialog_raw_dialogues", "meddialog_qsumm", "mediqa_qa2019", "medtext", "meqsum", "mts_dialog",
              "olaph"]


def main() -> None:
    import task_parity_ref

    task_parity_ref.patch_evaluate()
    mirror = HERE.parent / "fixtures" / "datasets"
    write_goldens(CASES, mirror, HERE.parent / "golden" / "requests.json")
    write_goldens(OPEN_CASES, mirror, HERE.parent / "golden" / "open_requests.json", score=False)


if __name__ == "__main__":
    main()
