"""Write SCROLLS' goldens with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_scrolls_goldens.py

lm-eval's task classes cannot be built here (their ``__init__`` downloads the SCROLLS metric from
the Hub), so this calls their document, prompt, request and ``process_results`` methods on an
instance made without ``__init__``, over the fixture rows merged by lm-eval's own
``_drop_duplicates_in_input``. ``golden/scrolls_docs.json``: per task and split, every document,
its prompt and target; for validation also its requests' arguments and ``process_results`` for
stand-in answers (generations; log-likelihood pairs, ties included).
"""

from __future__ import annotations

import json
from pathlib import Path

import datasets
from lm_eval.tasks.scrolls import task as scrolls

PACK = Path(__file__).resolve().parents[2]
MIRROR = PACK / "tests" / "fixtures" / "datasets" / "tau" / "scrolls"
OUT = PACK / "tests" / "golden" / "scrolls_docs.json"
CLASSES = {"scrolls_contractnli": scrolls.ContractNLI, "scrolls_govreport": scrolls.GovReport,
           "scrolls_narrativeqa": scrolls.NarrativeQA, "scrolls_qasper": scrolls.Qasper,
           "scrolls_qmsum": scrolls.QMSum, "scrolls_quality": scrolls.QuALITY,
           "scrolls_summscreenfd": scrolls.SummScreenFD}
GENERATIONS = [" He lights the lamp.", "", "   ", "The keeper keeps ships safe."]


def loglikelihoods(n: int) -> list[list[list]]:
    """Stand-in (logprob, is_greedy) lists: the first best, the last best, all tied."""
    return [[[-1.0 - i, i == 0] for i in range(n)], [[-1.0 - (n - i), False] for i in range(n)],
            [[-2.0, i % 2 == 1] for i in range(n)]]


def main() -> None:
    records = []
    for name, cls in CLASSES.items():
        task = cls.__new__(cls)
        for split in ("train", "validation"):
            rows = [json.loads(line) for line in (MIRROR / cls.DATASET_NAME / f"{split}.jsonl").read_text().splitlines()]
            merged = scrolls._drop_duplicates_in_input(datasets.Dataset.from_list(rows))
            for doc_id, row in enumerate(merged):
                doc = task._process_doc(row)[0]
                record = {"task": name, "split": split, "doc_id": doc_id, "doc": doc, "text": task.doc_to_text(doc),
                          "target": task.doc_to_target(doc)}
                if split == "validation":
                    made = task.construct_requests(doc, record["text"])
                    made = made if isinstance(made, list) else [made]
                    record["requests"] = [{"type": r.request_type, "args": [a if not isinstance(a, dict) else dict(a)
                                                                             for a in r.arguments]} for r in made]
                    if made[0].request_type == "generate_until":
                        answers = [[g] for g in GENERATIONS]
                    else:
                        answers = loglikelihoods(len(made))
                    record["answers"] = answers
                    record["results"] = [task.process_results(doc, [tuple(a) if isinstance(a, list) else a
                                                                    for a in answer]) for answer in answers]
                records.append(record)
    OUT.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
