"""The Arabic families' own code: ArabCulture's environment switches, AraDiCE's micro F1, the
OALL prompts' layout and the AraDiCE OpenBookQA target check."""

from __future__ import annotations

import itertools

import pytest
from lmeval_tasks_multilingual import arab_culture, arabic_leaderboard, aradice
from lmeval_tasks_multilingual.scoring import micro_f1_score
from ml_data import rows

DOC = rows("MBZUAI/ArabCulture", "Egypt", "test")[1]
SWITCHES = ("COUNTRY", "REGION", "ARABIC", "MODEL_NAME")


@pytest.fixture
def env(monkeypatch):
    for name in SWITCHES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_arab_culture_default_is_english_without_location(env):
    text = arab_culture.mcq_doc_to_text(DOC)
    assert text.startswith("\nYou are tasked with selecting the most culturally appropriate option")
    assert "Location" not in text and "Consider the cultural nuances and choose" in text
    assert text.endswith(f"Options:\nA. {DOC['options']['text'][0].strip()}\nB. {DOC['options']['text'][1].strip()}\n"
                         f"C. {DOC['options']['text'][2].strip()}\n\n")
    assert arab_culture.mcq_doc_to_choice(DOC) == ["A", "B", "C"]
    assert arab_culture.mcq_doc_to_target(DOC) == "B"


@pytest.mark.parametrize("value", ["true", "1", "yes", "TRUE", ""])
def test_arab_culture_switch_is_on_only_for_the_exact_string_True(env, value):
    env.setenv("ARABIC", value)
    assert arab_culture.mcq_doc_to_choice(DOC) == ["A", "B", "C"]
    env.setenv("ARABIC", "True")
    assert arab_culture.mcq_doc_to_choice(DOC) == ["أ", "ب", "ج"]
    assert arab_culture.mcq_doc_to_target(DOC) == "ب"  # the key is stripped


@pytest.mark.parametrize(("country", "region", "arabic"), list(itertools.product([False, True], repeat=3)))
def test_arab_culture_location_lines(env, country, region, arabic):
    for name, on in (("COUNTRY", country), ("REGION", region), ("ARABIC", arabic)):
        if on:
            env.setenv(name, "True")
    if country and not region:
        with pytest.raises(ValueError, match="COUNTRY=True needs REGION=True"):
            arab_culture.completion_doc_to_text(DOC)
        return
    text = arab_culture.completion_doc_to_text(DOC)
    label = "الموقع" if arabic else "Location"
    place = ("مصر, وادي النيل" if arabic else "Egypt, Nile Valley") if country else ("وادي النيل" if arabic else "Nile Valley")
    assert (f"{label}: {place}\n" in text) == (country or region)
    assert "Options:\n" not in text and "الخيارات:\n" not in text  # the completion prompt lists no options


def test_arab_culture_jais_chat_wrapper(env):
    env.setenv("MODEL_NAME", "inception/jais-13b-chat")
    assert arab_culture.mcq_doc_to_text(DOC).startswith("### Instruction: Your name is Jais")
    env.setenv("MODEL_NAME", "inception/jais-13b")
    assert not arab_culture.mcq_doc_to_text(DOC).startswith("### Instruction")


def test_arab_culture_completion_target_is_the_option_text(env):
    doc = rows("boda/arabic_cluture", "KSA", "test")[2]
    assert arab_culture.completion_doc_to_target(doc) == doc["options"]["text"][2]
    assert arab_culture.completion_doc_to_choice(doc) == doc["options"]["text"]


@pytest.mark.parametrize(("pairs", "expected"), [
    ([(0, 0), (1, 2), (2, 2), (1, 1)], 0.75),
    ([(0, 1), (1, 0), (2, 2), (3, 0), (4, 1)], 0.2),   # exactly 0.2, as scikit-learn (not 0.20000000000000004)
    ([(0, 1)] * 9 + [(1, 1)], 0.1),
    ([(-100, 0), (0, 0)], 0.5),                        # a gold outside the choices counts as a wrong label
    ([], 0.0),
])
def test_micro_f1_is_scikit_learns(pairs, expected):
    assert micro_f1_score(pairs) == expected


def test_oall_multiline_prompts_keep_lm_evals_indentation():
    boolq = arabic_leaderboard._boolq({"question": "س", "passage": "م", "answer": False})
    assert boolq["query"] == ("بناء على المقطع التالي، أجب عن السؤال ب نعم أو لا\n        المقطع :\n        م\n"
                              "        السؤال:\n        س\n        الإجابة:\n        ")
    assert boolq["gold"] == 1
    hs = arabic_leaderboard._hellaswag({"ctx": "c [x]", "endings": "['a [b]', 'c']", "label": 1})
    assert hs["query"].endswith("الاقتراحات:\n\n        0) a \n1) c\nالإجابة:")
    assert hs["choices"] == ["a ", "c"]
    doc = {"query": "q", "sol1": "x", "sol2": "y", "label": "1", "__few_shots": True}
    assert arabic_leaderboard._numbered(doc)["choices"] == ["x", "y"]


def test_sciq_order_depends_on_the_document_only():
    doc = {"question": "q", "support": "s", "distractor1": "a", "distractor2": "b", "distractor3": "c",
           "correct_answer": "d"}
    first = arabic_leaderboard._sciq(doc)
    assert all(arabic_leaderboard._sciq(doc) == first for _ in range(5))
    assert first["choices"][first["gold"]] == "d" and sorted(first["choices"]) == ["a", "b", "c", "d"]


def test_aradice_openbookqa_bad_answer_key_is_an_error_not_a_zero():
    doc = {"question": {"stem": "s", "choices": [{"label": "A", "text": "x"}]}, "answerKey": "Z"}
    with pytest.raises(ValueError, match="answerKey 'Z' is none of the labels"):
        aradice.openbookqa_doc_to_target(doc)
    assert aradice.openbookqa_doc_to_target({**doc, "answerKey": " A"}) == 0
