"""SuperGLUE (issue 28): the prompts lm-eval writes in Python (COPA, ReCoRD, WSC's T5 form) and
the corpus scores it computes with scikit-learn (CB's macro F1, MultiRC's T5 F1 and exact match,
ReCoRD's T5 grouping), on hand-computed cases."""

from __future__ import annotations

import pytest
from lmeval_tasks_classic import TASKS_DIR

SUPER_GLUE = TASKS_DIR / "super_glue"


def _helper(name: str):
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(f"sglue_test_{name}", SUPER_GLUE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(SUPER_GLUE))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(SUPER_GLUE))
    return module


def test_cb_macro_f1_over_three_classes():
    scores = _helper("scores")
    # (gold, prediction): class 0 F1 1/2, class 1 F1 1, class 2 F1 0 (never right)
    items = [(0, 0), (0, 2), (1, 1), (2, 0)]
    assert scores.cb_multi_f1(items) == pytest.approx((1 / 2 + 1 + 0) / 3)
    # a class neither gold nor predicted counts 0 (scikit-learn's zero_division)
    assert scores.cb_multi_f1([(0, 0)]) == pytest.approx(1 / 3)
    assert scores.mean_3class_f1(["maybe"], ["neutral"]) == (0, 2)
    assert scores.agg_mean_3class_f1([(0, 2), (2, 2)]) == pytest.approx((0 + 2 / 3 + 0) / 3)


def test_multirc_t5_groups_answers_by_question():
    multirc = _helper("multirc_t5")
    items = [multirc.em(["True"], ["0_True"]), multirc.em(["False"], ["0_False"]),
             multirc.em(["yes"], ["1_True"]), multirc.em(["False"], ["1_False"])]
    assert items[2] == ("1", False, 1)  # an unreadable answer is the wrong label
    assert multirc.agg_em(items) == 0.5
    f1_items = [multirc.f1(["True"], ["0_True"]), multirc.f1(["True"], ["0_False"]),
                multirc.f1(["nonsense"], ["1_True"])]
    assert multirc.agg_f1(f1_items) == pytest.approx(2 * 1 / (2 * 1 + 2))


def test_record_picks_the_most_likely_entity_and_scores_it_against_every_gold():
    record = _helper("record")
    doc = {"passage": "Day one.\n@highlight\nObama met Team 1\n@highlight\nParis was sunny",
           "query": "@placeholder hosted.", "entities": ["Obama", "Paris", "the Paris club"],
           "answers": ["Paris", "Paris Club"]}
    assert record.doc_to_text(doc) == "Day one.\n\n  - Obama met Team 1.\n  - Paris was sunny.\n"
    assert record.doc_to_choice(doc)[1] == "  - Paris hosted."
    assert record.process_results(doc, [(-3.0, False), (-1.0, True), (-2.0, False)]) == {"f1": 1.0, "em": 1}
    partial = record.process_results(doc, [(-3.0, False), (-4.0, True), (-2.0, False)])
    assert partial == {"f1": 1.0, "em": 1}  # "the Paris club" normalizes to "paris club"
    assert record.process_docs([{"passage": "p", "query": "q", "entities": ["b", "a", "b"],
                                 "answers": ["b", "b"]}])[0]["entities"] == ["a", "b"]


def test_record_t5_one_document_per_answer_and_grouped_scores():
    record_t5 = _helper("record_t5")
    docs = record_t5.process_docs([{"answers": ["Paris", "Obama"], "query": "q"}, {"answers": [], "query": "r"}])
    assert docs == [{"answers": "Paris", "query": "q"}, {"answers": "Obama", "query": "q"}]
    items = [("Paris!", "0+1_Paris"), ("Obama", "0+1_Obama"), ("the White House", "1+2_White House")]
    assert record_t5.squad_em_agg(items) == 1.0
    # F1 reads each group's first answer only: "paris" against {paris, obama}, then a full match
    assert record_t5.squad_f1_agg(items) == 1.0
    assert record_t5.squad_f1_agg([("Paris France", "0+1_Paris")]) == pytest.approx(2 / 3)


def test_wsc_t5_marks_the_pronoun_and_accepts_overlapping_referents():
    wsc = _helper("wsc_t5")
    doc = {"text": "Mark told Pete many lies . He should have been skeptical .", "span2_index": 6,
           "span2_text": "He", "span1_text": "Pete", "label": 1}
    assert wsc.doc_to_text(doc) == "wsc: Mark told Pete many lies . *He* should have been skeptical ."
    assert wsc.process_results(doc, ["the Pete"]) == {"accuracy": 1.0}
    assert wsc.process_results(doc, ["Pete's book"]) == {"accuracy": 0.0}
    with pytest.raises(ValueError, match="not the pronoun"):
        wsc.doc_to_text({**doc, "span2_index": 5})


def test_copa_joins_premise_and_alternative(build):
    task, instances = build("copa")
    doc = task.eval_docs[0]
    connector = "because" if doc["question"] == "cause" else "therefore"
    assert instances[0].request.context == doc["premise"][:-1] + " " + connector
    # the choice starts with a space and the target delimiter adds one (as in lm-eval)
    assert instances[0].request.continuation == "  " + doc["choice1"][0].lower() + doc["choice1"][1:]


def test_reference_run_over_super_glue():
    import lmeval

    res = lmeval.evaluate(model="dummy", tasks=["super-glue-lm-eval-v1", "super-glue-lm-eval-v1-seq2seq",
                                                "super-glue-t5-prompt"], limit=2, bootstrap_iters=0)["results"]
    for name in ("boolq", "cb", "copa", "multirc", "sglue_rte", "wic", "wsc"):
        assert 0.0 <= res[name]["acc,none"] <= 1.0
    assert 0.0 <= res["cb"]["f1,none"] <= 1.0
    assert set(res["record"]) >= {"f1,none", "em,none"}
    assert set(res["super_glue-multirc-t5-prompt"]) >= {"f1,none", "em,none"}
    assert set(res["super_glue-cb-t5-prompt"]) >= {"exact_match,none", "mean_3class_f1,none"}
    assert 0.0 <= res["super_glue-wsc-t5-prompt"]["accuracy,none"] <= 1.0
