"""Issue 32's classics (GLUE, translation, inverse scaling, ETHICS, unscramble, QA4MRE, FLD,
StoryCloze, lambada_cloze, WebQuestions, MuTual, LogiQA 2.0, WSC273, SWAG, MC-TACO, Moral Stories,
GroundCocoa, squad_completion/swde/fda): the requests and scores lm-eval 0.4.13 gives on the same
fixtures (``golden/small_classics_requests.json``, from ``tools/make_small_classics_goldens.py``),
and the helpers whose results the goldens reach only in part."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from lmeval_tasks_classic import TASKS_DIR
from lmeval_tasks_classic.based import contains_score
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "small_classics_requests.json")


def _helper(folder: str, name: str):
    spec = importlib.util.spec_from_file_location(f"small_classics_{name}", TASKS_DIR / folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize("case", [c for c in GOLDEN if "answers" in c], ids=golden_id)
def test_answers_are_filtered_and_scored_as_in_reference(case, build):
    task, instances = build(case["task"], case.get("num_fewshot"))
    doc = task.eval_docs[instances[0].doc_id]
    for expected in case["answers"]:
        filtered = {p.name: p.apply([[expected["answer"]]], [doc])[0] for p in task.filters()}
        assert json.loads(json.dumps(filtered)) == expected["filtered"], expected["answer"]
        scores = {name: task.process_results(doc, [value]) for name, value in filtered.items()}
        assert json.loads(json.dumps(scores)) == expected["scores"], expected["answer"]


def test_wmt16_t5_word_error_rate():
    metrics = _helper("wmt2016", "wmt16_t5_metrics")
    assert metrics.wer(["the cat sat"], ["the cat sat"]) == 0.0
    # one substitution, one deletion over four reference words
    assert metrics.wer(["a  b c d "], ["a x c"]) == pytest.approx(2 / 4)
    # insertions count too: WER can pass 1
    assert metrics.wer(["a"], ["b c d"]) == 3.0
    assert metrics.wer(["one two"], [""]) == 1.0
    with pytest.raises(ValueError, match="reference is empty"):
        metrics.wer([" "], ["x"])


def test_wmt16_t5_bleu_is_corpus_bleu_without_smoothing():
    sacrebleu = pytest.importorskip("sacrebleu")
    metrics = _helper("wmt2016", "wmt16_t5_metrics")
    items = [metrics.bleu(["the cat sat on the mat."], ["the cat sat on a mat."]),
             metrics.bleu(["a dog, barked loudly at night"], ["the dog barked loudly at night"]),
             metrics.bleu(["short"], ["a much longer reference sentence here"])]
    expected = sacrebleu.corpus_bleu([p for p, _ in items], [[r for _, r in items]], smooth_method="none",
                                     tokenize="13a").score / 100
    assert metrics.agg_bleu(items) == pytest.approx(expected)
    assert metrics.agg_bleu([("the cat", "the cat")]) == 0.0  # no 4-gram: a zero precision
    assert metrics.agg_bleu([("a b c d e", "a b c d e")]) == pytest.approx(1.0)
    # a translation shorter than its reference pays the brevity penalty exp(1 - 6/5)
    assert metrics.agg_bleu([("a b c d e", "a b c d e f")]) == pytest.approx(2.718281828 ** (1 - 6 / 5))


def test_mutual_keeps_lm_evals_flattened_argmax():
    mutual = _helper("mutual", "mutual_scoring")
    doc = {"answers": "B", "options": [], "article": ""}
    # the pairs flatten to [-1, 0, -0.5, 1, -2, 0, -3, 0]: the largest is the flag at 3
    results = [(-1.0, False), (-0.5, True), (-2.0, False), (-3.0, False)]
    assert mutual.process_results(doc, results) == {"r@1": False, "r@2": False, "mrr": 1.0}
    doc["answers"] = "D"
    assert mutual.process_results(doc, results) == {"r@1": True, "r@2": True, "mrr": 0.25}
    docs = mutual.process_docs([{"article": "f : it 's `` fine '' , is n't it ?", "options": ["m : ok ."]}])
    assert docs[0]["article"] == "f: it's \"fine\", isn't it?" and docs[0]["options"] == ["m: ok."]


def test_webqs_drops_answers_that_extend_an_earlier_one():
    webqs = _helper("webqs", "webqs_answers")
    doc = {"answers": ["New York City", "York", "New York"]}
    assert webqs.doc_to_choice(doc) == ["New York", "York"]
    assert webqs.doc_to_target(doc) == [0, 1]


def test_wsc273_options_read_in_the_pronouns_place():
    wsc = _helper("wsc273", "wsc273_options")
    doc = {"text": "The man lifted the boy onto his  shoulders.", "pronoun": "his", "pronoun_loc": 28,
           "options": ["The man", "The boy"]}
    assert wsc.process_doc([doc])[0]["options"] == ["the man's", "the boy's"]
    start = {"text": "Joan thanked Susan. Her gift was nice.", "pronoun": "Her", "pronoun_loc": 20,
             "options": ["Joan", "The Susan"]}
    assert wsc.process_doc([start])[0]["options"] == ["Joan's", "The Susan's"]


def test_based_contains_is_literal_and_ignores_case():
    assert contains_score(" THE DATE IS 1929", ["1929"]) == 1
    assert contains_score("a.b", ["a+b"]) == 0  # the label is matched literally
    assert contains_score("Price: $5 (USD)", ["$5 (usd)"]) == 1


def test_missing_sacrebleu_names_the_extra(monkeypatch):
    """Without sacrebleu the helper does not load: one error naming the pack's extra."""
    from lmeval.errors import UsageError

    monkeypatch.setitem(sys.modules, "sacrebleu", None)
    monkeypatch.setitem(sys.modules, "sacrebleu.tokenizers", None)
    monkeypatch.setitem(sys.modules, "sacrebleu.tokenizers.tokenizer_13a", None)
    with pytest.raises(UsageError, match=r"lmeval-tasks-classic\[translation\]"):
        _helper("wmt2016", "wmt16_t5_metrics")


def test_wmt16_t5_without_sacrebleu_stops_before_the_model(monkeypatch, capsys):
    """The helper loads with the task: the run ends in one line naming the extra, exit 2."""
    from lmeval.cli import main

    for name in ("sacrebleu", "sacrebleu.tokenizers", "sacrebleu.tokenizers.tokenizer_13a"):
        monkeypatch.setitem(sys.modules, name, None)
    helper = str(TASKS_DIR / "wmt2016" / "wmt16_t5_metrics.py")
    for key, module in list(sys.modules.items()):  # an earlier test's import of the helper
        if getattr(module, "__file__", None) == helper:
            monkeypatch.delitem(sys.modules, key)
    code = main(["run", "--model", "dummy", "--tasks", "wmt-ro-en-t5-prompt", "--limit", "1"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "lmeval-tasks-classic[translation]" in err and "requests" not in err


def test_translation_without_sacrebleu_stops_before_the_model(monkeypatch, capsys):
    """The core's BLEU/chrF/TER need sacrebleu; a run says so before any request is answered."""
    from lmeval.cli import main

    monkeypatch.setitem(sys.modules, "sacrebleu", None)
    code = main(["run", "--model", "dummy", "--tasks", "wmt16-de-en", "--limit", "1"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "needs sacrebleu" in err and "distinct requests" not in err


#: lm-eval 0.4.13's tags of these folders and their members
TAGS = {
    "glue": {"cola", "mnli", "mnli_mismatch", "mrpc", "qnli", "qqp", "rte", "sst2", "wnli"},
    "translation": {"wmt14-en-fr", "wmt14-fr-en", "wmt16-de-en", "wmt16-en-de", "wmt16-en-ro", "wmt16-ro-en",
                    "iwslt2017-en-ar", "iwslt2017-ar-en"},
    "wmt14": {"wmt14-en-fr", "wmt14-fr-en"},
    "wmt16": {"wmt16-de-en", "wmt16-en-de", "wmt16-en-ro", "wmt16-ro-en"},
    "iwslt2017": {"iwslt2017-en-ar", "iwslt2017-ar-en"},
    "gpt3_translation_benchmarks": {"wmt14-en-fr", "wmt14-fr-en", "wmt16-de-en", "wmt16-en-de", "wmt16-en-ro",
                                    "wmt16-ro-en"},
    "inverse_scaling_mc": {f"inverse_scaling_{t}" for t in (
        "hindsight_neglect_10shot", "into_the_unknown", "memo_trap", "modus_tollens", "neqa",
        "pattern_matching_suppression", "quote_repetition", "redefine_math", "repetitive_algebra", "sig_figs")},
    "hendrycks_ethics": {f"ethics_{t}" for t in ("cm", "deontology", "justice", "utilitarianism", "virtue")},
    "unscramble": {"anagrams1", "anagrams2", "cycle_letters", "random_insertion", "reversed_words"},
    "qa4mre": {"qa4mre_2011", "qa4mre_2012", "qa4mre_2013"},
    "storycloze": {"storycloze_2016", "storycloze_2018"},
    "lambada_cloze": {"lambada_openai_cloze_yaml", "lambada_standard_cloze_yaml"},
    "freebase": {"webqs"},
}


@pytest.mark.parametrize("tag", sorted(TAGS))
def test_tags_hold_lm_evals_members(tag, lmeval_task_loader):
    assert {task.name for task in lmeval_task_loader.load([tag])} == TAGS[tag]
