"""GalicianBench, SpanishBench and PortugueseBench: the first document's requests equal lm-eval
0.4.13's (tests/golden/iberobench.json, from tests/tools/reference_requests.py on the fixtures), and
the ASSIN 2 and TruthfulQA-gl scores agree with the formulas lm-eval calls (scipy, scikit-learn)."""

from __future__ import annotations

import json
import math

import pytest
from lmeval.evaluator import build_instances
from lmeval_tasks_multilingual.iberobench import (
    macro_f1,
    parse_score,
    pearson_corr,
    process_results_mc2,
)
from ml_data import HERE

GOLDEN = json.loads((HERE / "golden" / "iberobench.json").read_text(encoding="utf-8"))


def first_doc_requests(loader, name: str, num_fewshot: int | None) -> list:
    task = loader.task(name)
    if num_fewshot is not None:
        task.config.num_fewshot = num_fewshot
    task.check()
    _, instances = build_instances(task, limit=1)
    return [json.loads(json.dumps(list(i.arguments))) for i in instances]


@pytest.mark.parametrize(("shots", "key"), [(None, "zero_shot"), (2, "two_shot")])
def test_requests_equal_lm_evals(lmeval_task_loader, shots, key):
    assert len(GOLDEN[key]) >= 12
    bad = [name for name, expected in GOLDEN[key].items()
           if first_doc_requests(lmeval_task_loader, name, shots) != expected]
    assert not bad, f"requests differ from lm-eval's: {bad}"


def test_groups_list_lm_evals_members(lmeval_task_loader):
    (node,) = lmeval_task_loader.load(["portuguese_bench"])
    names = {t.name for t in node.leaf_tasks()}
    assert {"assin2_sts", "assin2_rte", "belebele_por_Latn", "portuguese_bench_flores_de-pt"} <= names
    assert len(names) == 4 + 1 + 16


def test_assin2_scores():
    assert parse_score("Eu diria 4,5 pontos") == 4.5
    assert parse_score("7") is None and parse_score("nada") is None
    pairs = [(1.0, 1.5), (2.0, 2.0), (4.0, 3.0), (5.0, 4.5)]
    # Pearson's r by its definition; one distinct prediction gives 0.0, as lm-eval's helper
    assert pearson_corr(pairs) == pytest.approx(0.9660917830792959, rel=1e-12)
    assert pearson_corr([(3.0, 1.0), (3.0, 5.0)]) == 0.0
    # labels 0 and 1: F1 2/3 and 0.5; a label never predicted counts 0
    assert macro_f1([(0, 0), (0, 1), (1, 1), (0, 0), (1, 0)]) == pytest.approx((2 / 3 + 1 / 2) / 2)
    assert macro_f1([(0, 1), (0, 1)]) == 0.0


def test_truthfulqa_mc2_is_the_true_answers_share():
    doc = {"mc2_targets": {"labels": [1, 1, 0]}}
    lls = [math.log(0.2), math.log(0.3), math.log(0.5)]
    assert process_results_mc2(doc, [(x, False) for x in lls])["acc"] == pytest.approx(0.5)
