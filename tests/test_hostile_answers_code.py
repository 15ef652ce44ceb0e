"""Hostile answers for every code task (humaneval, humaneval_plus, mbpp, mbpp_plus,
cruxeval_input, cruxeval_output, and humaneval_multi_line_infilling with each attack as the
middle: 52 of its 90 programs parse and run) score pass@1 = 0, with the default isolation and with
``LMEVAL_SANDBOX_ISOLATE=0`` (no namespaces: the issue-30 setting where a candidate's
``test_*.py`` ran in the trusted runner). The attempts are generated from classes of attack in
tests/hostile_answers/code_corpus.py; ``python tests/hostile_answers/code_table.py`` prints
the per-task table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "hostile_answers"))
import code_corpus as corpus  # noqa: E402


@pytest.mark.parametrize("isolate", ["1", "0"], ids=["isolation", "no-namespaces"])
@pytest.mark.parametrize("task", corpus.TASKS)
def test_every_forgery_attempt_scores_zero(task, isolate, monkeypatch):
    monkeypatch.setenv("LMEVAL_SANDBOX_ISOLATE", isolate)
    batch = corpus.attempts(task)
    assert len(batch) >= 20
    assert len({a.name for a in batch}) == len({a.answer for a in batch}) == len(batch)
    assert corpus.passing(task, batch) == []


@pytest.mark.parametrize("task", corpus.TASKS)
def test_the_same_path_passes_the_reference_answers(task):
    """The zeros above come from the answers, not from a scorer that fails everything: the
    fixtures' reference answers, scored the same way, pass."""
    honest = []
    for doc in corpus.docs(task):
        if task.startswith("humaneval"):
            answer = doc["canonical_solution"]
        elif task.startswith("mbpp"):
            answer = doc["code"]
        else:  # both CRUXEval tasks: the reference assertion
            answer = f"assert f({doc['input']}) == {doc['output']}\n"
        honest.append(corpus.Attempt(task, "reference", doc, answer))
    assert corpus.score(task, honest, timeout=5.0) == 1.0


def test_the_corpus_targets_are_the_tasks_targets(lmeval_offline_mirror):
    """code_corpus.target() renders each task's doc_to_target; a real run logs the same."""
    import lmeval

    lmeval_offline_mirror(corpus.FIXTURES)
    out = lmeval.evaluate("dummy", tasks=list(corpus.TASKS), limit=1, log_samples=True, predict_only=True,
                          confirm_run_unsafe_code=True)
    for task in corpus.TASKS:
        sample = out["samples"][task][0]
        doc = corpus.docs(task)[0]
        assert sample["target"] == corpus.target(task, doc), task


def test_the_corpus_catches_the_issue_30_attacks():
    """The attacks of the issue are in the corpus: the unittest.__main__ module named in a reply
    (with its test_*.py planted), ``f (x)`` and ``<output> if 1 else f(0)``."""
    names = {a.name for task in corpus.TASKS for a in corpus.attempts(task)}
    assert "in-call/module-unittest.__main__-returned" in names
    assert "entry-is-module/unittest.__main__" in names
    assert {"sample_9/call-with-space", "sample_9/output-if-1-else-call"} <= names
    mbpp = next(a for a in corpus.attempts("mbpp") if a.name == "in-call/module-unittest.__main__-returned")
    assert "test_pwn.py" in mbpp.answer and "'unittest.__main__'" in mbpp.answer
