"""med_prescriptions: documents parsed and kept as lm-eval 0.4.13 does
(``tools/make_prescription_goldens.py``), and the options drawn once per document, so the prompt
lists exactly the options that are scored, the gold among them, the same on every read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lmeval_tasks_medical import prescriptions as rx

GOLDEN = json.loads((Path(__file__).parent / "golden" / "prescriptions.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("record", GOLDEN, ids=lambda r: r["diagnosis"][:20])
def test_diagnosis_and_medicines_as_lm_eval_reads_them(record):
    assert rx.diagnosis(record["doc"]) == record["diagnosis"]
    assert rx.medicines(record["doc"]) == record["medicines"]


def test_kept_documents_as_lm_eval_keeps_them():
    kept = rx.process_docs([r["doc"] for r in GOLDEN])
    assert [d["results"] for d in kept] == [r["doc"]["results"] for r in GOLDEN if r["kept"]]


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_prompt_lists_the_scored_options_with_the_gold(level):
    first = rx.process_docs([r["doc"] for r in GOLDEN])
    again = rx.process_docs([r["doc"] for r in GOLDEN])
    assert first == again
    for doc in first:
        choices = getattr(rx, f"doc_to_choice_{level}")(doc)
        assert len(choices) == 4 and choices[rx.doc_to_target(doc)] == doc["gold"] in rx.medicines(doc)
        text = getattr(rx, f"doc_to_text_{level}")(doc)
        assert all(f"{letter}. {c} \n" in text for letter, c in zip("ABCD", choices, strict=True))
        assert text.startswith(f"You are a medical doctor. A patient presents the following diagnosis or "
                               f"complains: {rx.diagnosis(doc)}. ") and text.endswith("\nAnswer:")
