"""A group whose ``aggregate_metric_list`` names a ``!function`` instead of a metric name
(lm-eval 0.4.13's code2text group does): lm-eval looks for ``"<function ...>,<filter>"`` keys,
finds none and reports the group without a score; lmeval loads it, warns, and does the same."""

from __future__ import annotations

import logging

from lmeval.evaluator.groups import aggregate_group
from lmeval.tasks.config import build_group_config
from lmeval.tasks.yamlio import load_config

GROUP = """group: g
task: [a, b]
aggregate_metric_list:
  - aggregation: mean
    metric: !function bleu.smoothed_bleu_4
    weight_by_size: true
"""


class _Leaf:
    def __init__(self, name: str) -> None:
        self.name = name


class _Group:
    alias = "g"
    has_aggregation = True

    def __init__(self, config) -> None:
        self.config = config

    def leaf_tasks(self):
        return [_Leaf("a"), _Leaf("b")]


def test_a_function_named_as_group_metric_gives_the_group_no_score(tmp_path, caplog):
    path = tmp_path / "g.yaml"
    path.write_text(GROUP, encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="lmeval"):
        config = build_group_config(load_config(path))
    assert "names no member metric" in caplog.text and "bleu.smoothed_bleu_4" in caplog.text
    results = {"a": {"smoothed_bleu_4,none": 10.0, "sample_len": 2},
               "b": {"smoothed_bleu_4,none": 30.0, "sample_len": 2}}
    assert aggregate_group(_Group(config), results) == {"alias": "g", "sample_len": 4}
