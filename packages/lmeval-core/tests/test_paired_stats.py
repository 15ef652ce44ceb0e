"""The paired tests of ``lmeval compare`` against scipy (installed by the core's ci-setup.sh),
and end to end on real runs of the reference LM: McNemar on logged per-sample scores, the
permutation test on a continuous metric, ``--fail_on`` exit codes, bad input."""

from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path

import pytest
from lmeval.cli import main
from lmeval.report import stats as st

scipy_stats = pytest.importorskip("scipy.stats", reason="scipy checks the statistics "
                                  "(installed by packages/lmeval-core/ci-setup.sh)")
np = pytest.importorskip("numpy", reason="comes with scipy")


@pytest.mark.parametrize("b, c", [(0, 0), (0, 1), (1, 0), (3, 3), (2, 9), (9, 2), (0, 25), (17, 40),
                                  (120, 151), (600, 530), (1, 1000)])
def test_mcnemar_matches_scipy(b, c):
    n = b + c
    expected = 1.0 if n == 0 else scipy_stats.binomtest(min(b, c), n, 0.5).pvalue
    assert st.mcnemar_exact(b, c) == pytest.approx(expected, rel=1e-12, abs=1e-300)
    stat = 0.0 if n == 0 else max(abs(b - c) - 1, 0) ** 2 / n
    assert st.mcnemar_chi2(b, c) == pytest.approx(scipy_stats.chi2.sf(stat, 1), rel=1e-12, abs=1e-300)


@pytest.mark.parametrize("seed", range(8))
def test_exact_permutation_test_matches_scipy(seed):
    rnd = random.Random(seed)
    n = rnd.randint(2, 14)
    a = [rnd.choice([0.0, 0.25, 0.5, 1.0, rnd.random()]) for _ in range(n)]
    b = [rnd.choice([x, rnd.random(), x + 0.5]) for x in a]
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    p, exact = st.permutation_test(diffs, iters=10, seed=0)
    assert exact
    if not any(diffs):
        assert p == 1.0
        return
    ref = scipy_stats.permutation_test(
        (np.array(b), np.array(a)), lambda x, y, axis: np.mean(x - y, axis=axis),
        permutation_type="samples", n_resamples=np.inf, vectorized=True).pvalue
    assert p == pytest.approx(ref, rel=1e-12)


def test_random_permutation_test_is_seeded_and_close_to_exact():
    rnd = random.Random(3)
    diffs = [rnd.gauss(0.1, 1.0) for _ in range(60)]
    p1, exact = st.permutation_test(diffs, iters=4000, seed=7)
    assert not exact and p1 == st.permutation_test(diffs, iters=4000, seed=7)[0]
    ref = scipy_stats.permutation_test(
        (np.array(diffs), np.zeros(60)), lambda x, y, axis: np.mean(x - y, axis=axis),
        permutation_type="samples", n_resamples=200_000, vectorized=True, rng=1).pvalue
    assert abs(p1 - ref) < 0.03  # two Monte Carlo estimates of the same p


def test_bootstrap_interval_is_numpy_percentiles_of_seeded_resamples():
    rnd = random.Random(5)
    diffs = [rnd.choice([-1.0, 0.0, 0.0, 1.0, 1.0]) for _ in range(200)]
    low, high = st.bootstrap_interval(diffs, iters=2000, seed=11, confidence=0.9)
    draws = random.Random(11)
    means = [sum(draws.choices(diffs, k=200)) / 200 for _ in range(2000)]
    assert (low, high) == pytest.approx(tuple(np.quantile(means, [0.05, 0.95])), abs=1e-12)
    assert low < sum(diffs) / 200 < high
    ref = scipy_stats.bootstrap((np.array(diffs),), np.mean, n_resamples=20000, confidence_level=0.9,
                                method="percentile", rng=2).confidence_interval
    assert abs(low - ref.low) < 0.02 and abs(high - ref.high) < 0.02


def test_holm():
    assert st.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert st.holm([0.5, 0.9]) == [1.0, 1.0]


# -- end to end ---------------------------------------------------------------------------------

HEAD = "dataset_path: json\ndataset_kwargs:\n  data_files:\n    test: docs.jsonl\ntest_split: test\n"
LONG = "x" * 400  # the reference LM's log-likelihood falls 0.05 per character: never chosen


def _tasks(directory: Path, *, right: bool, n_docs: int = 30) -> Path:
    """``pair_mc``: the reference LM always picks the short choice; ``right`` puts the gold there.
    ``pair_score``: a continuous per-sample score (mean-aggregated) from a process_results function."""
    directory.mkdir(parents=True)
    with (directory / "docs.jsonl").open("w") as fh:
        for i in range(n_docs):
            fh.write(json.dumps({"q": f"item {i}", "answer": 0, "size": i % 7}) + "\n")
    choices = '["a", "LONG"]' if right else '["LONG", "a"]'
    (directory / "pair_mc.yaml").write_text(f"task: pair_mc\n{HEAD}" + textwrap.dedent(f"""\
        output_type: multiple_choice
        doc_to_text: "{{{{q}}}}"
        doc_to_choice: '{choices.replace("LONG", LONG)}'
        doc_to_target: answer
        metric_list:
          - metric: acc
        """))
    (directory / "scoring.py").write_text(textwrap.dedent(f"""\
        def score(doc, results):
            return {{"score": doc["size"] * {1.0 if right else 0.5} + len(results[0]) / 100}}
        """))
    (directory / "pair_score.yaml").write_text(f"task: pair_score\n{HEAD}" + textwrap.dedent("""\
        output_type: generate_until
        doc_to_text: "{{q}}"
        doc_to_target: "x"
        generation_kwargs:
          until: ["\\n"]
        process_results: !function scoring.score
        metric_list:
          - metric: score
            aggregation: mean
            higher_is_better: true
        """))
    return directory


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    from runs_fixture import make_run

    root = tmp_path_factory.mktemp("paired")
    mp = pytest.MonkeyPatch()
    mp.setenv("LMEVAL_CACHE_DIR", str(root / "cache"))
    good, bad = _tasks(root / "good", right=True), _tasks(root / "bad", right=False)
    tasks = ("pair_mc", "pair_score")
    yield {"good": make_run(good, root / "r_good", tasks=tasks),
           "bad": make_run(bad, root / "r_bad", tasks=tasks),
           "root": root}
    mp.undo()


def _compare(capsys, tmp_path, *args):
    out = tmp_path / "cmp.json"
    code = main(["compare", *map(str, args), "-o", str(out)])
    captured = capsys.readouterr()
    data = json.loads(out.read_text()) if out.exists() else None
    return code, captured.out, captured.err, data


def _tests(data):
    return {(t["task"], t["metric"]): t for task in data["paired"].values() for t in task["tests"]}


def test_a_real_regression_is_significant_and_gates(runs, capsys, tmp_path):
    code, out, _, data = _compare(capsys, tmp_path, runs["good"], runs["bad"], "--fail_on", "regress")
    assert code == 1
    acc = _tests(data)[("pair_mc", "acc")]
    # counted independently from the two samples files
    a = {e["doc_id"]: float(e["acc"]) for e in map(json.loads, next(runs["good"].parent.glob("samples_pair_mc_*")).open())}
    b = {e["doc_id"]: float(e["acc"]) for e in map(json.loads, next(runs["bad"].parent.glob("samples_pair_mc_*")).open())}
    only_a = sum(a[d] == 1 and b[d] == 0 for d in a)
    only_b = sum(a[d] == 0 and b[d] == 1 for d in a)
    assert (acc["a_only_right"], acc["b_only_right"]) == (only_a, only_b) == (30, 0)
    assert acc["p"] == pytest.approx(scipy_stats.binomtest(0, 30, 0.5).pvalue, rel=1e-12)
    assert acc["delta"] == -1.0 and acc["verdict"] == "regressed" and acc["method"].startswith("mcnemar-exact")
    score = _tests(data)[("pair_score", "score")]
    assert score["verdict"] == "regressed" and score["method"].startswith("paired permutation (")
    assert "Paired differences (B - A)" in out and "regressed" in out
    # the other way round it is an improvement: --fail_on regress passes, --fail_on change fails
    code, *_ = _compare(capsys, tmp_path, runs["bad"], runs["good"], "--fail_on", "regress")
    assert code == 0
    code, *_ = _compare(capsys, tmp_path, runs["bad"], runs["good"], "--fail_on", "change")
    assert code == 1


def test_noise_does_not_fail_the_gate(capsys, tmp_path, monkeypatch):
    """Two seeds of the same model on 200 documents: the scores differ (default exit 1), the
    paired test finds nothing significant, and its numbers are those of the samples files."""
    from runs_fixture import make_run, write_tasks

    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    tasks = write_tasks(tmp_path / "t", n_docs=200)
    a = make_run(tasks, tmp_path / "a", tasks=("cmp_mc",), seed=0)
    b = make_run(tasks, tmp_path / "b", tasks=("cmp_mc",), seed=1)
    code, *_ = _compare(capsys, tmp_path, a, b)
    assert code == 1
    code, out, _, data = _compare(capsys, tmp_path, a, b, "--fail_on", "regress")
    assert code == 0
    acc = _tests(data)[("cmp_mc", "acc")]
    xa = np.array([float(e["acc"]) for e in map(json.loads, next(a.parent.glob("samples_cmp_mc_*")).open())])
    xb = np.array([float(e["acc"]) for e in map(json.loads, next(b.parent.glob("samples_cmp_mc_*")).open())])
    assert acc["delta"] == pytest.approx(float(np.mean(xb - xa)), abs=1e-12) and acc["delta"] != 0
    only_a, only_b = int(np.sum((xa == 1) & (xb == 0))), int(np.sum((xa == 0) & (xb == 1)))
    assert (acc["a_only_right"], acc["b_only_right"]) == (only_a, only_b) and only_a + only_b > 50
    assert acc["p"] == pytest.approx(scipy_stats.binomtest(min(only_a, only_b), only_a + only_b).pvalue,
                                     rel=1e-12)
    assert acc["p"] > 0.05 and acc["verdict"] == "no significant difference"
    assert acc["ci_low"] < acc["delta"] < acc["ci_high"]


def test_documents_in_one_run_only_are_reported(runs, capsys, tmp_path):
    cut = tmp_path / "cut"
    import shutil

    shutil.copytree(runs["bad"].parent, cut)
    for path in cut.glob("samples_*.jsonl"):
        lines = path.read_text().splitlines()
        path.write_text("\n".join(lines[:20]) + "\n")
    results = json.loads(next(cut.glob("results_*.json")).read_text())
    for task, fn in (("pair_mc", lambda e: float(e["acc"])), ("pair_score", lambda e: e["score"])):
        kept = [fn(json.loads(x)) for x in next(cut.glob(f"samples_{task}_*")).read_text().splitlines()]
        metric = "acc" if task == "pair_mc" else "score"
        results["results"][task][f"{metric},none"] = sum(kept) / len(kept)
    next(cut.glob("results_*.json")).write_text(json.dumps(results))
    code, out, _, data = _compare(capsys, tmp_path, runs["good"], cut, "--fail_on", "regress")
    assert code == 1
    assert data["paired"]["pair_mc"]["only_in_a"] == list(range(20, 30))
    assert _tests(data)[("pair_mc", "acc")]["n"] == 20
    assert "pair_mc: 10 document(s) only in A [20, 21, 22, 23, 24], 0 only in B" in out


def test_bad_input_is_one_line_with_exit_2(runs, capsys, tmp_path):
    code, _, err, _ = _compare(capsys, tmp_path, runs["good"], runs["bad"], "--metrics", "accc")
    assert code == 2 and err.count("\n") == 1
    assert "no task logs a metric 'accc'" in err and "did you mean 'acc'" in err and "samples_pair_mc_" in err
    code, _, err, _ = _compare(capsys, tmp_path, runs["good"], tmp_path / "missing")
    assert code == 2 and "no such file or directory" in err
    code, _, err, _ = _compare(capsys, tmp_path, runs["good"], runs["bad"], "--fail_on", "regress", "--no_samples")
    assert code == 2 and "drop --no_samples" in err
    # other documents under the same doc_id: not a paired comparison
    other = tmp_path / "other"
    import shutil

    shutil.copytree(runs["bad"].parent, other)
    path = next(other.glob("samples_pair_mc_*"))
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    lines[2]["doc_hash"] = "0" * 64
    path.write_text("".join(json.dumps(e) + "\n" for e in lines))
    code, _, err, _ = _compare(capsys, tmp_path, runs["good"], other)
    assert code == 2 and err.count("\n") == 1 and "not over the same documents" in err and str(path) in err
    # no task in common
    from runs_fixture import make_run, write_tasks

    tasks = write_tasks(tmp_path / "t")
    lone = make_run(tasks, tmp_path / "lone", tasks=("cmp_mc",))
    code, _, err, _ = _compare(capsys, tmp_path, runs["good"], lone)
    assert code == 2 and "no task in common" in err and "pair_mc" in err


def test_html_report_shows_the_paired_differences(runs, capsys, tmp_path):
    page = tmp_path / "r.html"
    assert main(["report", str(runs["good"]), str(runs["bad"]), "--no_plots", "-o", str(page)]) == 0
    _, _, _, data = _compare(capsys, tmp_path, runs["good"], runs["bad"])
    text = page.read_text()
    acc = _tests(data)[("pair_mc", "acc")]
    table = text[text.index("<table class='paired' data-paired='pair_mc'>"):]
    table = table[:table.index("</table>")]
    assert f"<td>{acc['delta']:+.4f}</td><td>[{acc['ci_low']:+.4f}, {acc['ci_high']:+.4f}]</td>" in table
    assert "<td>regressed</td>" in table and "mcnemar-exact" in table


def test_a_task_that_cannot_be_tested_is_named(runs, capsys, tmp_path):
    import shutil

    part = tmp_path / "part"
    shutil.copytree(runs["bad"].parent, part)
    next(part.glob("samples_pair_score_*.jsonl")).unlink()
    code, out, _, data = _compare(capsys, tmp_path, runs["good"], part, "--fail_on", "regress")
    assert code == 1  # pair_mc still regresses
    assert data["paired"]["pair_score"] == {"only_in_a": [], "only_in_b": [], "tests": [],
                                            "not_tested": "samples not logged in both runs (--log_samples)"}
    assert "pair_score: not tested: samples not logged in both runs" in out


def test_groups_are_tested_from_their_tasks(capsys, tmp_path, monkeypatch):
    """A size-weighted group pools its documents (McNemar); a mean-of-tasks group weights them."""
    from runs_fixture import make_run

    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    paths = {}
    for name, right in (("good", True), ("bad", False)):
        root = _tasks(tmp_path / name, right=right)
        with (root / "docs2.jsonl").open("w") as fh:
            for i in range(10):
                fh.write(json.dumps({"q": f"other {i}", "answer": 0}) + "\n")
        mc2 = (root / "pair_mc.yaml").read_text().replace("pair_mc", "pair_mc2").replace("docs.jsonl", "docs2.jsonl")
        (root / "pair_mc2.yaml").write_text(mc2.replace('["LONG_", "a"]'.replace("LONG_", LONG), f'["a", "{LONG}"]'))
        for group, sized in (("pair_sized", "true"), ("pair_flat", "false")):
            (root / f"{group}.yaml").write_text(f"group: {group}\ntask: [pair_mc, pair_mc2]\naggregate_metric_list:\n"
                                                f"  - metric: acc\n    weight_by_size: {sized}\n")
        paths[name] = make_run(root, tmp_path / f"r_{name}", tasks=("pair_sized", "pair_flat"))
    code, out, _, data = _compare(capsys, tmp_path, paths["good"], paths["bad"], "--fail_on", "regress")
    assert code == 1
    tests = _tests(data)
    assert tests[("pair_mc2", "acc")]["delta"] == 0.0  # right in both runs
    sized, flat = tests[("pair_sized", "acc")], tests[("pair_flat", "acc")]
    results_a = json.loads(paths["good"].read_text())["results"]
    results_b = json.loads(paths["bad"].read_text())["results"]
    for test, group in ((sized, "pair_sized"), (flat, "pair_flat")):
        assert test["delta"] == pytest.approx(results_b[group]["acc,none"] - results_a[group]["acc,none"], abs=1e-12)
    assert sized["delta"] == pytest.approx(-30 / 40) and flat["delta"] == pytest.approx(-0.5)
    assert sized["method"].startswith("pooled documents (weight_by_size); mcnemar-exact")
    assert sized["p"] == pytest.approx(scipy_stats.binomtest(0, 30, 0.5).pvalue, rel=1e-12)
    assert flat["method"].startswith("mean of task scores; paired permutation")
    assert flat["p"] == pytest.approx(1 / 1001) and flat["verdict"] == sized["verdict"] == "regressed"
    assert flat["ci_low"] <= flat["delta"] <= flat["ci_high"]
