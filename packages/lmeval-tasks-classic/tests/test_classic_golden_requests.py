"""Every task of the pack builds, for its first document, exactly the requests lm-eval 0.4.13
builds on the same data (prompts with their few-shot blocks, continuations, stop sequences).

The golden file comes from ``tools/make_goldens.py`` (lm-eval's own task definitions run on
the fixtures of ``fixtures/datasets``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "requests.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


SCORED = [case for case in GOLDEN if "answers" in case]


@pytest.mark.parametrize("case", SCORED, ids=golden_id)
def test_answers_are_filtered_and_scored_as_in_reference(case, build):
    """Well-formed, near-miss and hostile answers (golden_cases.ANSWERS) go through the task's
    filters and process_results to the values lm-eval 0.4.13 gives them."""
    task, instances = build(case["task"], case.get("num_fewshot"))
    doc = task.eval_docs[instances[0].doc_id]
    for expected in case["answers"]:
        filtered = {p.name: p.apply([[expected["answer"]]], [doc])[0] for p in task.filters()}
        assert json.loads(json.dumps(filtered)) == expected["filtered"], expected["answer"]
        scores = {name: task.process_results(doc, [value]) for name, value in filtered.items()}
        assert json.loads(json.dumps(scores)) == expected["scores"], expected["answer"]
