"""jfinqa (``jfinqa_numerical``, ``_consistency``, ``_temporal``, group ``jfinqa``): the prompt
(pre-text, Markdown table, post-text, question) and the reading and scoring of well-formed,
unit-bearing, kanji-multiplied, full-width and hostile answers equal lm-eval 0.4.13's on the same
fixtures (``golden/jfinqa.json``, from ``tools/make_family_goldens.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "jfinqa.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_answers_are_read_and_scored_as_in_reference(case, build):
    task, instances = build(case["task"], case.get("num_fewshot"))
    doc = task.eval_docs[instances[0].doc_id]
    for expected in case["answers"]:
        filtered = {p.name: p.apply([[expected["answer"]]], [doc])[0] for p in task.filters()}
        scores = {name: task.process_results(doc, [value]) for name, value in filtered.items()}
        assert json.loads(json.dumps(scores)) == expected["scores"], expected["answer"]


def test_numbers_within_one_percent_match():
    import importlib.util

    from lmeval_tasks_classic import TASKS_DIR

    spec = importlib.util.spec_from_file_location("jfinqa_utils", TASKS_DIR / "jfinqa" / "utils.py")
    utils = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(utils)
    doc = {"answer": "12.5%"}
    assert utils.process_results(doc, ["Answer: 12.6 %"]) == {"exact_match": 0.0, "numerical_match": 1.0}
    assert utils.process_results(doc, ["回答：１２．５％"]) == {"exact_match": 1.0, "numerical_match": 1.0}
    assert utils.process_results({"answer": "3億"}, ["300000000"])["numerical_match"] == 1.0
    # "億円" is read as a unit and dropped before the multiplier, as in lm-eval: 3億円 is 3
    assert utils.process_results({"answer": "3億円"}, ["3"])["numerical_match"] == 1.0
    assert utils.process_results({"answer": "△500"}, ["-500百万円"])["numerical_match"] == 1.0
