"""GPQA's answer shuffling and cleaning (``lmeval_tasks_leaderboard.gpqa``)."""

from __future__ import annotations

import random

from lmeval.tasks.data import DocList
from lmeval_tasks_leaderboard import gpqa


def _doc(i: int, correct: str = "right") -> dict:
    return {"Question": f"q{i}", "Correct Answer": correct, "Incorrect Answer 1": f"w1-{i}",
            "Incorrect Answer 2": f"w2-{i}", "Incorrect Answer 3": f"w3-{i}"}


def test_order_is_lm_eval_first_read_of_a_fresh_process():
    docs = DocList(_doc(i) for i in range(12))
    random.seed(0)  # lm-eval: simple_evaluate's random.seed(0), then random.shuffle per document
    expected = []
    for doc in docs:
        answers = [doc["Incorrect Answer 1"], doc["Incorrect Answer 2"], doc["Incorrect Answer 3"], "right"]
        random.shuffle(answers)
        expected.append(answers)
    random.seed(123)  # the global generator's state does not matter
    got = gpqa.process_docs(docs)
    assert [[d[f"choice{k}"] for k in range(1, 5)] for d in got] == expected
    assert [d["answer"] for d in got] == [f"({'ABCD'[a.index('right')]})" for a in expected]


def test_n_shot_uses_its_own_seed_and_every_read_is_the_same():
    docs = DocList(_doc(i) for i in range(8))
    rng = random.Random(42)
    expected = []
    for doc in docs:
        answers = [doc["Incorrect Answer 1"], doc["Incorrect Answer 2"], doc["Incorrect Answer 3"], "right"]
        rng.shuffle(answers)
        expected.append(answers)
    first, second = gpqa.process_docs_n_shot(docs), gpqa.process_docs_n_shot(docs)
    assert first == second
    assert [[d[f"choice{k}"] for k in range(1, 5)] for d in first] == expected


def test_generative_docs_carry_choices_and_keep_the_columns():
    (doc,) = gpqa.process_docs_generative(DocList([_doc(0)]))
    assert doc["choices"] == [doc[f"choice{k}"] for k in range(1, 5)]
    assert doc["Question"] == "q0" and doc["answer"] in {"(A)", "(B)", "(C)", "(D)"}


def test_cleaning_rules():
    assert gpqa.clean(None) == " "
    assert gpqa.clean("  a  b [title] c ") == "a b. c"
    assert gpqa.clean_leaderboard("a [title] b [ref 1] c") == "a. b c"
    assert gpqa.clean_leaderboard("keep [a] and [b]") == "keep and "


def test_gold_is_the_first_answer_equal_to_the_correct_one():
    doc = _doc(0, correct="same")
    doc["Incorrect Answer 2"] = "same  "  # cleans to the correct answer
    (out,) = gpqa.process_docs(DocList([doc]))
    options = [out[f"choice{k}"] for k in range(1, 5)]
    assert out["answer"] == f"({'ABCD'[options.index('same')]})"
