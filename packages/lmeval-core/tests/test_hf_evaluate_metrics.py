"""Metric names lmeval lacks come from HF evaluate, as in lm-eval 0.4.13 (lmeval.metrics.hf_evaluate)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lmeval.errors import UsageError
from lmeval.evaluator import evaluate
from lmeval.metrics.hf_evaluate import HFEvaluateMetric, comes_from_hf_evaluate, typo_of

REGISTERED = ["acc", "acc_norm", "exact_match", "bleu", "chrf", "ter", "f1", "perplexity"]

GEN = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: {name}.jsonl
test_split: test
output_type: generate_until
doc_to_text: "Q: {{{{q}}}}\\nA:"
doc_to_target: answer
generation_kwargs:
  until: ["\\n"]
metric_list:
  - metric: {metric}
    aggregation: mean
    higher_is_better: true
"""

# a local HF evaluate metric module: evaluate.load(<folder>) reads <folder>/<folder name>.py
LOCAL_METRIC = '''
import datasets
import evaluate


class WordMatch(evaluate.Metric):
    def _info(self):
        return evaluate.MetricInfo(
            description="share of reference words in the prediction", citation="", inputs_description="",
            features=datasets.Features({"predictions": datasets.Value("string"),
                                        "references": datasets.Value("string")}))

    def _compute(self, predictions, references):
        total = 0.0
        for p, r in zip(predictions, references):
            words = r.split()
            total += sum(w in p.split() for w in words) / len(words)
        return {"word_match": total / len(predictions)}
'''


def _task(root: Path, name: str, metric: str) -> Path:
    docs = [{"q": "2+2=", "answer": "4"}, {"q": "say hi", "answer": "hi there"}]
    (root / f"{name}.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    path = root / f"{name}.yaml"
    path.write_text(GEN.format(name=name, metric=metric))
    return path


@pytest.mark.parametrize("name,expected", [
    ("accuracy", True), ("wer", True), ("rouge", True), ("google_bleu", True), ("./my_metric", True),
    ("acc_nrom", False), ("exact_mtch", False), ("perplexty", False), ("acc", False), ("bleu", False),
])
def test_unknown_names_go_to_hf_evaluate_unless_a_typo(name, expected):
    assert comes_from_hf_evaluate(name, {"metric": name}, REGISTERED) is expected


def test_hf_evaluate_true_overrides_the_registry_and_typos_are_named():
    assert comes_from_hf_evaluate("f1", {"metric": "f1", "hf_evaluate": True}, REGISTERED)
    assert typo_of("acc_nrom", REGISTERED) == "acc_norm"
    assert typo_of("accuracy", REGISTERED) is None


def test_missing_evaluate_is_one_line_naming_pip(monkeypatch):
    monkeypatch.setitem(sys.modules, "evaluate", None)
    with pytest.raises(UsageError) as err:
        HFEvaluateMetric("accuracy").load()
    message = str(err.value)
    assert "metric 'accuracy'" in message and message.endswith("pip install evaluate")
    assert "\n" not in message


def test_a_run_without_evaluate_stops_before_the_model(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "evaluate", None)
    _task(tmp_path, "gen_acc", "accuracy")
    calls = tmp_path / "calls.log"
    with pytest.raises(UsageError) as err:
        evaluate("dummy", f"call_log={calls}", ["gen_acc"], include_path=str(tmp_path), bootstrap_iters=0)
    assert "pip install evaluate" in str(err.value)
    assert not calls.exists()  # no model call was made


def _cli(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lmeval", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd,
                          env={**os.environ, "LMEVAL_CACHE_DIR": str(cwd / "idx"), **(env or {})})


def test_validate_warns_for_hf_evaluate_names_and_refuses_typos(tmp_path):
    ok = _task(tmp_path, "gen_wer", "wer")
    proc = _cli("validate", str(ok), cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "gen_wer.yaml:13: metric: warning: metric 'wer' is not an lmeval metric: a run loads it " \
           "from HF evaluate" in proc.stdout
    assert "0 problem(s), 1 warning(s)" in proc.stderr
    typo = _task(tmp_path, "gen_typo", "exact_mtch")
    proc = _cli("validate", str(typo), cwd=tmp_path)
    assert proc.returncode == 1
    assert "unknown metric 'exact_mtch' (did you mean 'exact_match'" in proc.stdout


def test_real_evaluate_scores_with_a_local_metric_module(tmp_path, monkeypatch):
    pytest.importorskip("evaluate", reason="HF evaluate is not installed (pip install evaluate)")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_EVALUATE_OFFLINE", "1")
    folder = tmp_path / "word_match"
    folder.mkdir()
    (folder / "word_match.py").write_text(LOCAL_METRIC)
    metric = HFEvaluateMetric(str(folder))
    assert metric(references=["hi there"], predictions=["hi you"]) == {"word_match": 0.5}
    assert metric(references=["4"], predictions=["4"]) == {"word_match": 1.0}
    # through a run: per-document compute(references=[gold], predictions=[result]), then the mean
    _task(tmp_path, "gen_local", str(folder))
    out = evaluate("dummy", None, ["gen_local"], include_path=str(tmp_path), bootstrap_iters=0,
                   log_samples=True)
    samples = out["samples"]["gen_local"]
    per_doc = [s["word_match"] for s in samples]
    assert len(per_doc) == 2 and all(0.0 <= v <= 1.0 for v in per_doc)
    assert out["results"]["gen_local"]["word_match,none"] == pytest.approx(sum(per_doc) / 2)


def test_real_evaluate_names_a_metric_it_cannot_load(tmp_path, monkeypatch):
    pytest.importorskip("evaluate", reason="HF evaluate is not installed (pip install evaluate)")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_EVALUATE_OFFLINE", "1")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError) as err:
        HFEvaluateMetric("no_such_metric_here").load()
    message = str(err.value)
    assert message.startswith("metric 'no_such_metric_here' is not an lmeval metric and HF evaluate "
                              "could not load it (") and "\n" not in message


@pytest.mark.parametrize("metric,shown", [("5", "int 5"), ("[a, b]", "list ['a', 'b']"),
                                          ("null", "NoneType None"), ('""', "str ''"),
                                          ("' '", "str ' '"), ("{x: 1}", "mapping {'x': 1}")])
def test_a_metric_that_is_not_a_name_is_an_error_not_a_hub_lookup(tmp_path, metric, shown):
    path = _task(tmp_path, "gen_bad", metric)
    with pytest.raises(UsageError) as err:
        evaluate("dummy", None, ["gen_bad"], include_path=str(tmp_path), bootstrap_iters=0)
    assert f"`metric` must be a metric name or !function module.fn, got {shown}" in str(err.value)
    proc = _cli("validate", str(path), cwd=tmp_path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "gen_bad.yaml:12: metric_list: `metric` must be a metric name" in proc.stdout
