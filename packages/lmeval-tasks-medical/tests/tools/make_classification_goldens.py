"""Write ``golden/text_classification.json`` with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-medical/tests/tools/make_classification_goldens.py

lm-eval's ``med_text_classification`` tasks read two CSV files at its authors' cluster paths, so
task_parity cannot run them; this applies lm-eval's own helper functions to the fixture CSVs
(``fixtures/local``, loaded by HF ``datasets``' csv builder): the documents kept, and each kept
document's prompt, choices and gold.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOCAL = HERE.parent / "fixtures" / "local"
OUT = HERE.parent / "golden" / "text_classification.json"


def main() -> None:
    import datasets
    from lm_eval.tasks.med_text_classification import utils

    records = {}
    for level, file in (("easy", "med_text_class_train.csv"), ("hard", "mtsamples.csv")):
        data = datasets.load_dataset("csv", data_files={"train": str(LOCAL / file)})["train"]
        docs = getattr(utils, "process_docs" if level == "easy" else "process_docs_hard")(data)
        records[level] = [{"doc": dict(doc), "text": getattr(utils, f"doc_to_text_{level}")(doc),
                           "choices": getattr(utils, f"doc_to_choice_{level}")(doc),
                           "target": getattr(utils, f"doc_to_target_{level}")(doc)} for doc in docs]
    OUT.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
