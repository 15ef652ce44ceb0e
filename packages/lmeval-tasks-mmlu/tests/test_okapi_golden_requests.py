"""Okapi (``arc_<lang>``, ``hellaswag_<lang>``, ``m_mmlu_<lang>``, ``truthfulqa_<lang>_mc1/2``):
the first document's requests and the stand-in answers' scores equal lm-eval 0.4.13's on the
same fixtures (``golden/okapi.json``, from ``tools/make_family_goldens.py``), few-shot included."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "okapi.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


def test_mc2_is_the_probability_share_of_the_true_answers(build):
    task, instances = build("truthfulqa_de_mc2")
    doc = task.eval_docs[instances[0].doc_id]
    labels = doc["mc2_targets"]["labels"]
    logliks = [math.log(p) for p in (0.5, 0.25, 0.125, 0.125)[:len(labels)]]
    probs = [math.exp(x) for x in logliks]
    expected = sum(p for p, label in zip(probs, labels, strict=True) if label == 1) / sum(probs)
    assert task.process_results(doc, [(x, False) for x in logliks])["acc"] == pytest.approx(expected)
    underflow = task.process_results(doc, [(-1e9, False)] * len(labels))["acc"]
    assert math.isnan(underflow)  # every probability is 0: numpy's 0/0 in lm-eval
