"""Writes metrics.json, filters.json and tasks.json with lm-eval 0.4.13 as the oracle. By hand:

    <python with lm-eval 0.4.13> packages/lmeval-core/tests/golden/make_golden.py \
        packages/lmeval-core/tests/golden [metrics] [filters] [tasks]

With no part named, all three files are written (metrics takes minutes: bootstrap stderrs).
benchmarks/.work/ref-venv has lm-eval 0.4.13 once benchmarks/parity has been set up.
The test suite reads the JSON files and never imports lm-eval.
"""
import json
import os
import sys

os.environ["DISABLE_MULTIPROC"] = "1"
import contextlib
import io
import random

import numpy as np
from lm_eval.api import metrics as M
from lm_eval.filters import extraction, selection, transformation


def f(x):
    if isinstance(x, (np.floating, np.integer)):
        return x.item()
    return x


here = sys.argv[1]
PARTS = set(sys.argv[2:]) or {"metrics", "filters", "tasks"}

if "metrics" in PARTS:
    nan = float("nan")
    agg_cases = {
     "mean": [[1, 0, 1, 1], [0.5], [0.1, 0.2, 0.3], [-1.5, 2.25, 7.0, 0.0, 3.125]],
     "median": [[3, 1, 2], [4, 1, 3, 2], [5, 5, 5, 1], [-2.0, 0.5], [7.25]],
     "nanmean": [[1.0, nan, 3.0], [nan, nan], [0.25, 0.5], [nan, 2.0]],
     "perplexity": [[-1.0, -2.0, -0.5], [0.0], [-10.25, -3.5, -0.001, -7.0]],
     "weighted_perplexity": [[[-10.0, 5], [-4.0, 3]], [[-100.5, 40], [-3.25, 1], [0.0, 2]]],
     "bits_per_byte": [[[-10.0, 5], [-4.0, 3]], [[-100.5, 40], [-3.25, 1], [0.0, 2]]],
     "f1": [[[1, 1], [0, 1], [1, 0], [0, 0], [1, 1]], [[0, 0], [0, 0]], [[1, 1], [1, 1]], [[0, 1], [0, 1]], [[1, 0], [1, 0], [0, 0]], [[True, True], [False, True]]],
     "matthews_corrcoef": [[[1, 1], [0, 1], [1, 0], [0, 0], [1, 1]], [[0, 0], [1, 1], [2, 2], [2, 0], [1, 2], [0, 0]], [[1, 1], [1, 1]], [[1, 0], [0, 1]], [[0, 0], [1, 0], [0, 0]]],
     "brier_score": [[[0, [0.7, 0.2, 0.1]], [2, [0.3, 0.3, 0.4]]], [[1, [0.5, 0.5]]], [[0, [1.0, 0.0]], [1, [1.0, 0.0]]]],
     "bleu": [[["the cat sat on the mat", "the cat sat on a mat"], ["hello world", "hello world"]], [[["a b c d", "a b c e"], "a b c d"], [["x y z", "x y"], "x y w"]], [["Grüße aus Köln", "Grüße aus Bonn"], ["日本語 の 文", "日本語 の 文"]]],
     "chrf": None, "chrf++": None, "ter": None,
    }
    for k in ("chrf", "chrf++", "ter"):
        agg_cases[k] = agg_cases["bleu"]
    fns = {"mean": M.mean, "median": M.median, "nanmean": M.nanmean, "perplexity": M.perplexity,
           "weighted_perplexity": M.weighted_perplexity, "bits_per_byte": M.bits_per_byte, "f1": M.f1_score,
           "matthews_corrcoef": M.matthews_corrcoef, "brier_score": M.brier_score, "bleu": M.bleu, "chrf": M.chrf,
           "chrf++": M.chrfpp, "ter": M.ter}
    out = {"aggregations": [], "stderr": [], "exact_match": [], "groups": []}
    for name, cases in agg_cases.items():
        for items in cases:
            it = [tuple(x) if isinstance(x, list) and name not in ("mean","median","nanmean","perplexity") else x for x in items]
            if name == "brier_score":
                it = [(g, np.array(p)) for g, p in items]
            out["aggregations"].append({"aggregation": name, "items": items, "expected": f(fns[name](it))})

    # stderr: closed form and bootstrap (no-mp path == mp path numerically)
    rnd = random.Random(1234)
    ll = [round(-rnd.random() * 5, 4) for _ in range(40)]
    bits = [rnd.randint(0, 1) for _ in range(40)]
    pairs = [[rnd.randint(0, 1), rnd.randint(0, 1)] for _ in range(30)]
    pairs3 = [[rnd.randint(0, 2), rnd.randint(0, 2)] for _ in range(30)]
    vals = [round(rnd.random(), 3) for _ in range(25)]
    withnan = vals[:10] + [nan] + vals[10:15]
    translations = [[f"w{rnd.randint(0,5)} w{rnd.randint(0,5)} w{rnd.randint(0,5)}", f"w{rnd.randint(0,5)} w{rnd.randint(0,5)} w{rnd.randint(0,5)}"] for _ in range(12)]
    stderr_cases = [
     ("mean", "acc", bits, 100000), ("mean", "acc", [1, 1], 1000), ("mean", "acc", vals, 1000),
     ("perplexity", "perplexity", ll, 2000), ("median", "median", vals, 1500),
     ("f1", "f1", pairs, 2000), ("matthews_corrcoef", "mcc", pairs3, 2000), ("nanmean", "nanmean", withnan, 1000),
     ("bleu", "bleu", translations, 100000), ("chrf", "chrf", translations, 100000), ("ter", "ter", translations, 100),
     ("perplexity", "perplexity", ll, 2500),
    ]
    for agg, metric, items, iters in stderr_cases:
        fn = fns[agg]
        it = [tuple(x) for x in items] if isinstance(items[0], list) else items
        sfn = M.stderr_for_metric(fn, min(iters, 100) if metric in ("bleu","chrf","chrf++","ter") else iters)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            val = sfn(it)
        out["stderr"].append({"aggregation": agg, "metric": metric, "items": items, "bootstrap_iters": iters, "expected": f(val)})

    em_cases = [
     (["Paris", "paris", " Paris", "Lyon"], ["Paris", "Paris", "Paris", "Lyon"], {}),
     (["Paris", "paris", " Paris"], ["Paris", "Paris", "Paris"], {"ignore_case": True}),
     (["The answer is 42.", "42!", "4,2"], ["the answer is 42", "42", "42"], {"ignore_case": True, "ignore_punctuation": True}),
     (["abc123", "a1b2c3", "abc"], ["abc", "abc", "abc 4"], {"ignore_numbers": True}),
     (["The answer is 42", "answer: 17", "17"], ["42", "17", "17"], {"regexes_to_ignore": ["^.*is ", "answer: "]}),
     (["$1,000", "1000"], ["1000", "1000"], {"regexes_to_ignore": [",", "\\$"]}),
     (["Straße«»", "ÉCOLE", "naïve—"], ["straße", "école", "naïve"], {"ignore_case": True, "ignore_punctuation": True}),
     (["  x ", "x"], ["x", "x"], {"regexes_to_ignore": ["\\s+"], "ignore_case": True, "ignore_punctuation": True, "ignore_numbers": True}),
     (["A.B", "a b"], ["ab", "ab"], {"ignore_case": True, "ignore_punctuation": True}),
     (["", ""], ["", "x"], {}),
    ]
    for preds, refs, kw in em_cases:
        out["exact_match"].append({"predictions": preds, "references": refs, "kwargs": kw,
                                   "expected": f(M.exact_match_hf_evaluate(predictions=preds, references=refs, **kw)["exact_match"])})

    group_cases = [([0.1, 0.05, 0.2], [100, 50, 10], [0.5, 0.7, 0.9]), ([0.02, 0.02], [10, 10], [0.3, 0.4]), ([0.013], [200], [0.66]),
                   ([0.01, 0.03, 0.015, 0.04], [1000, 30, 400, 7], [0.8, 0.2, 0.55, 1.0])]
    for st, sz, ms in group_cases:
        out["groups"].append({"stderrs": st, "sizes": sz, "metrics": ms,
            "pooled": f(M.pooled_sample_stderr(st, sz)), "unweighted": f(M.unweighted_mean_stderr(st)),
            "combined": f(M.combined_sample_stderr(st, sz, metrics=ms)),
            "weighted_mean": f(M.aggregate_subtask_metrics(ms, sz, True)), "plain_mean": f(M.aggregate_subtask_metrics(ms, sz, False))})

    with open(os.path.join(here, "metrics.json"), "w") as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False)

if "filters" in PARTS:
    # ---------------------------------------------------------------- filters
    F = {"take_first": selection.TakeFirstFilter, "take_first_k": selection.TakeKFilter, "majority_vote": selection.MajorityVoteFilter,
         "lowercase": transformation.LowercaseFilter, "uppercase": transformation.UppercaseFilter, "map": transformation.MapFilter,
         "format_span": transformation.SPANFilter, "regex": extraction.RegexFilter, "regex_pos": extraction.POSFilter,
         "remove_whitespace": extraction.WhitespaceFilter, "multi_choice_regex": extraction.MultiChoiceRegexFilter}
    fc = [
     ("take_first", {}, [["a", "b"], ["c"], ["ü", "x"]], None),
     ("take_first_k", {"k": 2}, [["a", "b", "c"], ["d", "e", "f"]], None),
     ("take_first_k", {"k": 1}, [["a", "b"], ["c", "d"]], None),
     ("majority_vote", {}, [["a", "b", "a"], ["x", "y"], ["y", "x", "x", "y"], ["z"], ["", "", "q"]], None),
     ("lowercase", {}, [["HeLLo", "ÄÖÜ ẞ"], [""]], None),
     ("uppercase", {}, [["HeLLo", "straße"], ["ﬁ"]], None),
     ("map", {"mapping_dict": {"yes": 1, "no": 0}, "default_value": -1}, [["yes", "no", "maybe"], ["no"]], None),
     ("map", {"mapping_dict": {"A": "(A)"}}, [["A", "B"]], None),
     ("map", {}, [["A"]], None),
     ("format_span", {}, [["Person: John Smith\nLocation: Kenya, Uganda", "ORG: none $$ DATE: 1999$$"], ["people: Ann, None\ncompany: ACME", "persona: x"]], None),
     ("regex", {}, [["so #### 42", "#### -1,000.5 and #### 7", "none"]], None),
     ("regex", {"regex_pattern": r"The answer is (\-?[0-9\.\,]+)", "group_select": -1, "fallback": "[none]"}, [["The answer is 3. The answer is 4.", "nothing", "The answer is 10"]], None),
     ("regex", {"regex_pattern": r"(?:answer is (\d+))|(?:=\s*(\d+))", "group_select": 0}, [["x = 12", "answer is 5 = 6", "no"]], None),
     ("regex", {"regex_pattern": r"(a)?(b)?", "group_select": 0, "fallback": " fb "}, [["ccc", "b"]], None),
     ("regex", {"regex_pattern": r"\d*", "group_select": 1}, [["x1", "12 3"]], None),
     ("regex", {"regex_pattern": r"[A-D]", "group_select": 0}, [["B or C", "é"], ["", "A"]], None),
     ("regex_pos", {}, [["[('The', 'DET'), ('cat', 'NOUN')]", "nothing"], ["('a', 'X')"]], None),
     ("regex_pos", {"fallback": ["none"]}, [["no tags"]], None),
     ("remove_whitespace", {}, [["  a b  ", "\n\tc\n", ""], ["\u3000x\u3000"]], None),
     # edge cases: non-string and nested responses, no stripping, one document
 ("take_first", {}, [[1, 2], [None, "x"], [["nested"], "y"], ["", "b"], [" a ", "c"]], None),
 ("take_first", {}, [["only"]], None),
 # ties go to the first seen; votes are exact (case, whitespace), any hashable response
 ("majority_vote", {}, [["a", "b", "b", "a"], ["A", "a", "a"], ["x ", "x", "x "], [1, 2, 2], ["p", "q", "r"],
                        ["5", "6", "6", "5", "5"]], None),
 ("lowercase", {}, [["\u03a3\u0391\u03a3 \u039f\u0394\u039f\u03a3"], ["\u0130stanbul"], ["\u01c5 \u01c4"],
                    ["123 ABC!"], ["\uff21\uff22\uff23"]], None),
 ("uppercase", {}, [["\u0149"], ["\u01c6"], ["\u0131 i"], ["\u03a9 \u03c9 \u00b5"], ["123 abc!"], [""]], None),
 ("format_span", {}, [["time: 5pm $$ date: monday", "PERSON:Alice,Bob,none", "", "no entities here"],
                      ["counties: Kent $$ continent: Asia$$$$", "superperson: X", "the person: x", "loc: a $ org: b",
                       "PER: John\n\nLOC: none", "Organization : UN, WHO"]], None),
 ("remove_whitespace", {}, [["\r\n x \r\n", "\u00a0nbsp\u00a0", "\u200bzw\u200b", "a\n b", "   "]], None),
]
    mc_docs = [{"choices": ["Paris", "Paris, Texas", "Lyon", "Nice"]}, {"choices": ["yes", "no"]}, {"choices": ["Guilty", "Guilty of Romance", "Innocent"]}]
    mc_resps = [["The answer is (C)", "I think it is Paris, Texas.", "answer: D", "paris", "The capital is lyon!"],
                ["#### 12", "No.", "NO", "hmm: B", "maybe"],
                ["Guilty of Romance", "guilty", "The verdict: A", "innocent!!"]]
    fc += [
     ("multi_choice_regex", {"regex_pattern": r"(\([A-D]\))", "group_select": 0}, mc_resps, mc_docs),
     ("multi_choice_regex", {"regex_pattern": r"(\([A-D]\))", "group_select": 0, "ignore_case": True, "ignore_punctuation": True}, mc_resps, mc_docs),
     ("multi_choice_regex", {"regex_pattern": r"(\([A-D]\))", "ignore_case": True, "regexes_to_ignore": [" ", "\\."]}, mc_resps, mc_docs),
     ("multi_choice_regex", {}, mc_resps, mc_docs),
    ]
    fout = []
    for name, kw, resps, docs in fc:
        docs = docs or [{} for _ in resps]
        res = F[name](**kw).apply(resps, docs)
        fout.append({"filter": name, "kwargs": kw, "resps": resps, "docs": docs, "expected": [list(r) if isinstance(r, (list, tuple)) else r for r in res]})
    with open(os.path.join(here, "filters.json"), "w") as fh:
        json.dump(fout, fh, indent=1, ensure_ascii=False)

# ---------------------------------------------------------------- tasks
# Per-document metric items of the log-likelihood output types: lm-eval's own
# ConfigurableTask.process_results, called on a stand-in task whose doc_to_* read the columns
# text / target / choices (as the test's task does), with fixed model answers.
if "tasks" in PARTS:
    from types import SimpleNamespace

    from lm_eval.api.task import ConfigurableTask

    def norm(x):
        if isinstance(x, (np.floating, np.integer, np.bool_)):
            return x.item()
        if isinstance(x, np.ndarray):
            return [norm(v) for v in x.tolist()]
        if isinstance(x, (list, tuple)):
            return [norm(v) for v in x]
        if isinstance(x, dict):
            return {k: norm(v) for k, v in x.items()}
        return x

    def oracle(output_type, metrics, doc, results):
        target, text = doc.get("target"), doc.get("text")
        task = SimpleNamespace(
            config=SimpleNamespace(process_results=None, doc_to_choice="choices" if "choices" in doc else None),
            OUTPUT_TYPE=output_type, _metric_fn_list=dict.fromkeys(metrics),
            multiple_input=len(doc["choices"]) if isinstance(text, int) and "choices" in doc else 0,
            multiple_target=len(target) if isinstance(target, list) else 0,
            doc_to_choice=lambda d: d["choices"], doc_to_target=lambda d: d["target"],
            doc_to_text=lambda d: d["text"],
            count_words=ConfigurableTask.count_words, count_bytes=ConfigurableTask.count_bytes)
        answers = [tuple(r) if isinstance(r, list) else r for r in results]
        with contextlib.redirect_stderr(io.StringIO()):  # the out-of-range-label warnings
            return norm(ConfigurableTask.process_results(task, doc, answers))

    MC = ["acc", "acc_norm", "acc_bytes", "exact_match", "f1", "mcc", "brier_score", "likelihood"]
    T, F_ = True, False
    three = [[-1.0, F_], [-1.5, T], [-2.0, F_]]
    tc = [
     ("mc: argmax, acc_norm by characters", "multiple_choice", MC, {"text": "Q", "choices": ["a", "bb", "ccc"], "target": 1}, three),
     ("mc: default metrics only", "multiple_choice", ["acc", "acc_norm"], {"text": "Q", "choices": ["a", "bb", "ccc"], "target": 2}, three),
     ("mc: acc_norm rescues a long gold", "multiple_choice", MC, {"text": "Q", "choices": ["x", "yyyy"], "target": 1}, [[-2.0, T], [-4.0, F_]]),
     ("mc: bytes differ from characters", "multiple_choice", MC, {"text": "Q", "choices": ["\u00e9", "e"], "target": 0}, [[-1.0, F_], [-0.6, T]]),
     ("mc: CJK bytes", "multiple_choice", MC, {"text": "Q", "choices": ["\u65e5\u672c", "abc"], "target": 0}, [[-3.0, T], [-3.5, F_]]),
     ("mc: ties go to the first", "multiple_choice", MC, {"text": "Q", "choices": ["a", "b", "c"], "target": 2}, [[-1.0, F_], [-1.0, F_], [-1.0, T]]),
     ("mc: gold given as choice text", "multiple_choice", MC, {"text": "Q", "choices": ["no", "yes"], "target": "yes"}, [[-0.2, T], [-0.9, F_]]),
     ("mc: gold text not among the choices", "multiple_choice", MC, {"text": "Q", "choices": ["no", "yes"], "target": "maybe"}, [[-0.2, T], [-0.9, F_]]),
     ("mc: gold index out of range", "multiple_choice", MC, {"text": "Q", "choices": ["no", "yes"], "target": 5}, [[-0.9, F_], [-0.2, T]]),
     ("mc: greedy gold is an exact match", "multiple_choice", MC, {"text": "Q", "choices": ["a", "b"], "target": 0}, [[-0.1, T], [-3.0, F_]]),
     ("mc: multiple targets", "multiple_choice", MC, {"text": "Q", "choices": ["a", "b", "c"], "target": [0, 2]}, [[-3.0, F_], [-2.0, T], [-1.0, T]]),
     ("mc: multiple targets, one out of range", "multiple_choice", MC, {"text": "Q", "choices": ["a", "b", "c"], "target": [1, 7]}, [[-3.0, T], [-2.0, F_], [-1.0, F_]]),
     ("mc: mutual information picks the gold", "multiple_choice", [*MC, "acc_mutual_info"], {"text": "Q", "choices": ["a", "bb", "c"], "target": 2},
      [[-1.0, F_], [-2.0, F_], [-1.5, F_], [-0.5, F_], [-2.5, F_], [-3.0, F_]]),
     ("mc: mutual information misses the gold", "multiple_choice", ["acc", "acc_mutual_info"], {"text": "Q", "choices": ["a", "bb", "c"], "target": 0},
      [[-1.0, T], [-2.0, F_], [-1.5, F_], [-0.5, F_], [-2.5, F_], [-3.0, F_]]),
     ("mc: empty choice with zero log-likelihood (0/0 is NaN, and argmax takes NaN)", "multiple_choice", MC,
      {"text": "Q", "choices": ["x", ""], "target": 1}, [[-0.1, T], [0.0, F_]]),
     ("mc: empty choice with negative log-likelihood", "multiple_choice", MC, {"text": "Q", "choices": ["x", ""], "target": 0}, [[-0.5, T], [-0.2, F_]]),
     ("mc: multiple inputs, gold from doc_to_text", "multiple_choice", MC, {"text": 1, "choices": ["The cat", "The dog"], "target": "sat."},
      [[-4.0, F_], [-3.0, T]]),
     ("mc: one choice", "multiple_choice", MC, {"text": "Q", "choices": ["only"], "target": 0}, [[-7.25, F_]]),
     ("mc: large log-likelihood gaps", "multiple_choice", MC, {"text": "Q", "choices": ["a", "b"], "target": 1}, [[-1000.0, F_], [-999.0, T]]),
     ("ll: perplexity item is the log-likelihood", "loglikelihood", ["perplexity", "acc"], {"text": "Q", "target": " A"}, [[-2.5, T]]),
     ("ll: zero log-likelihood, not greedy", "loglikelihood", ["perplexity", "acc"], {"text": "Q", "target": " A"}, [[0.0, F_]]),
     ("ll: acc alone", "loglikelihood", ["acc"], {"text": "Q", "target": " A"}, [[-1e-9, T]]),
     ("rolling: words and bytes", "loglikelihood_rolling", ["word_perplexity", "byte_perplexity", "bits_per_byte"], {"target": "Hello world  foo"}, [-12.5]),
     ("rolling: edge whitespace counts as words", "loglikelihood_rolling", ["word_perplexity", "byte_perplexity", "bits_per_byte"], {"target": " a  b "}, [-3.0]),
     ("rolling: empty text", "loglikelihood_rolling", ["word_perplexity", "byte_perplexity", "bits_per_byte"], {"target": ""}, [0.0]),
     ("rolling: non-ASCII bytes", "loglikelihood_rolling", ["word_perplexity", "byte_perplexity", "bits_per_byte"], {"target": "h\u00e9llo w\u00f6rld \u65e5\u672c"}, [-20.0]),
     ("rolling: tabs and newlines", "loglikelihood_rolling", ["word_perplexity", "bits_per_byte"], {"target": "one\ttwo\nthree\r\n"}, [-7.5]),
    ]
    tout = []
    for name, output_type, metrics, doc, results in tc:
        tout.append({"name": name, "output_type": output_type, "metrics": metrics, "doc": doc, "results": results,
                     "expected": oracle(output_type, metrics, doc, results)})
    with open(os.path.join(here, "tasks.json"), "w") as fh:
        json.dump(tout, fh, indent=1, ensure_ascii=False)

print("ok", sorted(PARTS))
