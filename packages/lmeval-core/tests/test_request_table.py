"""Issue 33's columns: a run holds its requests in a RequestTable and its answers in the
scheduler's AnswerTable, and scores a task a part at a time; each reads, pickles and scores as
the lists of instances and answers it replaces."""

from __future__ import annotations

import json
import math
import pickle

import pytest
from kernel_tasks import write_tasks
from lmeval import evaluate
from lmeval.evaluator import build_instances, scoring
from lmeval.evaluator.table import RequestTable
from lmeval.protocol import LoglikelihoodRequest
from lmeval.run.scheduler import Answers, AnswerTable, Scheduler
from lmeval.testing import ReferenceLM


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))


@pytest.fixture
def mc_task(tmp_path):
    from lmeval.plugins import get_plugin_manager
    from lmeval.tasks.index import TaskIndex, task_sources
    from lmeval.tasks.loader import TaskLoader

    pm = get_plugin_manager()
    tasks = write_tasks(tmp_path / "tasks", n_docs=6)
    loader = TaskLoader(TaskIndex(task_sources(pm, str(tasks))), pm, {})
    (task,) = loader.load(["k_mc"])
    return task


def _fields(instances):
    return [(i.task_name, i.doc_id, i.idx, i.request, i.repeats, i.resps, i.filtered_resps)
            for i in instances]


def test_a_request_table_reads_as_the_list_of_instances(mc_task):
    ids, listed = build_instances(mc_task, samples=[1, 3, 4])
    ids_t, table = build_instances(mc_task, samples=[1, 3, 4], compact=True)
    assert isinstance(listed, list) and isinstance(table, RequestTable)
    assert ids == ids_t == [1, 3, 4] and table.in_doc_order
    assert len(table) == len(listed) == 12
    assert _fields(table) == _fields(listed)
    assert _fields([table[-1]]) == _fields([listed[-1]])
    assert _fields(table[2:7]) == _fields(listed[2:7])
    with pytest.raises(IndexError):
        table[12]


def test_a_table_gives_each_instance_its_answers_and_never_pickles_them(mc_task):
    _, table = build_instances(mc_task, limit=2, compact=True)
    run_answers = ["before"] + [(-float(i), i % 2 == 0) for i in range(len(table))]
    assert table.answered(run_answers, 1) == 1 + len(table)
    assert [i.resps for i in table] == [[a] for a in run_answers[1:]]
    again = pickle.loads(pickle.dumps(table))
    assert _fields(again) == [f[:5] + ([], {}) for f in _fields(table)]
    table.clear()
    assert len(table) == 0 and list(table) == []


@pytest.mark.parametrize("value", [(-1.5, True), (-0.0, False), (float("nan"), True), "text",
                                   [1.0, "not a pair"], (2, True), None])
def test_the_answer_table_gives_back_what_was_put(value):
    table = AnswerTable(3)
    assert not table.has(1)
    table.put(1, value)
    got = table.get(1)
    assert table.has(1) and type(got) is type(value)
    assert repr(got) == repr(value)
    if isinstance(value, tuple) and isinstance(value[0], float) and math.isnan(value[0]):
        assert math.isnan(got[0])


def test_scheduler_answers_read_as_the_list_run_returns():
    reqs = [LoglikelihoodRequest(f"Q{i % 3}:", f" a{i % 2}") for i in range(12)]
    calls = [(r, 0) for r in reqs]
    answers = Scheduler(ReferenceLM(), progress=False).answer(calls)
    listed = Scheduler(ReferenceLM(), progress=False).run(calls)
    assert isinstance(answers, Answers) and len(answers) == 12
    assert list(answers) == listed == [answers[i] for i in range(12)]
    assert answers[3:9] == listed[3:9]
    assert answers[0] == answers[6]  # one distinct request, one answer


def test_scoring_in_parts_equals_scoring_at_once(tmp_path, monkeypatch):
    tasks = write_tasks(tmp_path / "tasks", n_docs=9)
    run = dict(include_path=str(tasks), bootstrap_iters=100, log_samples=True)

    def results():
        out = evaluate("dummy", None, ["k_mc", "k_gen"], **run)
        return json.dumps({k: out[k] for k in ("results", "samples")}, sort_keys=True, default=str)

    parts: list[str] = []
    real = scoring._score_documents
    monkeypatch.setattr(scoring, "_score_documents",
                        lambda task, part, *a: parts.append(task.name) or real(task, part, *a))
    monkeypatch.setattr(scoring, "PART_DOCS", 2)
    in_parts = results()
    assert parts == ["k_mc"] * 5  # 9 documents, 2 at a time; a generation task all at once
    monkeypatch.setattr(scoring, "_in_parts", lambda *a: False)
    parts.clear()
    assert results() == in_parts and parts == []
