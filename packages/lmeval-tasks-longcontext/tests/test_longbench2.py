"""LongBench v2 builds, for a slice of its tasks, exactly the requests lm-eval 0.4.13 builds on the
same fixtures and scores them alike; its groups and tags hold lm-eval's members.

Goldens: ``tools/make_longbench2_goldens.py``; fixtures: ``tools/make_longbench2_fixtures.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval.tasks.index import TaskIndex
from lmeval_tasks_longcontext import TASKS_DIR
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

REQUESTS = load_goldens(Path(__file__).parent / "golden" / "longbench2_requests.json")


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


def test_groups_and_tags_are_lm_evals():
    index = TaskIndex([(TASKS_DIR, "lmeval-tasks-longcontext")])
    assert len([n for n in index.names("task") if n.startswith("longbench2_")]) == 20
    assert sorted(n for n in index.names("group") if n.startswith("longbench2")) == [
        "longbench2", "longbench2_history", "longbench2_incontext", "longbench2_multi", "longbench2_single",
        "longbench2_structured"]
    assert len([n for n in index.names("tag") if n.startswith("longbench2")]) == 6
