"""Issue 28's question-answering tasks: SQuAD v2's official scores, its two requests per
document and few-shot prompt, RACE's prompt, TriviaQA/NQ-Open answers."""

from __future__ import annotations

import math

import pytest
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest
from lmeval_tasks_classic.squad_v2 import aggregate, f1, normalize_answer, squad_v2_scores


def _pred(qid: str, text: str, p: float = 0.0) -> dict:
    return {"id": qid, "prediction_text": text, "no_answer_probability": p}


def _ref(qid: str, *answers: str) -> dict:
    return {"id": qid, "answers": {"text": list(answers), "answer_start": [0] * len(answers)}}


def test_squad_v2_documented_example():
    # evaluate's squad_v2 docstring example
    out = squad_v2_scores([_pred("56e10a3be3433e1400422b22", "1976")],
                          [_ref("56e10a3be3433e1400422b22", "1976")])
    assert out == {"exact": 100.0, "f1": 100.0, "HasAns_exact": 100.0, "HasAns_f1": 100.0,
                   "best_exact": 100.0, "best_f1": 100.0}


def test_squad_v2_partial_unanswerable_and_thresholds():
    preds = [_pred("a", "the Norman Conquest!", 0.10), _pred("b", "King Harold", 0.30),
             _pred("c", "", 0.05), _pred("d", " ", 0.60)]
    refs = [_ref("a", "Norman conquest", "the conquest"), _ref("b", "King Harold II of England"),
            _ref("c"), _ref("d")]
    out = squad_v2_scores(preds, refs)
    harold = 2 * (2 / 2) * (2 / 5) / (2 / 2 + 2 / 5)  # 2 of 2 predicted tokens, 2 of 5 gold ones
    assert f1("King Harold II of England", "King Harold") == pytest.approx(harold)
    # " " normalizes to "": right on an unanswerable question for exact and F1 ...
    assert out["exact"] == pytest.approx(100 * (1 + 0 + 1 + 1) / 4)
    assert out["f1"] == pytest.approx(100 * (1 + harold + 1 + 1) / 4)
    assert out["HasAns_exact"] == 50.0 and out["NoAns_exact"] == 100.0
    # ... but an answer in the sweep by rising no-answer probability: c (0), a (+1), b (+harold), d (-1)
    assert out["best_f1"] == pytest.approx(100 * (2 + 1 + harold) / 4)
    assert out["best_exact"] == pytest.approx(100 * 3 / 4)
    assert normalize_answer(" The  Norman, conquest!") == "norman conquest"


def test_missing_split_is_zero_as_in_lm_eval():
    items = [(_pred("a", "x"), _ref("a", "x"))]
    assert aggregate("NoAns_f1", items) == 0
    assert aggregate("HasAns_f1", items) == 100.0


def test_squadv2_requests_and_scores(build):
    task, instances = build("squadv2")
    doc = task.eval_docs[instances[0].doc_id]
    gen, ll = (i.request for i in instances)
    assert isinstance(gen, GenerateRequest) and gen.until == ("\n",)
    assert isinstance(ll, LoglikelihoodRequest) and ll.continuation == " unanswerable"
    assert gen.context == ll.context == (f"Title: {doc['title']}\n\nBackground: {doc['context']}\n\n"
                                         f"Question: {doc['question']}\n\nAnswer:")
    values = task.process_results(doc, ["1066", (-0.5, False)])
    prediction, reference = values["best_f1"]
    assert prediction["no_answer_probability"] == pytest.approx(math.exp(-0.5))
    assert reference["answers"] == doc["answers"]
    assert set(values) == set(task.aggregations)


def test_squadv2_fewshot_runs(build):
    """lm-eval 0.4.13 fails here (TypeError, EleutherAI/lm-evaluation-harness#3686); lmeval builds
    the shots as lm-eval's fewshot_context means: text, " ", target (" answer"), blank line."""
    task, instances = build("squadv2", 2)
    ctx = instances[0].request.context
    assert ctx.count("Background: ") == 3
    shots = ctx.split("\n\n")
    answers = [s for s in shots if s.startswith("Answer:")]
    assert len(answers) == 3 and all(a.startswith("Answer:  ") for a in answers[:2])
    assert answers[2] == "Answer:"


def test_race_prompt_answers_earlier_problems(build):
    task, _ = build("race")
    doc = next(d for d in task.eval_docs if d["problems"].count("'question'") == 3)
    text = task.doc_to_text(doc)
    assert text.startswith("Article: ")
    assert "Question: What is question 0" in text and "\nAnswer: option " in text
    assert "thinks that option 3 of problem 1\n" in text  # the cloze "  _  ." completed in place
    assert task.doc_to_choice(doc)[0] == "option 0 of problem 2"


def test_social_iqa_label_is_one_based(build):
    task, _ = build("social_iqa")
    doc = task.eval_docs[0]
    assert task.doc_to_target(doc) == int(doc["label"]) - 1


def test_reference_run_over_the_qa_tasks():
    import lmeval

    res = lmeval.evaluate(model="dummy", tasks=["squadv2", "triviaqa", "nq_open", "race", "social_iqa"],
                          bootstrap_iters=10)["results"]
    squad = res["squadv2"]
    for metric in ("exact", "f1", "HasAns_exact", "HasAns_f1", "NoAns_exact", "NoAns_f1",
                   "best_exact", "best_f1"):
        assert 0.0 <= squad[f"{metric},none"] <= 100.0
        assert squad[f"{metric}_stderr,none"] == "N/A"  # lm-eval bootstraps no task function
    for name in ("triviaqa", "nq_open"):
        assert 0.0 <= res[name]["exact_match,remove_whitespace"] <= 1.0
    for name in ("race", "social_iqa"):
        assert 0.0 <= res[name]["acc,none"] <= 1.0


def test_squadv2_predict_only_scores_nothing():
    import lmeval

    out = lmeval.evaluate(model="dummy", tasks=["squadv2"], limit=2, predict_only=True, log_samples=True)
    assert "exact,none" not in out["results"]["squadv2"]
    assert len(out["samples"]["squadv2"]) == 2
