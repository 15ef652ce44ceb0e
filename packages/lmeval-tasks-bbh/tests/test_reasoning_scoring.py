"""Scorers of the pack's other reasoning families against lm-eval 0.4.13's, on many answers
(goldens written by ``tools/make_scorer_goldens.py`` with lm-eval's own functions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

MATH = json.loads((Path(__file__).parent / "golden" / "scorer_answers.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("row", MATH["golds"], ids=[r["gold"] for r in MATH["golds"]])
def test_agieval_and_aime_read_answers_as_lm_eval(row, build):
    agieval, _ = build("agieval_math")
    aime, _ = build("aime25")
    got_agieval = [agieval.process_results({"answer": row["gold"]}, [a])["acc"] for a in MATH["answers"]]
    got_aime = [aime.process_results({"answer": row["gold"]}, [a])["exact_match"] for a in MATH["answers"]]
    assert got_agieval == row["agieval"]
    assert got_aime == row["aime"]


def test_agieval_multiple_gold_options(build):
    task, instances = build("agieval_jec_qa_kd")
    doc = {"choices": ["(A)x", "(B)yy", "(C)zzzzzzzzz"], "gold": [0, 2]}  # 4, 5, 12 characters
    assert task.process_results(doc, [(-3.0, False), (-1.0, False), (-1.5, False)]) == {"acc": 0.0, "acc_norm": 1.0}
    assert task.process_results(doc, [(-1.0, False), (-2.0, False), (-9.0, False)])["acc"] == 1.0


@pytest.mark.parametrize("task_name", ["drop", "coqa"])
def test_reading_comprehension_scores_as_lm_eval(task_name, build):
    task, _ = build(task_name)
    expected = MATH["reading"][task_name]
    assert len(task.eval_docs) == len(expected)
    for doc, want in zip(task.eval_docs, expected, strict=True):
        got = [task.process_results(doc, [a]) for a in MATH["reading_answers"]]
        assert got == want, doc


def test_ls_notes_aime_generation_budget(capsys):
    from lmeval.cli import main

    assert main(["ls", "tasks"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.split()[:1] in (["aime"], ["aime24"], ["aime25"])]
    assert len(rows) == 3 and all("32,768 tokens" in r for r in rows)
