"""NorEval, Evalita-LLM and the Korean sets: every name is listed, and the scorers written for them
agree with hand-checked cases (requests and first-document scores against lm-eval 0.4.13 are in
tests/golden/<family>.json, checked by test_ml_family_goldens.py)."""

from __future__ import annotations

import pytest
from lmeval_tasks_multilingual import evalita, french_bench, noreval


def test_every_noreval_name_is_listed(lmeval_task_loader):
    entries = lmeval_task_loader.index.entries
    names = {n for n, e in entries.items() if e.distribution == "lmeval-tasks-multilingual"
             and str(e.path).replace("\\", "/").find("/tasks/noreval/") >= 0}
    assert len([n for n in names if entries[n].kind == "task"]) == 116
    assert {"ask_gec", "norbelebele", "norquad", "norec_sentence", "tatoeba_nno_eng", "nrk_quiz_qa_nob",
            "nortruthfulqa_gen_nno", "norsumm_nob"} <= set(entries)


def test_macro_f1_is_the_unweighted_mean_over_seen_labels():
    # label 0: tp 1, fp 1, fn 1 -> 0.5; label 1: tp 1, fp 1, fn 1 -> 0.5; label 2: predicted only -> 0
    items = [(0, 0), (0, 1), (1, 1), (1, 2), (2, 0)]
    assert noreval.macro_f1([(g, p) for g, p in items]) == pytest.approx((0.5 + 0.5 + 0.0) / 3)
    assert noreval.macro_f1([(1, 1), (0, 0)]) == 1.0


def test_idiom_scores_take_the_best_accepted_completion():
    doc = {"accepted_completions": ["som glimrar", "som glitrar!"]}
    assert noreval.process_results_idiom(doc, [" Som Glitrar."]) == {"em": 1, "fscore": 1.0}
    partial = noreval.process_results_idiom(doc, ["som"])
    assert partial["em"] == 0 and partial["fscore"] == pytest.approx(2 / 3)
    assert noreval.process_results_idiom(doc, [""]) == {"em": 0, "fscore": 0}


def test_nrk_prompt_lists_two_options_with_eller_and_four_with_commas():
    two = {"question": "Q?", "choices": {"label": ["A", "B"], "text": ["x", "y"]}}
    four = {"question": "Q?", "choices": {"label": list("ABCD"), "text": list("wxyz")}}
    assert noreval.nrk_prompt("nb", 2)(two) == "Q?\nA: x\nB: y\n\nEr det riktige svaret A eller B?\n\nSvar:"
    assert noreval.nrk_prompt("nn", 2)(four).endswith("Er det rette svaret A, B, C, eller D?\n\nSvar:")
    assert noreval.nrk_prompt("nb", 1)(two) == "Q?\n\nSvaralternativer:\n- x\n- y\n\nHva er riktig svar?\n\nSvar:"


def test_norquad_scores_are_squad_em_and_token_f1():
    doc = {"answers": {"text": ["svaret 0"]}}
    assert noreval.process_results_norquad(doc, [" Svaret 0!"]) == {"f1": 1.0, "exact_match": 1}
    got = noreval.process_results_norquad(doc, ["svaret"])
    assert got["exact_match"] == 0 and got["f1"] == pytest.approx(2 / 3)


def test_evalita_polarity_f1_maps_the_four_classes_back_to_opos_and_oneg():
    # (gold, pred) as lm-eval's multiple-choice f1 passes them; all right -> 1.0
    assert evalita.aggregate_sa([(0, 0), (1, 1), (2, 2), (3, 3)]) == 1.0
    # gold positive, predicted mixed: opos right (1, 1), oneg wrong (0 vs 1)
    got = evalita.aggregate_sa([(0, 3), (1, 1)])
    assert got == pytest.approx((1.0 + (0 + 2 / 3) / 2) / 2)


def test_evalita_ner_scores_entity_and_type_and_drops_the_last_label_from_the_mean():
    doc = {"entities": [{"entity_text": "Roma", "type": "LOC"}, {"entity_text": "FIAT", "type": "ORG"}]}
    assert evalita.ner_process_results(doc, ["Roma$loc, Fiat$ORG"]) == {"f1": ([1, 3], [1, 2])}
    assert evalita.ner_process_results({"entities": []}, ["&&NOENT&&"]) == {"f1": ([3], [3])}
    extra = evalita.ner_process_results({"entities": []}, ["Roma$LOC"])
    assert extra == {"f1": ([2], [3])}
    # labels 1 (tp 1) and 3 (fp 0, fn 0): mean over labels but the last -> F1 of label 1
    assert evalita.aggregate_ner([([1, 3], [1, 3])]) == 1.0


def test_evalita_relations_and_lexical_substitution():
    doc = {"relations": [["12 g/dl", "emoglobina"]]}
    assert evalita.re_process_results(doc, ["12 g/dl$emoglobina%90$glicemia"]) == {"f1": ([1], [1])}
    assert evalita.re_process_results({"relations": []}, ["&&NOREL&&"]) == {"f1": ([0], [0])}
    assert evalita.re_process_results(doc, ["&&NOREL&&"]) == {"f1": ([0], [1])}
    ls_doc = {"answers": [{"word": "contento", "count": 3}, {"word": "lieto", "count": 1}]}
    assert evalita.ls_process_results(ls_doc, ["contento, felice, lieto."]) == {"f1": (1.0, 1, 1)}
    assert evalita.aggregate_ls([(0.75, 1, 1), (0, 0, 1)]) == pytest.approx(2 * 0.75 * 0.375 / 1.125)


def test_french_answers_drop_french_articles():
    assert french_bench.exact(["La Victor Hugo!"], ["victor hugo"]) == 1
    assert french_bench.f1(["les chats"], ["chats et chiens"]) == pytest.approx(0.5)


def test_hrm8k_matches_boxed_decimal_and_fraction_answers():
    from lmeval_tasks_multilingual import hrm8k

    assert hrm8k.process_results({"answer": 3.0}, ["... $\\boxed{3}$"]) == {"exact_match": 1}
    assert hrm8k.process_results({"answer": 3.0}, ["\\boxed{x = 3.0}"]) == {"exact_match": 1}
    assert hrm8k.process_results({"answer": 0.5}, ["$\\frac12$"]) == {"exact_match": 1}
    # as lm-eval: a gold written \\frac{2}{3} is read as its last number, 3
    assert hrm8k.process_results({"answer": "\\frac{2}{3}"}, ["그래서 y = 2/3."]) == {"exact_match": 0}
    assert hrm8k.process_results({"answer": 3.0}, ["모르겠습니다"]) == {"exact_match": 0}


def test_japanese_mgsm_takes_the_last_integer():
    from lmeval_tasks_multilingual import japanese_leaderboard as ja

    assert ja.mgsm_process_results({"answer_number": 1200}, ["答えは1,200."]) == {"acc": True}
    assert ja.mgsm_process_results({"answer_number": 3}, ["3.5"]) == {"acc": False}


@pytest.mark.parametrize(("blocked", "check", "extra"), [
    ("fugashi", "japanese_leaderboard.check_installed", "[japanese]"),
    ("rouge_score", "evalita_rouge_import", "[rouge]"),
    ("bert_score", "noreval_generation.check_summary", "[bertscore]"),
])
def test_a_missing_scorer_library_is_one_line_naming_the_extra(monkeypatch, blocked, check, extra):
    import importlib
    import sys

    from lmeval.errors import UsageError

    for name in [m for m in sys.modules if m == blocked or m.startswith(blocked + ".")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, blocked, None)  # import fails with ModuleNotFoundError
    with pytest.raises(UsageError) as info:
        if check == "evalita_rouge_import":
            monkeypatch.delitem(sys.modules, "lmeval_tasks_multilingual.evalita_rouge", raising=False)
            importlib.import_module("lmeval_tasks_multilingual.evalita_rouge")
        else:
            module, function = check.split(".")
            getattr(importlib.import_module(f"lmeval_tasks_multilingual.{module}"), function)()
    message = str(info.value)
    assert "\n" not in message and f"lmeval-tasks-multilingual{extra}" in message, message
