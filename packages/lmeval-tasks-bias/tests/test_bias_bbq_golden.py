"""BBQ against lm-eval 0.4.13's records on the fixtures (``tools/make_goldens.py`` writes
``golden/bbq_scores.json``): the first document's requests and per-sample scores, answer
extraction of ``bbq_generate`` for many generated answers on every document, and every metric
aggregated over every document of bbq and of a CaBBQ/EsBBQ category, and discrim_eval's bias
regression (two metrics: statsmodels' fit takes seconds). NaN equals NaN here.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from lmeval.evaluator import build_instances
from lmeval_testkit.goldens import plain_args, stand_in_answer

RECORDS = json.loads((Path(__file__).parent / "golden" / "bbq_scores.json").read_text(encoding="utf-8"))
FIRST = [r for r in RECORDS if "requests" in r]
AGGREGATES = [r for r in RECORDS if "aggregates" in r]


def plain(value: object) -> object:
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value.item() if hasattr(value, "item") else value


def same(a: object, b: object) -> bool:
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return a == b


def varied_answer(kind: str, i: int, args) -> tuple[float, bool]:
    """``tools/make_goldens.py``'s answer that varies with the prompt (for the regression)."""
    return (-(sum(map(ord, args[0])) * (i + 3) % 97) / 20, False)


def answers(instances, answer=stand_in_answer) -> list:
    return [answer(inst.request.kind.value, i, inst.request.args) for i, inst in enumerate(instances)]


@pytest.mark.parametrize("record", FIRST, ids=[r["task"] for r in FIRST])
def test_first_document_requests_and_scores(record, build):
    task, instances = build(record["task"])
    got = [{"type": inst.request.kind.value, "args": plain(plain_args(inst.request.args))} for inst in instances]
    assert got == record["requests"]
    scores = plain(task.process_results(task.eval_docs[0], answers(instances)))
    assert same(scores, record["scores"]), scores


def test_generated_answers_are_read_as_lm_eval_reads_them(build):
    (record,) = [r for r in FIRST if "extracted" in r]
    task, _ = build(record["task"])
    assert len(task.eval_docs) == len(record["extracted"])
    for doc, expected in zip(task.eval_docs, record["extracted"], strict=True):
        for answer, want in zip(record["generated"], expected, strict=True):
            scores = task.process_results(doc, [answer])
            got = plain({k: v for k, v in scores.items() if k in want})
            assert same(got, want), (doc["example_id"], answer, got, want)


@pytest.mark.parametrize("record", AGGREGATES, ids=[r["task"] for r in AGGREGATES])
def test_every_document_aggregates(record, build):
    task, _ = build(record["task"])
    _, instances = build_instances(task)
    by_doc: dict[int, list] = {}
    for inst in instances:
        by_doc.setdefault(inst.doc_id, []).append(inst)
    items: dict[str, list] = {}
    answer = varied_answer if record.get("answers") == "varied" else stand_in_answer
    for doc_id, insts in by_doc.items():
        for metric, value in task.process_results(task.eval_docs[doc_id], answers(insts, answer)).items():
            items.setdefault(metric, []).append(value)
    got = {metric: plain(task.aggregations[metric](values)) for metric, values in items.items()
           if metric in record["aggregates"]}
    if record.get("answers") == "varied":  # an iterative fit: equal to float noise
        assert got.keys() == record["aggregates"].keys()
        for metric, value in got.items():
            assert value == pytest.approx(record["aggregates"][metric], rel=1e-6, abs=1e-9), metric
    else:
        assert same(got, record["aggregates"]), got
