"""Physics GRE (``physics_gre_multiple_choice``, ``physics_gre_additional_multiple_choice``,
``physics_gre_all_multiple_choice``): items with an image or no answer key dropped, options from ``target_scores``;
the first document's requests and the stand-in answers' scores equal lm-eval 0.4.13's on the same
fixtures (``golden/physics_gre.json``, from ``tools/make_family_goldens.py``), few-shot included."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "physics_gre.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


def test_only_gradable_image_free_items_are_scored(build):
    task, _ = build("physics_gre_multiple_choice")
    docs = list(task.eval_docs)
    assert len(docs) == 4  # of 7 fixture rows: one with an image, one unscored key, one without a key
    assert all(doc["choices"] == list("ABCDE") and not doc["has_image"] for doc in docs)
    assert all(doc["target_scores"][doc["choices"][doc["gold"]]] == 1 for doc in docs)
