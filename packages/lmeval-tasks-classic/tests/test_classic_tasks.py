"""Task-specific behaviour: preprocessing, partial scoring, answer extraction, perplexity units."""

from __future__ import annotations

import math

import lmeval
import pytest


def test_hellaswag_query_and_endings_are_cleaned(build):
    task, instances = build("hellaswag")
    doc = task.eval_docs[1]  # a WikiHow row with [header]/[title]/[step] markup
    assert doc["query"] == "Making a cake: How to tidy room 1. Pick up the clothes. Then"
    assert doc["choices"][0] == " put item 0 away carefully."  # [step] removed, its space kept
    assert doc["gold"] == 2
    context = instances[0].request.args[0]
    assert context == "Washing dishes: A person stands at the sink number 0. They rinse plate 0"
    assert [i.request.args[1] for i in instances] == [f" dries it with towel {j}." for j in range(4)]


def test_winogrande_scores_two_contexts_on_one_continuation(build):
    task, instances = build("winogrande")
    head = "The trophy 0 did not fit in the suitcase because the "
    assert [i.request.args for i in instances] == [
        (head + "trophy", " was too small."), (head + "suitcase", " was too small.")]
    assert task.doc_to_text(task.eval_docs[0]) == 0  # answer "1"


def test_winogrande_few_shot_examples_use_the_gold_option(build):
    task, instances = build("winogrande", 1)
    shots = {}
    for doc in task.fewshot_docs():
        gold = task.doc_to_choice(doc)[task.doc_to_text(doc)]
        shots[gold + " " + task.doc_to_target(doc)] = doc
    first_context = instances[0].request.args[0]
    shot, _, rest = first_context.partition("\n\n")
    assert shot in shots  # the gold-filled sentence, then the shared continuation
    assert rest == "The trophy 0 did not fit in the suitcase because the trophy"


def test_wikitext_detokenizes_the_page_and_counts_original_words(build):
    task, instances = build("wikitext")
    (inst,) = instances
    (text,) = inst.request.args
    assert text == (" = Article test 0 =\n\nThe station-house was built in 19,00 (about 3.5 km away). "
                    "It's \"famous\", they say; yes!\n== History ==\n\nAbout 1 people lived there's near 20°C.\n")
    doc = task.eval_docs[0]
    metrics = task.process_results(doc, [-42.0])
    # counted on the tokenized page: re.split(r"\s+") gives 53 pieces, bytes include "°" (2)
    assert metrics["word_perplexity"] == (-42.0, 53)
    assert metrics["byte_perplexity"] == (-42.0, len(doc["page"].encode("utf-8")))


@pytest.mark.parametrize("task_name, response, strict, flexible", [
    ("gsm8k", " Tom has 2 + 3 = 5 apples.\n#### 5", "5", "5"),
    ("gsm8k", " It is 1,234 or maybe -7", "[invalid]", "-7"),
    ("gsm8k_cot", " 2 + 3 = 5. The answer is 5.", "5", "5."),  # "." dropped by exact_match
    ("gsm8k_cot", " I think $12.50 in total", "[invalid]", "$12.50"),
])
def test_gsm8k_answer_extraction(build, task_name, response, strict, flexible):
    task, _ = build(task_name)
    doc = task.eval_docs[0]
    got = {p.name: p.apply([[response]], [doc])[0] for p in task.filters()}
    assert got == {"strict-match": strict, "flexible-extract": flexible}


def test_gsm8k_exact_match_ignores_the_worked_solution(build):
    task, _ = build("gsm8k")
    doc = task.eval_docs[0]  # answer "... #### 5"
    assert task.process_results(doc, ["5"])["exact_match"] == 1.0
    assert task.process_results(doc, ["6"])["exact_match"] == 0.0


def test_gsm8k_cot_uses_the_eight_published_exemplars(build):
    task, instances = build("gsm8k_cot")
    context = instances[0].request.args[0]
    assert task.config.num_fewshot == 8
    assert context.startswith("Q: There are 15 trees in the grove.")
    assert context.count("\nA: ") == 8 and context.count("The answer is") == 8
    assert context.endswith("How many apples does he have?\nA:")


def test_reference_run_over_every_task():
    tasks = ["hellaswag", "arc_easy", "arc_challenge", "lambada_openai", "lambada_multilingual",
             "wikitext", "gsm8k", "gsm8k_cot", "piqa", "winogrande", "boolq", "openbookqa",
             "anli", "commonsense_qa", "asdiv", "asdiv_cot_llama", "arc_challenge_chat", "babi", "c4"]
    res = lmeval.evaluate(model="dummy", tasks=tasks, bootstrap_iters=0)["results"]
    for name in ("hellaswag", "arc_easy", "arc_challenge", "piqa", "openbookqa"):
        assert 0.0 <= res[name]["acc,none"] <= 1.0 and 0.0 <= res[name]["acc_norm,none"] <= 1.0
    for name in ("winogrande", "boolq", "anli_r1", "anli_r2", "anli_r3", "commonsense_qa", "asdiv"):
        assert 0.0 <= res[name]["acc,none"] <= 1.0
    for lang in ("de", "en", "es", "fr", "it"):
        r = res[f"lambada_openai_mt_{lang}"]
        assert r["perplexity,none"] > 1.0 and 0.0 <= r["acc,none"] <= 1.0
    assert res["c4"]["word_perplexity,none"] > 1.0
    wiki = res["wikitext"]
    assert wiki["word_perplexity,none"] > 1.0 and wiki["byte_perplexity,none"] > 1.0
    assert wiki["bits_per_byte,none"] == pytest.approx(math.log2(wiki["byte_perplexity,none"]))
    for name in ("gsm8k", "gsm8k_cot", "asdiv_cot_llama"):
        assert set(res[name]) >= {"exact_match,strict-match", "exact_match,flexible-extract"}
    assert 0.0 <= res["arc_challenge_chat"]["exact_match,remove_whitespace"] <= 1.0
    assert 0.0 <= res["babi"]["exact_match,none"] <= 1.0


@pytest.mark.parametrize("label, target", [(0, "True"), (1, "Neither"), (2, "False")])
def test_anli_labels_map_to_true_neither_false(build, label, target):
    task, _ = build("anli_r2")
    doc = dict(task.eval_docs[0], label=label)
    assert task.doc_to_target(doc) == target
    best = [(-1.0 if i == label else -5.0, False) for i in range(3)]
    assert task.process_results(doc, best)["acc"] == 1.0


def test_anli_scores_the_test_split_of_its_round(build):
    for r in (1, 2, 3):
        task, instances = build(f"anli_r{r}")
        assert task.config.test_split == f"test_r{r}" and task.config.training_split == f"train_r{r}"
        assert instances[0].request.args[0].endswith("True, False, or Neither?\nAnswer:")


def test_commonsense_qa_strips_the_question_and_scores_letters(build):
    task, instances = build("commonsense_qa")
    assert [i.request.args[1] for i in instances] == [" A", " B", " C", " D", " E"]
    assert instances[0].request.args[0].startswith("Question: Where would you put spoon 0")


def test_asdiv_target_drops_the_unit(build):
    task, instances = build("asdiv")
    assert task.eval_docs[0]["answer"] == "14 (marbles)"
    # the exact continuation (lm-eval writes a numeric target with no delimiter) is pinned by
    # the golden requests; here: the unit is gone
    assert instances[0].request.args[1].strip() == "14"


@pytest.mark.parametrize("response, strict, flexible", [
    (" 7 * 2 = 14. The final answer is 14", "14", "14"),
    (" So $1,400 in all.", "[invalid]", "$1,400"),
])
def test_asdiv_cot_llama_extracts_the_final_answer(build, response, strict, flexible):
    task, _ = build("asdiv_cot_llama")
    doc = task.eval_docs[0]
    got = {p.name: p.apply([[response]], [doc])[0] for p in task.filters()}
    assert got == {"strict-match": strict, "flexible-extract": flexible}
    assert task.process_results(doc, [got["strict-match"]])["exact_match"] == float(strict == "14")


def test_arc_challenge_chat_prompts_with_the_answer_prefix(build):
    task, instances = build("arc_challenge_chat")
    context, kwargs = instances[0].request.args
    assert context.endswith("The best answer is")
    assert kwargs["until"] == ["\n\n", "."] and kwargs["max_gen_toks"] == 100
    doc = task.eval_docs[0]
    gold = task.doc_to_target(doc)
    (pipeline,) = task.filters()
    (answer,) = pipeline.apply([[f" {gold.lower()}"]], [doc])
    assert pipeline.name == "remove_whitespace" and answer == gold.lower()
    assert task.process_results(doc, [answer])["exact_match"] == 1.0  # ignore_case


def test_babi_generates_one_line_and_matches_the_spaced_answer(build):
    task, instances = build("babi")
    context, kwargs = instances[0].request.args
    assert context.startswith("Passage: Mary moved to room 0.\nJohn went to the garden.\nQuestion: Where is Mary?")
    assert context.endswith("\nAnswer:") and kwargs["until"] == ["\n", "Passage:"]
    doc = task.eval_docs[0]
    assert task.doc_to_target(doc) == " room 0"
    assert task.process_results(doc, [" room 0"])["exact_match"] == 1.0
    assert task.process_results(doc, ["room 0"])["exact_match"] == 0.0  # the space is part of the target


def test_c4_detokenizes_like_wikitext_and_counts_the_original_text(build):
    task, instances = build("c4")
    doc = task.eval_docs[0]
    (text,) = instances[0].request.args
    assert text == ('The shop 0 opened in 19-00 (near the "old" mill). '
                    "It's open; come!\nPrices: 3.5 dollars, they say .")  # a final " ." stays
    scores = task.process_results(doc, [-40.0])
    assert scores["word_perplexity"] == (-40.0, len(doc["text"].split()))
    assert scores["bits_per_byte"] == (-40.0, len(doc["text"].encode("utf-8")))


# -- issue 18 families ------------------------------------------------------------------------

def _helper_module(task):
    """The module of a task's ``process_results: !function`` helper."""
    import sys

    ref = task.config.process_results
    fn = ref.resolve() if hasattr(ref, "resolve") else ref
    return sys.modules[fn.__module__]


def test_bear_scores_whole_statements_without_context(build):
    task, instances = build("bear")
    assert [i.request.args[0] for i in instances] == ["", "", ""]
    assert instances[0].request.args[1] == "The capital of country 0 (BEAR) is city 0."
    assert task.doc_to_target(task.eval_docs[0]) == 0


def test_careqa_prompt_and_the_stand_in_for_a_missing_question(build):
    task, instances = build("careqa_en")
    assert instances[0].request.args[0].endswith("\nA. Amylase 0\nB. Pepsin\nC. Lipase\nD. Trypsin\nAnswer:")
    missing = task.eval_docs[2]
    assert missing["question"] is None
    text = task.doc_to_text(missing)  # lm-eval's fixed transplant question, with its options
    assert text.startswith("Question: In relation to the immune mechanism") and "Amylase" not in text
    assert task.doc_to_target(missing) == missing["cop"] - 1


def _forget_helper(monkeypatch, filename: str) -> None:
    """Drop an imported ``!function`` helper module, so the next run imports it afresh."""
    import sys

    for key, module in list(sys.modules.items()):
        if key.startswith("lmeval_taskfn_") and str(getattr(module, "__file__", "")).endswith(filename):
            monkeypatch.delitem(sys.modules, key)


@pytest.mark.parametrize("task, libraries, helper, extra", [
    ("careqa_open", ("evaluate",), "open_metrics.py", "careqa-open"),
    ("cnn_dailymail_abisee", ("rouge_score", "rouge_score.rouge_scorer"), "summary_scores.py", "rouge"),
    ("truthfulqa_gen", ("sacrebleu",), "gen_scores.py", "truthfulqa"),
    ("truthfulqa_gen", ("rouge_score", "rouge_score.rouge_scorer"), "gen_scores.py", "truthfulqa"),
])
def test_a_missing_metric_library_stops_the_run_before_the_model(task, libraries, helper, extra,
                                                                  monkeypatch, capsys, tmp_path):
    import sys

    from lmeval.cli import main

    for name in libraries:
        monkeypatch.setitem(sys.modules, name, None)
    _forget_helper(monkeypatch, helper)
    code = main(["run", "--model", "dummy", "--tasks", task, "--output_path", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"pip install 'lmeval-tasks-classic[{extra}]'" in err and len(err.strip().splitlines()) <= 2
    assert "Traceback" not in err and not any(tmp_path.iterdir())  # nothing was run


def test_careqa_open_perplexity_needs_none_of_careqa_opens_libraries(build, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "evaluate", None)
    task, instances = build("careqa_open_perplexity")
    doc = task.eval_docs[0]
    assert instances[0].request.args == (doc["answer"],)
    assert task.process_results(doc, [-10.0])["word_perplexity"] == (-10.0, len(doc["answer"].split()))


def test_cnn_dailymail_rouge_and_the_missing_library(build, monkeypatch):
    import sys

    from lmeval.errors import UsageError

    pytest.importorskip("rouge_score", reason="rouge-score is the pack's [rouge] extra (ci-setup.sh installs it)")
    task, instances = build("cnn_dailymail_abisee")
    context, kwargs = instances[0].request.args
    assert context.startswith("Summarize the following article:\n\nLONDON, England (CNN) -- The  city")
    assert context.endswith("\n\nSummary:") and kwargs["max_gen_toks"] == 128
    doc = task.eval_docs[0]
    perfect = task.process_results(doc, [" Council 0  votes to close the old bridge .\nResidents say it was unsafe ."])
    assert perfect["rouge1"] == perfect["rouge2"] == perfect["rougeL"] == 1.0  # whitespace collapsed
    assert perfect["summary_length"] == 15
    assert task.process_results(doc, [""])["rouge1"] == 0.0
    module = _helper_module(task)
    module._rouge.cache_clear()
    for name in ("rouge_score", "rouge_score.rouge_scorer"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(UsageError, match=r"pip install 'lmeval-tasks-classic\[rouge\]'"):
        task.process_results(doc, ["anything"])
    module._rouge.cache_clear()


@pytest.mark.bert_score
def test_cnn_dailymail_adds_bertscore_when_bert_score_is_installed(build, monkeypatch, tmp_path):
    """With bert-score installed, distilbert-base-uncased's BERTScore joins ROUGE (as in
    lm-eval); the model is a tiny stand-in served under its Hub id, offline."""
    bert_score = pytest.importorskip("bert_score", reason="bert-score is the pack's [bertscore] extra")
    pytest.importorskip("rouge_score", reason="rouge-score is the pack's [rouge] extra (ci-setup.sh installs it)")
    import huggingface_hub.constants as hub
    from lmeval_testkit.encoders import serve_tiny_berts

    cache = serve_tiny_berts(tmp_path / "hub", ["distilbert-base-uncased"])
    for name, value in (("HF_HUB_CACHE", str(cache)), ("HF_HUB_OFFLINE", "1")):
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(hub, "HF_HUB_CACHE", str(cache))
    monkeypatch.setattr(hub, "HF_HUB_OFFLINE", True)
    task, _ = build("cnn_dailymail_abisee")
    doc = task.eval_docs[0]
    answer = " Council 0 votes to close a bridge ."
    got = task.process_results(doc, [answer])
    summary, reference = " ".join(answer.split()), " ".join(doc["highlights"].split())
    p, r, f1 = bert_score.score([summary], [reference], lang="en",
                                model_type="distilbert-base-uncased", verbose=False)
    assert got["bertscore_precision"] == p[0].item() and got["bertscore_recall"] == r[0].item()
    assert got["bertscore_f1"] == f1[0].item()
    assert {"rouge1", "rouge2", "rougeL", "summary_length"} <= set(got)


@pytest.mark.parametrize("answer, score, parseable", [
    ("Anger: 0\nJoy: 3\nFear: 6\nSurprise: 9", 100.0, 100),  # the reference ratings
    ("Surprise: 9 Fear: 6 Joy: 3 Anger: 0", 100.0, 100),  # order does not matter
    ("Anger: 10\nJoy: 3\nFear: 6\nSurprise: 9", 100 - 0.7477 * 10 * 10, 100),  # d > 5 costs d
    ("Anger: 0\nJoy: 3\nFear: 6", 0, 0),  # three emotions
    ("anger: 0\nJoy: 3\nFear: 6\nSurprise: 9", 0, 0),  # a name that is not the reference's
    ("Anger:0\nJoy: 3\nFear: 6\nSurprise: 9", 0, 0),  # no space after the colon: not read
    ("", 0, 0),
])
def test_eq_bench_score(build, answer, score, parseable):
    task, _ = build("eq_bench")
    doc = task.eval_docs[0]  # Anger 0, Joy 3, Fear 6, Surprise 9
    got = task.process_results(doc, [answer])
    assert got["eqbench"] == pytest.approx(score) and got["percent_parseable"] == parseable


def test_click_subsets_follow_the_row_ids(build):
    expected = {
        "click_lang_text": {"CSAT_korean_22_5", "TK_grammar_7"},
        "click_lang_grammar": {"CSAT_korean_15_12", "TK_grammar_2", "Kedu_1_4"},
        "click_lang_function": {"CSAT_korean_23_36", "CSAT_korean_18_7", "Kedu_16_2", "PSE_korean_3"},
        "click_cul_economy": {"Economy_1", "Economy_11"}, "click_cul_history": {"KHB_3", "History_4"},
        "click_cul_law": {"Law_5", "PSAT_6"}, "click_cul_kpop": {"Popular_8"},
    }
    for name, ids in expected.items():
        task, _ = build(name)
        assert {d["id"] for d in task.eval_docs} == ids, name
    task, instances = build("click_lang_function")
    assert [i.request.args[1] for i in instances] == [" A", " B", " C", " D", " E"]  # CSAT: five letters
    assert "\nA:보기 1-0, B: 보기 1-1, C: 보기 1-2, D: 보기 1-3\n정답:" in instances[0].request.args[0]


def test_babilong_reads_the_length_named_in_metadata(build, lmeval_build_requests):
    task, instances = build("babilong_qa1")
    context, kwargs = instances[0].request.args
    assert context.startswith("I will give you context with the facts about positions")
    assert kwargs["until"] == [] and kwargs["max_gen_toks"] == 16
    assert "0k text." in context and context.endswith("\nWhere is Mary in qa1?")
    from lmeval_tasks_classic.tasks.babilong import babilong_helpers  # noqa: F401 - importable as a module

    long = babilong_helpers.load_dataset(max_seq_lengths="4k", qa_split="qa1")
    assert list(long) == ["qa1"] and "4k text." in long["qa1"][0]["input"]
    doc = task.eval_docs[0]  # target "office"
    assert task.process_results(doc, [" The most recent location of Mary is OFFICE.\x07"])["acc"] == 1.0
    assert task.process_results(doc, ["kitchen"])["acc"] == 0.0


def test_reference_run_over_the_issue_18_families():
    pytest.importorskip("rouge_score", reason="cnn_dailymail_abisee needs the [rouge] extra (ci-setup.sh installs it)")
    tasks = ["bear", "bear_big", "careqa_en", "careqa_es", "careqa_open_perplexity", "eq_bench",
             "eqbench_ca", "eqbench_es", "click", "babilong", "babilong_longctx", "acp_bench",
             "cnn_dailymail_abisee"]
    res = lmeval.evaluate(model="dummy", tasks=tasks, bootstrap_iters=0)["results"]
    for name in ("bear", "bear_big", "careqa_en", "careqa_es", "babilong", "babilong_qa20"):
        assert 0.0 <= res[name]["acc,none"] <= 1.0, name
    for name in ("click", "click_lang", "click_cul", "click_cul_kpop"):  # groups weighted by size
        assert 0.0 <= res[name]["acc,none"] <= 1.0 and 0.0 <= res[name]["acc_norm,none"] <= 1.0
    assert res["careqa_open_perplexity"]["word_perplexity,none"] > 1.0
    assert 0.0 <= res["eq_bench"]["percent_parseable,none"] <= 100.0
    assert 0.0 <= res["acp_app_bool"]["exact_match,extract-yes-no"] <= 1.0
    assert 0.0 <= res["acp_val_mcq"]["exact_match,mcq-extract"] <= 1.0
    assert 0.0 <= res["cnn_dailymail_abisee"]["rouge1,none"] <= 1.0


def test_babilong_run_with_metadata_reads_the_longer_config():
    res = lmeval.evaluate(model="dummy", tasks=["babilong_longctx"], metadata={"max_seq_lengths": "4k"},
                          log_samples=True, bootstrap_iters=0)
    assert res["n-samples"]["babilong_qa1"] == {"original": 2, "effective": 2}  # the 4k fixture: 2 rows
    prompt = res["samples"]["babilong_qa1"][0]["arguments"][0][0]
    assert "long 4k text." in prompt and "long 0k text." not in prompt
    assert 0.0 <= res["results"]["babilong_longctx"]["acc,none"] <= 1.0
