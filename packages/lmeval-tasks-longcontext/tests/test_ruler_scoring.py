"""RULER's per-document scores and per-length aggregates, as lm-eval 0.4.13 computes them."""

from __future__ import annotations

import pytest
from lmeval_tasks_longcontext.ruler import scoring


def test_all_references_count_case_ignored_after_control_characters():
    doc = {"max_length": 4096, "outputs": ["1234567", "Blue-Sky"]}
    assert scoring.process_results(doc, ["  1234567 and blue-sky\x07"]) == {"4096": 1.0}
    assert scoring.process_results(doc, ["only 1234567"]) == {"4096": 0.5}
    assert scoring.process_results(doc, ["nothing"]) == {"4096": 0.0}


def test_another_length_reports_minus_one_under_the_default():
    doc = {"max_length": 8192, "outputs": ["a"]}
    assert scoring.process_results(doc, ["A"]) == {"4096": -1.0, "8192": 1.0}


def test_part_match_is_the_best_prediction_over_their_number():
    doc = {"max_length": 4096, "outputs": ["Paris", "France"]}
    assert scoring.process_results_part(doc, ["paris"]) == {"4096": 0.5}
    assert scoring.string_match_part(["paris", "x"], [["Paris"], ["y"]]) == pytest.approx(0.5)


def test_aggregate_ignores_minus_one_and_is_minus_one_when_empty():
    assert scoring.aggregate_metrics([1.0, -1, 0.5]) == 0.75
    assert scoring.aggregate_metrics([-1, -1.0]) == -1
