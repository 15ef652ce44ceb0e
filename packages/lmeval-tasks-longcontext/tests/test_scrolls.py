"""SCROLLS: lmeval's port of lm-eval 0.4.13's task classes gives, on the same fixture rows, lm-eval's
documents (duplicates merged), prompts, targets, requests and per-document results; the corpus
metric reproduces the SCROLLS metric's definition (lm-eval downloads it from the Hub, so it is
checked here on cases whose value is known, not against lm-eval).

Goldens: ``tools/make_scrolls_goldens.py``; fixtures: ``tools/make_scrolls_fixtures.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN = json.loads((Path(__file__).parent / "golden" / "scrolls_docs.json").read_text(encoding="utf-8"))
TASKS = sorted({r["task"] for r in GOLDEN})


def _plain(value):
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("task_name", TASKS)
def test_documents_prompts_requests_and_results_match_reference(task_name, build):
    task, _ = build(task_name, None)
    docs = {"validation": list(task.eval_docs), "train": list(task.fewshot_docs())}
    for record in (r for r in GOLDEN if r["task"] == task_name):
        doc = docs[record["split"]][record["doc_id"]]
        assert _plain(doc) == record["doc"]
        assert task.doc_to_text(doc) == record["text"] and task.doc_to_target(doc) == record["target"]
        if record["split"] != "validation":
            continue
        requests = task.construct_requests(doc, record["text"])
        got = [{"type": r.kind.value, "args": _plain(r.args)} for r in requests]
        assert [g["type"] for g in got] == [r["type"] for r in record["requests"]]
        assert [g["args"][:2] for g in got] == [r["args"][:2] for r in record["requests"]]
        for answer, expected in zip(record["answers"], record["results"], strict=True):
            given = [tuple(a) if isinstance(a, list) else a for a in answer]
            assert _plain(task.process_results(doc, given)) == expected


def test_f1_is_scrolls_best_reference_token_f1_times_100():
    from lmeval_tasks_longcontext.scrolls.metric import f1

    assert f1(["The lamp.", "nothing"], [["a lamp", "ships"], ["ships"]]) == 50.0
    assert f1(["lamp at dusk"], [["lamp"]]) == round(100 * 2 * (1 / 3) * 1 / (1 / 3 + 1), 4)


def test_rouge_of_a_perfect_summary_is_100_and_rounded():
    pytest.importorskip("rouge_score", reason="SCROLLS' summaries need the pack's scrolls extra (rouge-score)")
    pytest.importorskip("nltk", reason="SCROLLS' summaries need the pack's scrolls extra (nltk)")
    from lmeval_tasks_longcontext.scrolls.metric import rouge

    scores = rouge(["The keeper sleeps. Ships pass.", "ships pass"], [["The keeper sleeps. Ships pass."], ["y", "ships pass"]])
    assert scores["rouge/rouge1"] == 100.0 and scores["rouge/geometric_mean"] == 100.0
    half = rouge(["keeper sleeps"], [["keeper wakes"]])
    assert half["rouge/rouge1"] == 50.0 and half["rouge/rouge2"] == 0.0
