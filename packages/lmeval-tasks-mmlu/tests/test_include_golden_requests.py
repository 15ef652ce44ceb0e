"""INCLUDE (``include_base_44_*``): tasks of each variant build, for their first document, the
requests lm-eval 0.4.13 builds on the same fixtures and score the same stand-in answers alike
(``golden/include.json``, from ``tools/make_family_goldens.py``); every language's groups hold
its categories in each variant."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "include.json")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "generate"))

from include import LANGUAGES, VARIANTS, group_name, task_names  # noqa: E402


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


def test_groups_weight_acc_by_size_over_each_languages_categories():
    from lmeval.evaluator import task_sources
    from lmeval.plugins import PluginManager
    from lmeval.tasks.index import TaskIndex
    from lmeval.tasks.loader import TaskLoader

    pm = PluginManager()
    loader = TaskLoader(TaskIndex(task_sources(pm, None)), pm)
    names = [group_name(language, variant) for language in LANGUAGES for variant in VARIANTS]
    assert len(names) == 132 and sum(len(task_names(lang, v)) for lang in LANGUAGES for v in VARIANTS) == 534
    for language, variant in (("Hebrew", "default"), ("Russian", "few_shot_en"), ("North Macedonian", "few_shot_og")):
        (node,) = loader.load([group_name(language, variant)])
        assert [t.name for t in node.leaf_tasks()] == task_names(language, variant)
