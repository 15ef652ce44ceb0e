"""LingOly (``lingoly_context``, ``lingoly_nocontext``, group ``lingoly`` over the inline
``delta_nc``): one document per question of each sheet, the prompts byte for byte, and the
reading and per-part scoring of JSON, Python-dict, truncated and missing answers equal lm-eval
0.4.13's on the fixtures (``golden/lingoly.json``, from ``tools/make_family_goldens.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "lingoly.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_answers_are_read_and_scored_per_part_as_in_reference(case, build):
    task, instances = build(case["task"], case.get("num_fewshot"))
    doc = task.eval_docs[instances[0].doc_id]
    for expected in case["answers"]:
        filtered = {p.name: p.apply([[expected["answer"]]], [doc])[0] for p in task.filters()}
        scores = {name: task.process_results(doc, [value]) for name, value in filtered.items()}
        assert json.loads(json.dumps(scores)) == expected["scores"], expected["answer"]


def test_one_document_per_question_of_each_sheet(build):
    task, _ = build("lingoly_nocontext")
    docs = list(task.eval_docs)
    assert len(docs) == 4 and [d["index"] for d in docs] == [1, 1, 2, 2]
    assert all("kala = big" in d["prompt"] and "kala = big" not in d["nc_prompt"] for d in docs)
