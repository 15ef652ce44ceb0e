"""Qasper builds lm-eval 0.4.13's documents (one per question and answer of the wanted kind), its
requests, and scores free-form answers with the same token F1.

Goldens: ``tools/make_qasper_goldens.py``; fixtures: ``tools/make_qasper_fixtures.py``.
"""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).parent / "golden"
REQUESTS = load_goldens(GOLDEN / "qasper_requests.json")
DOCS = load_goldens(GOLDEN / "qasper_docs.json")
SCRIPTED = Path(__file__).resolve().parents[3] / "benchmarks" / "scripted" / "qasper.py"


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize("record", DOCS, ids=lambda r: f"{r['task']}-{r['split']}")
def test_documents_match_reference(record, build):
    task, _ = build(record["task"], None)
    docs = task.eval_docs if record["split"] == "validation" else task.fewshot_docs()
    assert [dict(d) for d in docs] == record["docs"]


def test_free_form_f1_matches_reference():
    from lmeval_tasks_longcontext.qasper import f1_abstractive

    spec = importlib.util.spec_from_file_location("qasper_scripted", SCRIPTED)
    scripted = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scripted)
    record = next(r for r in DOCS if r["task"] == "qasper_freeform" and r["split"] == "validation")
    for doc, expected in zip(record["docs"], record["f1"], strict=True):
        got = [f1_abstractive([a], [doc["answer"]]) for a in scripted.ANSWERS]
        assert all(math.isclose(g, e, abs_tol=1e-12) and type(g) is type(e) for g, e in zip(got, expected, strict=True))
