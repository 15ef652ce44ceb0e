"""Golden tests for the built-in metrics, aggregations and stderr arithmetic.

``golden/metrics.json`` was produced once with lm-eval 0.4.13 as an oracle (inputs → its
outputs); the suite itself never imports lm-eval. Hand-computed cases cover the edges.
"""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from pathlib import Path

import lmeval.filters
import lmeval.metrics
import pytest
from lmeval.errors import UsageError
from lmeval.metrics import (
    DEFAULT_METRICS,
    aggregate_subtask_metrics,
    combined_sample_stderr,
    exact_match,
    group_stderr,
    pooled_sample_stderr,
    stderr_for,
    unweighted_mean_stderr,
)
from lmeval.metrics import aggregations as agg
from lmeval.metrics import stderr as stderr_mod
from lmeval.plugins import PluginManager

GOLDEN = json.loads((Path(__file__).parent / "golden" / "metrics.json").read_text(encoding="utf-8"))
HAS_SACREBLEU = importlib.util.find_spec("sacrebleu") is not None
SACREBLEU_AGGS = {"bleu", "chrf", "chrf++", "ter"}
needs_sacrebleu = pytest.mark.skipif(not HAS_SACREBLEU, reason="sacrebleu is not installed (pip install sacrebleu)")


def close(a, b, rel=1e-9, abs_=1e-12):
    if isinstance(b, float) and math.isnan(b):
        return isinstance(a, float) and math.isnan(a)
    return a == pytest.approx(b, rel=rel, abs=abs_)


@pytest.fixture(scope="module")
def pm() -> PluginManager:
    try:
        return PluginManager(autoload=False)
    except ImportError:  # another built-in module of the core is not there yet
        return PluginManager(autoload=False, builtins=False, plugins=[lmeval.metrics, lmeval.filters])


# ---------------------------------------------------------------------------- registration

# name: (aggregation, higher_is_better, output types) as lm-eval registers them
EXPECTED_METRICS = {
    "acc": ("mean", True, {"loglikelihood", "multiple_choice"}),
    "acc_norm": ("mean", True, {"loglikelihood", "multiple_choice"}),
    "acc_bytes": ("mean", True, {"loglikelihood", "multiple_choice"}),
    "acc_mutual_info": ("mean", True, {"multiple_choice"}),
    "likelihood": ("mean", True, {"multiple_choice"}),
    "exact_match": ("mean", True, {"generate_until"}),
    "perplexity": ("perplexity", False, {"loglikelihood"}),
    "word_perplexity": ("weighted_perplexity", False, {"loglikelihood_rolling"}),
    "byte_perplexity": ("weighted_perplexity", False, {"loglikelihood_rolling"}),
    "bits_per_byte": ("bits_per_byte", False, {"loglikelihood_rolling"}),
    "mcc": ("matthews_corrcoef", True, {"multiple_choice"}),
    "f1": ("f1", True, {"multiple_choice"}),
    "bleu": ("bleu", True, {"generate_until"}),
    "chrf": ("chrf", True, {"generate_until"}),
    "ter": ("ter", False, {"generate_until"}),
    "brier_score": ("brier_score", False, {"multiple_choice"}),
    "acc_all": ("acc_all", True, {"loglikelihood"}),
    "bypass": ("bypass", True, {"loglikelihood", "multiple_choice", "generate_until"}),
}
EXPECTED_AGGREGATIONS = ["mean", "median", "nanmean", "perplexity", "weighted_perplexity", "bits_per_byte",
                         "f1", "matthews_corrcoef", "bleu", "chrf", "ter", "brier_score"]


def test_every_metric_is_registered_with_lm_eval_metadata(pm):
    for name, (aggregation, higher, output_types) in EXPECTED_METRICS.items():
        entry = pm.metrics.get(name)
        assert entry.distribution == "lmeval-core"
        assert entry.meta["aggregation"] == aggregation, name
        assert entry.meta["higher_is_better"] is higher, name
        assert set(entry.meta["output_types"]) == output_types, name
        assert callable(entry.load())


def test_every_aggregation_is_registered(pm):
    for name in [*EXPECTED_AGGREGATIONS, *(m[0] for m in EXPECTED_METRICS.values())]:
        assert callable(pm.aggregations.get(name).load()), name


def test_default_metrics_are_lm_evals_and_registered(pm):
    assert DEFAULT_METRICS == {
        "loglikelihood": ["perplexity", "acc"],
        "loglikelihood_rolling": ["word_perplexity", "byte_perplexity", "bits_per_byte"],
        "multiple_choice": ["acc", "acc_norm"],
        "generate_until": ["exact_match"],
    }
    for names in DEFAULT_METRICS.values():
        for name in names:
            assert name in pm.metrics


def test_unknown_metric_suggests_the_closest(pm):
    with pytest.raises(UsageError, match="did you mean 'exact_match'"):
        pm.metrics.get("exact_mach")


def test_core_metrics_do_not_import_numpy():
    code = (
        "import sys, lmeval.metrics as m, lmeval.filters\n"
        "m.stderr_for('median', [0.1, 0.5, 0.2, 0.9], 200)\n"
        "m.stderr_for('f1', [(0, 1), (1, 1), (1, 0)], 200)\n"
        "assert 'numpy' not in sys.modules, 'numpy was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --------------------------------------------------------------------- golden aggregations


@pytest.mark.parametrize("case", GOLDEN["aggregations"],
                         ids=lambda c: f"{c['aggregation']}-{len(c['items'])}")
def test_aggregation_golden(pm, case):
    if case["aggregation"] in SACREBLEU_AGGS and not HAS_SACREBLEU:
        pytest.skip("sacrebleu is not installed (pip install sacrebleu)")
    fn = pm.aggregations.get(case["aggregation"]).load()
    assert close(fn(case["items"]), case["expected"])


@pytest.mark.parametrize("case", GOLDEN["exact_match"], ids=lambda c: ",".join(c["kwargs"]) or "plain")
def test_exact_match_golden(case):
    got = exact_match(references=case["references"], predictions=case["predictions"], **case["kwargs"])
    assert set(got) == {"exact_match"}
    assert close(got["exact_match"], case["expected"])


@pytest.mark.parametrize("case", GOLDEN["stderr"],
                         ids=lambda c: f"{c['aggregation']}-{c['bootstrap_iters']}")
def test_stderr_matches_lm_eval_bootstrap(case):
    if case["aggregation"] in SACREBLEU_AGGS and not HAS_SACREBLEU:
        pytest.skip("sacrebleu is not installed (pip install sacrebleu)")
    items = [tuple(x) if isinstance(x, list) else x for x in case["items"]]
    got = stderr_for(case["aggregation"], items, case["bootstrap_iters"], metric=case["metric"], workers=1)
    assert close(got, case["expected"], rel=1e-7)


@pytest.mark.parametrize("case", GOLDEN["groups"], ids=lambda c: f"k{len(c['sizes'])}")
def test_group_arithmetic_golden(case):
    st, sz, ms = case["stderrs"], case["sizes"], case["metrics"]
    assert close(pooled_sample_stderr(st, sz), case["pooled"])
    assert close(unweighted_mean_stderr(st), case["unweighted"])
    assert close(combined_sample_stderr(st, sz, ms), case["combined"])
    assert close(aggregate_subtask_metrics(ms, sz, True), case["weighted_mean"])
    assert close(aggregate_subtask_metrics(ms, sz, False), case["plain_mean"])
    assert close(group_stderr(st, sz, True), case["pooled"])
    assert close(group_stderr(st, sz, False), case["unweighted"])


# ------------------------------------------------------------------------- hand-computed


def test_mean_median_edges():
    assert agg.mean([1, 0, 1, 0]) == 0.5
    assert math.isnan(agg.mean([]))
    assert agg.median([1, 2, 3, 4]) == 3  # upper median, not 2.5
    assert agg.median([2, 2, 1]) == 2
    assert agg.median([-1.0]) == -1.0
    assert math.isnan(agg.median([]))


def test_nanmean_skips_nan():
    nan = float("nan")
    assert agg.nanmean([1.0, nan, 2.0]) == 1.5
    assert math.isnan(agg.nanmean([nan, nan]))
    assert math.isnan(agg.nanmean([]))
    assert agg.nanmean([3]) == 3


def test_perplexities_by_hand():
    assert agg.perplexity([-1.0, -3.0]) == pytest.approx(math.e**2)
    assert agg.perplexity([0.0]) == 1.0
    # two documents: loglikelihoods -6 and -2 over 2 and 2 words
    assert agg.weighted_perplexity([(-6.0, 2), (-2.0, 2)]) == pytest.approx(math.e**2)
    assert agg.bits_per_byte([(-math.log(2) * 8, 4), (0.0, 4)]) == pytest.approx(1.0)


def test_f1_by_hand():
    # tp=2 fp=1 fn=1 → 2*2 / (4+1+1)
    assert agg.f1_score([(1, 1), (1, 1), (0, 1), (1, 0), (0, 0)]) == pytest.approx(4 / 6)
    assert agg.f1_score([(0, 0), (0, 0)]) == 0.0  # no positives at all
    assert agg.f1_score([(True, True), (False, False)]) == 1.0
    with pytest.raises(ValueError, match="multiclass"):
        agg.f1_score([(0, 1), (2, 1)])


def test_mcc_by_hand():
    assert agg.matthews_corrcoef([(0, 0), (1, 1)]) == pytest.approx(1.0)
    assert agg.matthews_corrcoef([(0, 1), (1, 0)]) == pytest.approx(-1.0)
    assert agg.matthews_corrcoef([(1, 1), (1, 1)]) == 0.0  # constant marginals
    # tp=1 tn=1 fp=1 fn=1 → 0
    assert agg.matthews_corrcoef([(1, 1), (0, 0), (0, 1), (1, 0)]) == pytest.approx(0.0)
    assert agg.matthews_corrcoef([("a", "a"), ("b", "b"), ("c", "c")]) == pytest.approx(1.0)


def test_brier_by_hand():
    # (0.8-1)^2 + 0.2^2 = 0.08 ; 0.5^2 + 0.5^2 = 0.5
    assert agg.brier_score([(0, [0.8, 0.2]), (1, [0.5, 0.5])]) == pytest.approx((0.08 + 0.5) / 2)
    with pytest.raises(ValueError):
        agg.brier_score([(0, [0.5, 0.5]), (0, [0.2, 0.3, 0.5])])


def test_acc_all_groups_answers_by_question():
    def doc(p, q, label):
        return {"idx": {"paragraph": p, "question": q}, "label": label}

    items = [
        (True, doc(0, 0, 1)), (False, doc(0, 0, 0)),   # question (0,0): both right
        (True, doc(0, 1, 1)), (True, doc(0, 1, 0)),    # question (0,1): one wrong
        (False, doc(1, 0, 0)),                          # question (1,0): right
    ]
    assert agg.acc_all(items) == pytest.approx(2 / 3)
    # lm-eval's stderr keys by question id only: q0 = (0,0)+(1,0) all right, q1 wrong
    assert stderr_for("acc_all", items) == pytest.approx(agg.mean_stderr([1, 0]))


def test_bypass_and_passthrough():
    assert agg.bypass([1, 2]) == 999
    assert lmeval.metrics.bypass(references=["a"], predictions=["b"]) is None
    assert lmeval.metrics.passthrough(0.5) == 0.5
    assert lmeval.metrics.passthrough(references=["ref"], predictions=["hyp"]) == ["ref", "hyp"]
    assert lmeval.metrics.passthrough(references=[["r1", "r2"]], predictions=["hyp"]) == [["r1", "r2"], "hyp"]


def test_exact_match_edges():
    assert math.isnan(exact_match(references=[], predictions=[])["exact_match"])
    # ignore_punctuation is ASCII only: the em dash stays
    assert exact_match(references=["a"], predictions=["a\u2014"], ignore_punctuation=True)["exact_match"] == 0.0
    assert exact_match(references=["ß"], predictions=["SS"], ignore_case=True)["exact_match"] == 0.0
    assert exact_match(references=["x1"], predictions=["x"], ignore_numbers=True)["exact_match"] == 1.0
    # one regex given as a string works too
    assert exact_match(references=["42"], predictions=["= 42"], regexes_to_ignore="= ")["exact_match"] == 1.0
    with pytest.raises(ValueError):
        exact_match(references=["a", "b"], predictions=["a"])


@needs_sacrebleu
def test_bleu_identity_and_multiple_references():
    assert agg.bleu([("the cat sat on the mat", "the cat sat on the mat")]) == pytest.approx(100.0)
    assert agg.ter([("a b c", "a b c")]) == 0.0
    assert agg.chrf([("Grüße", "Grüße")]) == pytest.approx(100.0)
    # the second reference matches exactly → BLEU 100
    assert agg.bleu([(["x y z w", "the cat sat on the mat"], "the cat sat on the mat")]) == pytest.approx(100.0)


def test_missing_sacrebleu_names_the_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "sacrebleu", None)
    with pytest.raises(UsageError, match="pip install sacrebleu"):
        agg.bleu([("a", "a")])


def test_missing_sacrebleu_stops_a_translation_run_before_the_model(tmp_path, monkeypatch, capsys):
    """BLEU/chrF/TER are corpus scores computed after generation; their library is checked first."""
    from lmeval.cli import main

    (tmp_path / "mt.jsonl").write_text('{"src": "hallo", "tgt": "hello"}\n', encoding="utf-8")
    (tmp_path / "mt.yaml").write_text(
        "task: tiny_mt\ndataset_path: json\ndataset_kwargs:\n  data_files:\n    test: mt.jsonl\n"
        "test_split: test\noutput_type: generate_until\ndoc_to_text: '{{src}}'\ndoc_to_target: '{{tgt}}'\n"
        "metric_list:\n  - metric: chrf\n", encoding="utf-8")
    monkeypatch.setitem(sys.modules, "sacrebleu", None)
    code = main(["run", "--model", "dummy", "--tasks", "tiny_mt", "--include_path", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "needs sacrebleu" in err and "distinct requests" not in err


# ---------------------------------------------------------------------------- stderr rules


def test_stderr_not_available_cases():
    assert stderr_for("mean", [1, 0, 1], bootstrap_iters=0) == "N/A"
    assert stderr_for("median", [1.0], bootstrap_iters=1000) == "N/A"
    assert stderr_for("mean", [], bootstrap_iters=1000) == "N/A"
    for name in ("weighted_perplexity", "bits_per_byte", "brier_score", "bypass", "plugin_agg"):
        assert stderr_for(name, [(1.0, 2), (2.0, 3)], bootstrap_iters=1000) == "N/A"


def test_mean_stderr_is_sample_stddev_over_sqrt_n():
    items = [1, 0, 0, 1, 1]
    mu = 0.6
    expected = math.sqrt(sum((x - mu) ** 2 for x in items) / 4) / math.sqrt(5)
    assert stderr_for("mean", items) == pytest.approx(expected)
    assert stderr_for("mean", [1, 1, 1]) == 0.0


def test_bootstrap_is_seeded_chunked_and_capped(monkeypatch):
    items = [0.1, 0.9, 0.4, 0.3, 0.8, 0.7]
    first = stderr_for("median", items, 2000, workers=1)
    assert stderr_for("median", items, 2000, workers=1) == first
    assert stderr_for("median", items, 2000, seed=7, workers=1) != first
    # 2500 iterations run as two chunks of 1000, as in lm-eval
    assert len(stderr_mod.bootstrap_replicates(agg.median, items, 2500, workers=1)) == 2000
    assert len(stderr_mod.bootstrap_replicates(agg.median, items, 150, workers=1)) == 150
    assert stderr_mod.bootstrap_replicates(agg.median, items, 0) == []

    seen = []
    monkeypatch.setattr(stderr_mod, "bootstrap_stderr",
                        lambda fn, xs, iters, **kw: seen.append(iters) or 0.0)
    stderr_for("bleu", [("a", "a"), ("b", "b")], 100000)
    stderr_for("median", [1.0, 2.0], 100000, metric="chrf")
    stderr_for("median", [1.0, 2.0], 5000)
    assert seen == [100, 100, 5000]


def test_parallel_bootstrap_gives_the_same_numbers(monkeypatch):
    items = [(-0.5 * (i % 7)) for i in range(40)]
    serial = stderr_mod.bootstrap_replicates(agg.perplexity, items, 2000, workers=1)
    monkeypatch.setattr(stderr_mod, "PARALLEL_THRESHOLD", 1)
    parallel = stderr_mod.bootstrap_replicates(agg.perplexity, items, 2000, workers=2)
    assert parallel == serial


def test_group_edges():
    # equal sizes: pooled and unweighted agree
    assert pooled_sample_stderr([0.1, 0.2], [50, 50]) == pytest.approx(unweighted_mean_stderr([0.1, 0.2]), rel=1e-2)
    assert group_stderr([0.1, "N/A"], [10, 10]) == "N/A"
    assert group_stderr([0.1, None], [10, 10]) == "N/A"
    assert group_stderr([], []) == "N/A"
    assert math.isnan(pooled_sample_stderr([0.1], [1]))
    assert aggregate_subtask_metrics([0.5, 1.0], [1, 3], weight_by_size=True) == pytest.approx(0.875)
    assert aggregate_subtask_metrics([0.5, 1.0], [1, 3], weight_by_size=False) == pytest.approx(0.75)
    with pytest.raises(ValueError):
        aggregate_subtask_metrics([0.5], [1, 2])
