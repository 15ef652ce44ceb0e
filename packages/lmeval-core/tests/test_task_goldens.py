"""Golden tests for the per-document metric items a task computes from log-likelihoods.

``golden/tasks.json`` holds, for fixed model answers, what lm-eval 0.4.13's own
``ConfigurableTask.process_results`` returns (written by ``golden/make_golden.py tasks``): acc,
acc_norm (by characters), acc_bytes, acc_mutual_info, exact_match, f1/mcc/brier_score/likelihood
items of ``multiple_choice``; perplexity/acc of ``loglikelihood``; the word and byte counts of
``loglikelihood_rolling``. The suite never imports lm-eval. A stub LM with chosen
log-likelihoods then runs the same code path end to end through ``lmeval.evaluate``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import lmeval
import pytest
from lmeval.protocol import LM
from lmeval.tasks.config import build_task_config
from lmeval.tasks.task import Task
from lmeval.testing import plugin_manager

GOLDEN = json.loads((Path(__file__).parent / "golden" / "tasks.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def pm():
    return plugin_manager()


def _task(case: dict, pm) -> tuple[Task, dict]:
    """A one-document task whose doc_to_* read the columns text / target / choices."""
    doc = case["doc"]
    raw = {"task": "golden", "custom_dataset": lambda **_: {"test": [dict(doc)]},
           "test_split": "test", "output_type": case["output_type"], "doc_to_target": "target",
           "metric_list": [{"metric": m} for m in case["metrics"]]}
    if case["output_type"] != "loglikelihood_rolling":
        raw["doc_to_text"] = "text"
    if "choices" in doc:
        raw["doc_to_choice"] = "choices"
    task = Task(build_task_config(raw), plugins=pm)
    return task, task.eval_docs[0]  # loading the docs detects multiple inputs / targets


def _plain(value):
    """JSON's view of a value: tuples become lists."""
    return json.loads(json.dumps(value))


def _same(actual, expected) -> bool:
    if isinstance(expected, float) or isinstance(actual, float):
        return isinstance(actual, (int, float)) and math.isclose(actual, expected, rel_tol=1e-12, abs_tol=1e-15)
    if isinstance(expected, list):
        return (isinstance(actual, list) and len(actual) == len(expected)
                and all(_same(a, e) for a, e in zip(actual, expected, strict=True)))
    if isinstance(expected, dict):
        return isinstance(actual, dict) and actual.keys() == expected.keys() and all(
            _same(actual[k], expected[k]) for k in expected)
    return actual == expected and type(actual) is type(expected)


def test_golden_covers_the_cases_asked_for():
    names = " ".join(c["name"] for c in GOLDEN)
    for needle in ("acc_norm", "bytes", "ties", "mutual information", "multiple targets",
                   "multiple inputs", "out of range", "empty choice", "ll:", "rolling:"):
        assert needle in names
    assert len(GOLDEN) >= 20


@pytest.mark.parametrize("case", GOLDEN, ids=lambda c: c["name"])
def test_process_results_golden(pm, case):
    task, doc = _task(case, pm)
    results = [tuple(r) if isinstance(r, list) else r for r in case["results"]]
    got = _plain(task.process_results(doc, results))
    assert _same(got, case["expected"]), (got, case["expected"])


def test_metric_items_keep_lm_eval_types(pm):
    """acc* are floats, exact_match and loglikelihood acc are ints, f1/mcc items are (gold, pred)."""
    case = next(c for c in GOLDEN if c["name"] == "mc: argmax, acc_norm by characters")
    task, doc = _task(case, pm)
    out = task.process_results(doc, [tuple(r) for r in case["results"]])
    assert type(out["acc"]) is float and type(out["acc_norm"]) is float
    assert type(out["exact_match"]) is int
    assert out["f1"] == (1, 0) and out["mcc"] == (1, 0)
    ll = next(c for c in GOLDEN if c["name"] == "ll: perplexity item is the log-likelihood")
    task, doc = _task(ll, pm)
    assert task.process_results(doc, [(-2.5, True)]) == {"perplexity": -2.5, "acc": 1}


# ------------------------------------------------------------------- end to end, stub LM


class FixedLM(LM):
    """Answers from fixed tables: continuation → (conditional ll, unconditional ll)."""

    def __init__(self, lls: dict[str, tuple[float, float]] | None = None,
                 greedy: set[str] = frozenset(), rolling: dict[str, float] | None = None) -> None:
        super().__init__()
        self.lls, self.greedy, self.rolling = lls or {}, set(greedy), rolling or {}
        self.seen: list[tuple[str, str]] = []

    def loglikelihood(self, requests):
        out = []
        for r in requests:
            self.seen.append((r.context, r.continuation))
            conditional, unconditional = self.lls[r.continuation]
            out.append((unconditional if r.context == "" else conditional, r.continuation in self.greedy))
        return out

    def loglikelihood_rolling(self, requests):
        return [self.rolling[r.text] for r in requests]


def _run(lm: LM, config: dict) -> dict:
    return lmeval.evaluate(lm, tasks=[config], plugins=plugin_manager(), log_samples=True,
                           bootstrap_iters=0)


MC_DOCS = [
    {"q": "Q0", "choices": ["a", "bbbb"], "label": 1},
    {"q": "Q1", "choices": ["x", "y"], "label": 0},
    {"q": "Q2", "choices": ["\u00e9", "e"], "label": 0},
]


def test_multiple_choice_metrics_end_to_end(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path))
    lm = FixedLM({
        " a": (-1.0, -0.5), " bbbb": (-2.0, -3.0),   # acc 0, acc_norm 1 (-1 vs -0.5), MI 1
        " x": (-0.1, -0.3), " y": (-0.2, -0.1),      # everything right
        " \u00e9": (-1.0, -1.0), " e": (-0.6, -1.0),  # acc 0, acc_norm 0, acc_bytes 1 (-0.5 vs -0.6), MI 0
    }, greedy={" x"})
    config = {"task": "mc_fixed", "custom_dataset": lambda **_: {"test": [dict(d) for d in MC_DOCS]},
              "test_split": "test", "output_type": "multiple_choice", "doc_to_text": "{{q}}",
              "doc_to_choice": "choices", "doc_to_target": "label",
              "metric_list": [{"metric": m} for m in
                              ("acc", "acc_norm", "acc_bytes", "acc_mutual_info", "exact_match")]}
    out = _run(lm, config)
    r = out["results"]["mc_fixed"]
    assert r["acc,none"] == pytest.approx(1 / 3)
    assert r["acc_norm,none"] == pytest.approx(2 / 3)
    assert r["acc_bytes,none"] == 1.0
    assert r["acc_mutual_info,none"] == pytest.approx(2 / 3)
    assert r["exact_match,none"] == pytest.approx(1 / 3)
    samples = out["samples"]["mc_fixed"]
    assert [(s["acc"], s["acc_norm"], s["acc_bytes"], s["acc_mutual_info"]) for s in samples] == [
        (0.0, 1.0, 1.0, 1.0), (1.0, 1.0, 1.0, 1.0), (0.0, 0.0, 1.0, 0.0)]
    # per document: one conditional request per choice, then one unconditional ("" context) each
    assert samples[0]["arguments"] == [["Q0", " a"], ["Q0", " bbbb"], ["", " a"], ["", " bbbb"]]


def test_loglikelihood_and_rolling_perplexity_end_to_end(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path))
    texts = ["a b", "c  d e", "\u00e9t\u00e9"]
    lm = FixedLM({" yes": (-0.5, 0.0), " no": (-2.0, 0.0)}, greedy={" yes"},
                 rolling={"a b": -2.0, "c  d e": -4.0, "\u00e9t\u00e9": -3.0})
    docs = [{"text": t} for t in texts]
    rolling = _run(lm, {"task": "roll", "custom_dataset": lambda **_: {"test": docs}, "test_split": "test",
                        "output_type": "loglikelihood_rolling", "doc_to_target": "text"})
    r = rolling["results"]["roll"]
    words, nbytes, total = 2 + 3 + 1, 3 + 6 + 5, 9.0
    assert r["word_perplexity,none"] == pytest.approx(math.exp(total / words))
    assert r["byte_perplexity,none"] == pytest.approx(math.exp(total / nbytes))
    assert r["bits_per_byte,none"] == pytest.approx(total / nbytes / math.log(2))
    assert [tuple(s["word_perplexity"]) for s in rolling["samples"]["roll"]] == [(-2.0, 2), (-4.0, 3), (-3.0, 1)]

    qa = [{"q": "Is it?", "a": "yes"}, {"q": "Is it not?", "a": "no"}]
    ll = _run(lm, {"task": "ll", "custom_dataset": lambda **_: {"test": qa}, "test_split": "test",
                   "output_type": "loglikelihood", "doc_to_text": "{{q}}", "doc_to_target": " {{a}}"})
    r = ll["results"]["ll"]
    assert r["perplexity,none"] == pytest.approx(math.exp((0.5 + 2.0) / 2))
    assert r["acc,none"] == 0.5
    assert [s["perplexity"] for s in ll["samples"]["ll"]] == [-0.5, -2.0]
