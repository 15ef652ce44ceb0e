"""A task's own ``!function`` aggregation gets no stderr, whatever it is called: lm-eval bootstraps
only its built-in aggregation functions, matched by identity, so a ``utils.f1`` (AfroBench's AfriQA)
or ``utils.mean`` is "N/A" there, never the built-in ``f1`` or ``mean`` of the same name."""

from __future__ import annotations

import json
from pathlib import Path

from lmeval.evaluator import evaluate

TASK = """task: own_agg
dataset_path: json
dataset_kwargs:
  data_files:
    test: own_agg.jsonl
test_split: test
output_type: generate_until
doc_to_text: "Q: {{q}}\\nA:"
doc_to_target: answer
generation_kwargs:
  until: ["\\n"]
metric_list:
  - metric: exact_match
    aggregation: mean
  - metric: f1
    aggregation: !function utils.f1
  - metric: bleu
    aggregation: !function utils.mean
"""

UTILS = """def f1(items):
    return sum(1.0 for gold, pred in items if gold == pred) / len(items)


def mean(items):
    return 0.5
"""


def _write(root: Path) -> None:
    docs = [{"q": f"{i}+{i}=", "answer": str(2 * i)} for i in range(6)]
    (root / "own_agg.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    (root / "own_agg.yaml").write_text(TASK)
    (root / "utils.py").write_text(UTILS)


def test_function_aggregations_named_like_built_ins_get_no_stderr(tmp_path):
    _write(tmp_path)
    out = evaluate("dummy", None, ["own_agg"], include_path=str(tmp_path), bootstrap_iters=200)
    r = out["results"]["own_agg"]
    assert r["f1_stderr,none"] == "N/A" and r["bleu_stderr,none"] == "N/A"
    assert r["bleu,none"] == 0.5 and 0.0 <= r["f1,none"] <= 1.0  # the task's own functions aggregated
    assert isinstance(r["exact_match_stderr,none"], float)  # the registered mean keeps its closed form
