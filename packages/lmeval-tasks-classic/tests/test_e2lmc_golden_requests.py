"""E2LM competition tasks (``mmlu_early_training``, ``noor``, ``sciknoweval_mcqa``): the first
document's requests (5-shot, first examples of dev) and stand-in scores equal lm-eval 0.4.13's on
the same fixtures (``golden/e2lmc.json``, from ``tools/make_family_goldens.py``); the early-training
score is the gold log-likelihood's lead over the mean of the others'."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

HERE = Path(__file__).parent
GOLDEN = load_goldens(HERE / "golden" / "e2lmc.json")
METRICS = HERE.parent / "src" / "lmeval_tasks_classic" / "tasks" / "e2lmc" / "mmlu_early_training" / "custom_metrics.py"


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


def test_loglikelihood_diff():
    spec = importlib.util.spec_from_file_location("custom_metrics", METRICS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # (-1 - mean(-2, -3, -4)) = 2 and (-5 - mean(-1, -3)) = -3: mean -0.5
    assert module.loglikelihood_diff([(0, [-1.0, -2.0, -3.0, -4.0]), (1, [-1.0, -5.0, -3.0])]) == pytest.approx(-0.5)


def test_noor_nests_stem_as_lm_eval_does(lmeval_task_loader):
    (noor,) = lmeval_task_loader.load(["noor"])
    assert [c.name for c in noor.children] == ["noor::stem"]  # an inline group, named under its parent
    assert len({t.name for t in noor.leaf_tasks()}) == 12
