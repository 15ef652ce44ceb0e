"""``lmeval compare``: scores and per-sample differences between real runs of the reference LM."""

from __future__ import annotations

import json
import shutil

import pytest
from lmeval.cli import main
from runs_fixture import make_run, write_tasks


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("compare")
    mp = pytest.MonkeyPatch()
    mp.setenv("LMEVAL_CACHE_DIR", str(root / "cache"))
    tasks = write_tasks(root / "tasks")
    return {
        "a": make_run(tasks, root / "a"),
        "a_again": make_run(tasks, root / "a_again"),
        "b": make_run(tasks, root / "b", seed=1),
        "no_samples": make_run(tasks, root / "ns", log_samples=False),
        "fewer_tasks": make_run(tasks, root / "few", tasks=("cmp_mc",)),
        "tasks": tasks,
    }
    mp.undo()


def _compare(capsys, *args):
    code = main(["compare", *map(str, args)])
    return code, capsys.readouterr().out


def test_identical_runs_compare_equal(runs, capsys, tmp_path):
    out_json = tmp_path / "cmp.json"
    code, out = _compare(capsys, runs["a"], runs["a_again"].parent, "--output_path", out_json)
    assert code == 0
    assert "0 of 5 scores differ" in out
    data = json.loads(out_json.read_text())
    assert not data["scores_differ"] and not data["samples_differ"]
    assert {t: s["compared"] for t, s in data["samples"].items()} == {"cmp_mc": 12, "cmp_gen": 12, "cmp_ppl": 12}


def test_different_runs_report_scores_and_changed_predictions(runs, capsys, tmp_path):
    out_json = tmp_path / "cmp.json"
    code, out = _compare(capsys, runs["a"], runs["b"], "--output_path", out_json)
    assert code == 1
    data = json.loads(out_json.read_text())
    a = json.loads(runs["a"].read_text())["results"]
    b = json.loads(runs["b"].read_text())["results"]
    for m in data["metrics"]:
        key = f"{m['metric']},{m['filter']}"
        assert m["a"] == a[m["task"]][key] and m["b"] == b[m["task"]][key]
        assert m["differs"] == (a[m["task"]][key] != b[m["task"]][key])
    # every changed multiple-choice prediction is explained by the logged log-likelihoods
    samples_a = {e["doc_id"]: e for e in map(json.loads, next(runs["a"].parent.glob("samples_cmp_mc_*")).open())}
    samples_b = {e["doc_id"]: e for e in map(json.loads, next(runs["b"].parent.glob("samples_cmp_mc_*")).open())}
    def pick(e):  # log-likelihoods are written as strings, as lm-eval writes them
        lls = [float(r[0]) for r in e["filtered_resps"]]
        return e["arguments"][f"gen_args_{lls.index(max(lls))}"]["arg_1"]
    expected = sorted(d for d in samples_a if pick(samples_a[d]) != pick(samples_b[d]))
    mc = data["samples"]["cmp_mc"]
    assert expected and sorted(c["doc_id"] for c in mc["changes"] if c["prediction_changed"]) == expected
    assert mc["predictions_changed"] == len(expected)
    assert "cmp_ppl: 12 of 12 logged samples differ, 0 with a changed prediction" in out
    assert "DIFF" in out


def test_tolerance_and_scores_only(runs, capsys):
    code, _ = _compare(capsys, runs["a"], runs["b"], "--tolerance", "1000")
    assert code == 1  # the per-sample predictions still differ
    code, out = _compare(capsys, runs["a"], runs["b"], "--tolerance", "1000", "--scores_only")
    assert code == 0 and "0 of 5 scores differ (tolerance 1000)" in out


def test_one_edited_sample_is_found(runs, capsys, tmp_path):
    edited = tmp_path / "edited"
    shutil.copytree(runs["a"].parent, edited)
    path = next(edited.glob("samples_cmp_gen_*"))
    entries = [json.loads(line) for line in path.read_text().splitlines()]
    entries[5]["filtered_resps"] = ["999"]
    path.write_text("".join(json.dumps(e) + "\n" for e in entries))
    code, out = _compare(capsys, runs["a"], edited, "--only_differences")
    assert code == 1
    assert "cmp_gen: 1 of 12 logged samples differ, 1 with a changed prediction" in out
    assert "doc 5 [get-answer]" in out and "-> B 999" in out
    assert "0 of 5 scores differ" in out
    assert _compare(capsys, runs["a"], edited, "--scores_only")[0] == 0


def test_missing_task_and_missing_samples(runs, capsys, tmp_path):
    out_json = tmp_path / "cmp.json"
    code, out = _compare(capsys, runs["a"], runs["fewer_tasks"], "--scores_only", "-o", out_json)
    assert code == 1  # cmp_gen and cmp_ppl are absent from B
    data = json.loads(out_json.read_text())
    missing = {m["task"] for m in data["metrics"] if m["b"] is None}
    assert missing == {"cmp_gen", "cmp_ppl"}
    assert all(m["differs"] for m in data["metrics"] if m["b"] is None)
    assert list(data["samples"]) == ["cmp_mc"]
    code, out = _compare(capsys, runs["a"], runs["no_samples"])
    assert code == 0
    assert "samples not logged in both runs" in out


def test_bad_input_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "results_x.json").write_text("{}")
    assert main(["compare", str(tmp_path / "nope"), str(tmp_path)]) == 2
    assert main(["compare", str(tmp_path / "results_x.json"), str(tmp_path / "results_x.json")]) == 2
    assert "not a results file" in capsys.readouterr().err


def test_prediction_reads_lmeval_and_lm_eval_sample_shapes():
    from lmeval.report.compare import prediction

    ours = {"arguments": [["Q", " a"], ["Q", " b"]], "filtered_resps": [[-2.0, False], [-1.0, True]]}
    theirs = {"arguments": {"gen_args_0": {"arg_0": "Q", "arg_1": " a"}, "gen_args_1": {"arg_0": "Q", "arg_1": " b"}},
              "filtered_resps": [["-2.0", "False"], ["-1.0", "True"]]}
    assert prediction(ours) == " b"
    assert prediction(theirs) == " b"
    assert prediction({**theirs, "filtered_resps": ours["filtered_resps"]}) == " b"
    # numbers, not strings: "-0.5" > "-0.25" as text, but -0.25 is the more likely choice
    assert prediction({**theirs, "filtered_resps": [["-0.5", "False"], ["-0.25", "True"]]}) == " b"
    assert prediction({"filtered_resps": ["The answer is 4"]}) == "The answer is 4"
    assert prediction({"filtered_resps": [[-3.5, True]]}) is None


def test_runs_that_differ_in_gen_kwargs_are_labelled_by_it(runs, capsys, tmp_path, monkeypatch):
    """Two runs differing only in --gen_kwargs: the labels and the settings diff say so, above
    the scores (and the JSON output lists the setting)."""
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    base = ["run", "--model", "dummy", "--model_args", "seed=0", "--tasks", "cmp_gen,cmp_mc",
            "--include_path", str(runs["tasks"]), "--log_samples"]
    assert main([*base, "--output_path", str(tmp_path / "t0"), "--gen_kwargs", "temperature=0"]) == 0
    assert main([*base, "--output_path", str(tmp_path / "t8"), "--gen_kwargs", "temperature=0.8"]) == 0
    capsys.readouterr()
    code, out = _compare(capsys, tmp_path / "t0", tmp_path / "t8", "-o", tmp_path / "cmp.json")
    head = out.split("\n|")[0]
    assert head.splitlines()[:4] == [
        head.splitlines()[0], head.splitlines()[1], "Settings that differ:",
        "  gen_kwargs.temperature  A: 0  |  B: 0.8"]
    assert head.startswith("A: dummy gen_kwargs temperature=0 (")
    assert head.splitlines()[1].startswith("B: dummy gen_kwargs temperature=0.8 (")
    assert out.index("Settings that differ:") < out.index("Metric")
    assert json.loads((tmp_path / "cmp.json").read_text())["settings_differ"] == {
        "gen_kwargs.temperature": ["0", "0.8"]}
    code, out = _compare(capsys, runs["a"], runs["a_again"])  # the same settings: one line says so
    assert "Settings: the same in every run" in out


def test_report_shows_the_settings_diff_and_labels(runs, capsys, tmp_path):
    page = tmp_path / "r.html"
    assert main(["report", str(runs["a"]), str(runs["b"]), "-o", str(page), "--no_plots"]) == 0
    html = page.read_text()
    assert "<h3>Settings that differ</h3>" in html
    assert "<tr><td>model_args.seed</td><td>0</td><td>1</td></tr>" in html
    assert "<td>#2 dummy model_args seed=1</td>" in html
    assert html.index("Settings that differ") < html.index("data-task=")


def test_a_rescored_run_is_labelled_as_such(runs, capsys, tmp_path):
    assert main(["rescore", str(runs["a"]), "--include_path", str(runs["tasks"]), "-o", str(tmp_path / "r")]) == 0
    capsys.readouterr()
    code, out = _compare(capsys, runs["a"], tmp_path / "r")
    assert code == 0
    assert out.splitlines()[1].startswith("B: dummy rescored=yes (")
    assert "  rescored  A: (not set)  |  B: yes" in out
