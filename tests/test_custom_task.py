"""The custom-task guide (reference 003), field by field, with the reference LM."""

from __future__ import annotations

import math

import lmeval
import pytest
from lmeval.testing import plugin_manager
from lmeval_system_helpers import CUSTOM, run_cli

TASKS = str(CUSTOM / "tasks")


def _evaluate(tasks, **kw):
    return lmeval.evaluate("dummy", tasks=tasks, include_path=TASKS, log_samples=True,
                           plugins=plugin_manager(), **kw)


def test_guide_minimal_task_renders_exact_prompt(mirror):
    out = _evaluate(["my_benchmark"])
    first = out["samples"]["my_benchmark"][0]
    assert first["arguments"][0][0] == "Question: Where does the sun rise\nAnswer:"
    # until defaults to the few-shot delimiter, as in lm-eval
    assert first["arguments"][0][1]["until"] == ["\n\n"]
    assert out["results"]["my_benchmark"]["exact_match,none"] == 0.0
    assert out["n-samples"]["my_benchmark"] == {"original": 5, "effective": 5}


def test_local_json_variant_with_metric_kwargs(mirror):
    out = _evaluate(["my_benchmark_local"])
    first = out["samples"]["my_benchmark_local"][0]
    assert first["arguments"][0][0] == (
        "The sun rises in the east.\nQuestion: Where does the sun rise?\nAnswer:")
    assert out["configs"]["my_benchmark_local"]["metric_list"][0]["ignore_case"] is True


def test_multiple_choice_variant_few_shot_block(mirror):
    out = _evaluate(["my_benchmark_mc"])
    samples = out["samples"]["my_benchmark_mc"]
    ctx, cont = samples[0]["arguments"][1]
    # Random(1234).sample over the 3 train docs gives [1, 0] then [0, 2]: lm-eval's draws
    assert ctx == (
        "Water boils at 100 degrees Celsius at sea level.\nQuestion: At what temperature does water boil?\nAnswer: 100\n\n"
        "The sun rises in the east.\nQuestion: Where does the sun rise?\nAnswer: east\n\n"
        "The sun rises in the east.\nQuestion: Where does the sun rise?\nAnswer:"
    )
    assert samples[1]["arguments"][0][0].startswith(
        "The sun rises in the east.\nQuestion: Where does the sun rise?\nAnswer: east\n\n"
        "Cats are mammals.\nQuestion: What are cats?\nAnswer: mammals\n\n")
    assert cont == " east"
    assert [a[1] for a in samples[0]["arguments"]] == [" north", " east", " south", " west"]
    # acc is 1 exactly when the highest-likelihood choice is the gold one
    for s in samples:
        lls = [r[0][0] for r in s["resps"]]
        assert s["acc"] == float(lls.index(max(lls)) == s["doc"]["label"])


def test_regex_filtered_generative_variant(mirror):
    out = _evaluate(["my_benchmark_regex"])
    samples = out["samples"]["my_benchmark_regex"]
    assert samples[0]["arguments"][0][0] == "The sun rises in the east.\nQ: Where does the sun rise?\nA:"
    for s in samples:
        raw = s["resps"][0][0]
        assert raw.startswith(" The answer is ")
        assert s["filtered_resps"][0] == raw[len(" The answer is "):].rstrip(".")
        assert s["exact_match"] == float(s["filtered_resps"][0] == str(s["doc"]["label"]))
    assert "exact_match,extract-answer" in out["results"]["my_benchmark_regex"]


def test_group_weight_by_size_arithmetic(mirror):
    out = _evaluate(["my_group", "my_group_unweighted"])
    r = out["results"]
    mc, small = r["my_benchmark_mc"], r["my_group::my_benchmark_small"]
    n_mc, n_small = mc["sample_len"], small["sample_len"]
    assert (n_mc, n_small) == (5, 3)
    weighted = (mc["acc,none"] * n_mc + small["acc,none"] * n_small) / (n_mc + n_small)
    assert r["my_group"]["acc,none"] == pytest.approx(weighted, abs=1e-12)
    # pooled stderr, as lm-eval: sqrt(sum((n_i-1) s_i^2 n_i) / (N - k) ... ) via the core helper
    s1, s2 = mc["acc_stderr,none"], small["acc_stderr,none"]
    pooled = math.sqrt(((n_mc - 1) * s1**2 * n_mc + (n_small - 1) * s2**2 * n_small)
                       / (n_mc + n_small - 2) / (n_mc + n_small))
    assert r["my_group"]["acc_stderr,none"] == pytest.approx(pooled, rel=1e-9)
    unw = r["my_group_unweighted"]
    other = r["my_group_unweighted::my_benchmark_mc_small"]
    assert unw["acc,none"] == pytest.approx((mc["acc,none"] + other["acc,none"]) / 2, abs=1e-12)
    assert unw["acc_stderr,none"] == pytest.approx(
        math.sqrt(mc["acc_stderr,none"] ** 2 + other["acc_stderr,none"] ** 2) / 2, rel=1e-9)
    # a metric with weight_by_size: false over one member equals that member
    assert r["my_group"]["exact_match,extract-answer"] == r["my_benchmark_regex"]["exact_match,extract-answer"]
    assert out["groups"]["my_group"]["acc,none"] == r["my_group"]["acc,none"]
    assert out["group_subtasks"]["my_group"] == [
        "my_benchmark_mc", "my_benchmark_regex", "my_group::my_benchmark_small"]


def test_cli_end_to_end_prints_table_and_write_out(mirror, tmp_path):
    proc = run_cli("run", "--model", "dummy", "--tasks", "my_benchmark_mc", "--include_path", TASKS,
                   "--limit", "2", "--write_out", "--output_path", str(tmp_path), "--log_samples")
    assert proc.returncode == 0, proc.stderr
    assert "### my_benchmark_mc doc 0" in proc.stdout
    assert "|my_benchmark_mc|" in proc.stdout.replace(" ", "")
    files = list(tmp_path.rglob("results_*.json"))
    assert len(files) == 1
    assert list(tmp_path.rglob("samples_my_benchmark_mc_*.jsonl"))


def test_wildcards_and_bare_invocation(mirror):
    proc = run_cli("--model", "dummy", "--tasks", "my_benchmark_l*", "--include_path", TASKS)
    assert proc.returncode == 0, proc.stderr
    assert "my_benchmark_local" in proc.stdout


def test_unknown_task_suggests_closest(mirror):
    proc = run_cli("run", "--model", "dummy", "--tasks", "my_benchmrk", "--include_path", TASKS)
    assert proc.returncode == 2
    assert "did you mean 'my_benchmark'" in proc.stderr
    assert "Traceback" not in proc.stderr
