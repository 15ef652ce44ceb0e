"""LegalBench (19 tasks, groups ``legalbench`` and ``legalbench_contract_nli``): the first document's
requests (k-shot from train, the task's description) and the stand-in answers' exact match equal
lm-eval 0.4.13's on the same fixtures (``golden/legalbench.json``, from
``tools/make_family_goldens.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "legalbench.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


def test_groups_hold_lm_evals_members(lmeval_task_loader):
    (main,) = lmeval_task_loader.load(["legalbench"])
    (nli,) = lmeval_task_loader.load(["legalbench_contract_nli"])
    assert len({t.name for t in main.leaf_tasks()}) == 5
    assert len({t.name for t in nli.leaf_tasks()}) == 14
