"""SLR-Bench (``slr_bench_{all,basic,easy,medium,hard}``, group ``slr_bench_group``): the reward
needs SWI-Prolog, which neither this machine nor lm-eval's reference venv has (lm-eval exits at
the helper's import): without ``swipl`` the task is refused in one line naming it; with it (a
stand-in here) and no Hub access the verifier cannot load and the score is exact match with the
document's ground-truth rule, as lm-eval falls back."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest
from lmeval_tasks_classic import TASKS_DIR

UTILS = TASKS_DIR / "slr_bench" / "utils.py"
MIRROR = Path(__file__).resolve().parent / "fixtures" / "datasets"


def _load_utils():
    spec = importlib.util.spec_from_file_location("slr_bench_utils", UTILS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(shutil.which("swipl") is not None, reason="SWI-Prolog is installed: nothing to refuse")
def test_without_swipl_a_run_is_refused_in_one_line_before_the_model(tmp_path):
    env = {**os.environ, "LMEVAL_DATASETS_DIR": str(MIRROR), "LMEVAL_CACHE_DIR": str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "dummy", "--tasks", "slr_bench_easy",
                          "--limit", "1", "--output_path", str(tmp_path / "out")],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 2, run.stderr
    errors = [line for line in run.stderr.splitlines() if line.startswith("lmeval: error:")]
    assert len(errors) == 1 and "swipl" in errors[0] and "lmeval-tasks-classic[slr]" in errors[0]
    assert not (tmp_path / "out").exists()


def test_without_the_verifier_the_reward_is_exact_match_with_the_rule(monkeypatch):
    def unreachable(path, *args, **kwargs):
        raise ConnectionError(f"no Hub access for {path}")

    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setitem(sys.modules, "evaluate", types.SimpleNamespace(load=unreachable))
    utils = _load_utils()
    assert utils.judge is None
    doc = {"ground-truth rule": "eastbound(T) :- has_car(T, C), short(C).", "validation program": "..."}
    assert utils.process_results(doc, [" eastbound(T) :- has_car(T, C), short(C).\n"]) == {"verifiable_reward": 1.0}
    assert utils.process_results(doc, ["eastbound(T) :- has_car(T, C)."]) == {"verifiable_reward": 0.0}
    assert utils.process_results({}, [""]) == {"verifiable_reward": 1.0}  # no rule: '' == ''


def test_a_verifier_verdict_is_the_reward(monkeypatch):
    calls = []

    class Judge:
        def compute(self, predictions, references):
            calls.append((predictions, references))
            return {"accuracy": 0.5}

    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setitem(sys.modules, "evaluate", types.SimpleNamespace(load=lambda path: Judge()))
    utils = _load_utils()
    assert utils.process_results({"validation program": "prog."}, ["rule."]) == {"verifiable_reward": 0.5}
    assert calls == [(["rule."], [{"validation_program": "prog.", "evaluation_config": {
        "positive_predicate": "eastbound", "negative_predicate": "westbound"}}])]
