"""benchmarks/task_parity.py's comparison: what counts as the same, and how a difference reads.

The benchmark itself needs lm-eval's reference venv; these checks of its record shape, its
tolerance, its first-difference report and its per-task fallback run without it, on lmeval's
own results for a real task (the reference model, ``dummy``).
"""

from __future__ import annotations

import math
import sys
import traceback
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import parity_records  # noqa: E402
import scripted_answers  # noqa: E402

MIRROR = Path(__file__).resolve().parents[1] / "packages" / "lmeval-tasks-minimal-pairs" / "tests" / "fixtures" / "datasets"


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    import lmeval

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LMEVAL_DATASETS_DIR", str(MIRROR))
        mp.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        return lmeval.evaluate(model="dummy", tasks=["bhs_hindi"], limit=3, log_samples=True,
                               bootstrap_iters=0)


def test_normalize_keeps_requests_answers_metrics_and_groups(results):
    record = parity_records.normalize(results)
    assert set(record["groups"]) == {"bhs_hindi"} and "acc,none" in record["groups"]["bhs_hindi"]
    assert len(record["tasks"]) == 6
    for task in record["tasks"].values():
        assert task["samples"] and any("," in k for k in task["metrics"])
        for sample in task["samples"].values():
            assert sample["arguments"] and "filtered_resps" in sample and sample["metrics"]


def test_generation_arguments_compare_with_or_without_an_explicit_empty_until():
    a = parity_records._arguments(("ctx", {"max_gen_toks": 5}))
    b = parity_records._arguments(("ctx", {"until": [], "max_gen_toks": 5}))
    c = parity_records._arguments(("ctx", {"until": "\n", "max_gen_toks": 5}))
    assert a == b and c[1]["until"] == ["\n"]


@pytest.mark.parametrize("a, b, equal", [
    (1.0, 1.0 + 1e-12, True), (1.0, 1.0 + 1e-6, False), (math.nan, math.nan, True),
    (True, 1, False), ({"x": [1, 2]}, {"x": [1, 2]}, True), ({"x": 1}, {"y": 1}, False),
    ("N/A", "N/A", True), ([1], [1, 2], False),
])
def test_same(a, b, equal):
    assert parity_records.same(a, b) is equal


def test_first_difference_points_at_the_first_differing_character():
    ours = {"samples": {"0|none": {"arguments": [["Question: 2+2?\nAnswer:", " 4"]]}}}
    ref = {"samples": {"0|none": {"arguments": [["Question: 2+2?\n\nAnswer:", " 4"]]}}}
    diff = parity_records.first_difference(ours, ref)
    assert diff.startswith("/samples/0|none/arguments[0][0]: from character 15")
    assert parity_records.first_difference(ours, ours) is None
    assert "only lm-eval has it" in parity_records.first_difference({}, {"acc,none": 1.0})


def test_run_unit_isolates_the_task_that_fails():
    def evaluate(names):
        if "broken" in names:
            raise KeyError(f"Spec {names} is not a registered task")
        return {"tasks": {n: {"metrics": {}, "samples": {}} for n in names}, "groups": {}}

    out = parity_records.run_unit(evaluate, ["a", "broken", "b"], traceback)
    assert set(out["tasks"]) == {"a", "b"}
    assert out["errors"]["broken"].startswith("KeyError")


def test_scripted_answers_depend_on_the_request_only():
    assert scripted_answers.loglikelihood("ctx", " a") == scripted_answers.loglikelihood("ctx", " a")
    assert scripted_answers.loglikelihood("ctx", " a") != scripted_answers.loglikelihood("ctx", " b")
    for context in ("q1", "q2", "q3", "q4", "q5"):
        text = scripted_answers.generate(context, ["\n", "."])
        assert "\n" not in text and "." not in text
    assert scripted_answers.generate("q1", None) in scripted_answers.GENERATIONS
