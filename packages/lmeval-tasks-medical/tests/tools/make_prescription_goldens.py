"""Write ``golden/prescriptions.json`` with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-medical/tests/tools/make_prescription_goldens.py

lm-eval's own ``med_prescriptions`` helpers on each fixture document: the diagnosis, the
medicine list, and whether ``process_docs`` keeps the document (its random draws are not
compared: lmeval draws once per document, a deliberate difference).
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "fixtures" / "datasets" / "devlocalhost" / "prescription-full" / "default" / "train.jsonl"
OUT = HERE.parent / "golden" / "prescriptions.json"


def main() -> None:
    import datasets
    from lm_eval.tasks.med_prescriptions import utils

    docs = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]
    kept = utils.process_docs(datasets.Dataset.from_list(docs))
    kept_results = {doc["results"] for doc in kept}
    records = [{"doc": doc, "diagnosis": utils.get_diagnosis(doc), "medicines": utils.get_medicines_list(doc),
                "kept": doc["results"] in kept_results} for doc in docs]
    OUT.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
