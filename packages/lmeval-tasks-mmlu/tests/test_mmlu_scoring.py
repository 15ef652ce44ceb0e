"""Reference-LM runs over whole groups: every subject scored, groups weighted by size."""

from __future__ import annotations

import math
from pathlib import Path

import lmeval
import pytest

MIRROR = Path(__file__).resolve().parent / "fixtures" / "datasets"


def _leaves(results: dict, name: str) -> list[str]:
    children = results["group_subtasks"].get(name, [])
    if not children:
        return [name]
    return [leaf for child in children for leaf in _leaves(results, child)]


def _check_weighted(results: dict, group: str, metric: str) -> None:
    leaves = _leaves(results, group)
    sizes = [results["n-samples"][t]["effective"] for t in leaves]
    values = [results["results"][t][metric] for t in leaves]
    expected = sum(v * n for v, n in zip(values, sizes, strict=True)) / sum(sizes)
    assert results["results"][group][metric] == pytest.approx(expected, abs=1e-12)


@pytest.fixture(scope="module")
def greek_run():
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LMEVAL_DATASETS_DIR", str(MIRROR))
        return lmeval.evaluate(model="dummy", tasks=["gmmlu", "greekmmlu"], bootstrap_iters=0)


def test_gmmlu_alias_prints_the_same_tree_and_scores_as_greekmmlu(greek_run):
    res = greek_run
    assert res["group_subtasks"]["gmmlu"] == ["gmmlu_social_sciences", "gmmlu_stem", "gmmlu_other",
                                              "gmmlu_humanities"]
    for domain in ("stem", "social_sciences", "humanities", "other"):
        assert res["results"][f"gmmlu_{domain}"]["alias"] == domain
        assert sorted(_leaves(res, f"gmmlu_{domain}")) == sorted(_leaves(res, f"greekmmlu_{domain}"))
        assert res["results"][f"gmmlu_{domain}"]["acc,none"] == res["results"][f"greekmmlu_{domain}"]["acc,none"]
    assert len(_leaves(res, "gmmlu")) == 45
    assert res["results"]["gmmlu"]["acc,none"] == res["results"]["greekmmlu"]["acc,none"]


def test_greekmmlu_groups_are_weighted_by_size(greek_run):
    res = greek_run
    for group in ("greekmmlu", "greekmmlu_stem", "greekmmlu_humanities", "gmmlu", "gmmlu_other"):
        _check_weighted(res, group, "acc,none")
    # the fixture subjects have 3-5 questions, so the weighted and the plain mean differ
    leaves = _leaves(res, "greekmmlu")
    plain = sum(res["results"][t]["acc,none"] for t in leaves) / len(leaves)
    assert len({res["n-samples"][t]["effective"] for t in leaves}) > 1
    assert not math.isclose(plain, res["results"]["greekmmlu"]["acc,none"])


@pytest.mark.parametrize("group, metric, n_leaves", [
    ("mmlu", "acc,none", 57),
    ("mmlu_continuation", "acc,none", 57),
    ("mmlu_generative", "exact_match,get_response", 57),
    ("mmlu_flan_n_shot_loglikelihood", "acc,none", 57),
    ("mmlu_flan_cot_fewshot", "exact_match,get-answer", 57),
    ("mmlu_redux_generative", "exact_match,default", 57),
    ("global_mmlu_full_fil", "acc,none", 57),
    ("global_mmlu_ja", "acc,none", 6),
    ("kmmlu", "acc,none", 45),
    ("kmmlu_direct", "exact_match,none", 45),
    ("cmmlu", "acc_norm,none", 67),
    ("ceval-valid", "acc,none", 52),
    ("arabicmmlu", "acc,none", 40),
    ("afrimmlu-irokobench", "acc,none", 90),
    ("afrimmlu_tt-irokobench", "acc,none", 85),
])
def test_reference_run_scores_every_subject(group, metric, n_leaves):
    res = lmeval.evaluate(model="dummy", tasks=[group], bootstrap_iters=0)
    leaves = _leaves(res, group)
    assert len(leaves) == n_leaves
    for leaf in leaves:
        value = res["results"][leaf][metric]
        assert 0.0 <= value <= 1.0
        # the Global-MMLU fixtures are compact: some subjects have a single question
        assert res["n-samples"][leaf]["effective"] == res["n-samples"][leaf]["original"] >= 1
    _check_weighted(res, group, metric)


def test_flan_generative_groups_print_no_score_as_lm_eval():
    """lm-eval 0.4.13's flan n-shot generative and CoT zero-shot groups average ``acc``, which
    their generate_until members never report: no group score, the subjects' scores only."""
    res = lmeval.evaluate(model="dummy", tasks=["mmlu_flan_n_shot_generative"], limit=1, bootstrap_iters=0)
    assert not [k for k in res["results"]["mmlu_flan_n_shot_generative"] if "," in k]
    leaf = res["results"]["mmlu_flan_n_shot_generative_anatomy"]
    assert {"exact_match,strict-match", "exact_match,flexible-extract"} <= set(leaf)


def test_afrimmlu_weighted_f1_is_reported_per_task():
    res = lmeval.evaluate(model="dummy", tasks=["afrimmlu_direct_yor_prompt_2"], bootstrap_iters=0)
    task = res["results"]["afrimmlu_direct_yor_prompt_2"]
    assert 0.0 <= task["f1,none"] <= 1.0 and 0.0 <= task["acc,none"] <= 1.0
