"""Every task of the pack builds, for its first document, exactly the requests lm-eval 0.4.13
builds on the same data (prompts with their few-shot blocks, continuations, stop sequences).

The golden file comes from ``tools/make_goldens.py`` (lm-eval's own task definitions run on
the fixtures of ``fixtures/datasets``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN = json.loads((Path(__file__).parent / "golden" / "requests.json").read_text(encoding="utf-8"))


def _args(request) -> list:
    args = list(request.args)
    if isinstance(args[-1], dict):
        args[-1] = dict(args[-1])
    return args


def fake_result(kind: str, i: int, args: tuple) -> object:
    """The stand-in model answers of ``tools/make_goldens.py``."""
    if kind == "loglikelihood":
        return (-1.0 - (len(args[1]) * 7 + i * 3) % 11 / 4, i % 2 == 0)
    if kind == "loglikelihood_rolling":
        return -123.25
    return " The answer is 5.\n#### 5"


@pytest.mark.parametrize("case", GOLDEN, ids=[f"{c['task']}-{c['num_fewshot']}shot" for c in GOLDEN])
def test_first_document_requests_and_scores_match_reference(case, build):
    task, instances = build(case["task"], case["num_fewshot"])
    got = [{"type": inst.request.kind.value, "args": _args(inst.request)} for inst in instances]
    assert got == case["requests"]
    # the same answers give the same per-document metric values (gold index, acc, acc_norm, ...)
    results = [fake_result(inst.request.kind.value, i, inst.request.args)
               for i, inst in enumerate(instances)]
    scores = task.process_results(task.eval_docs[instances[0].doc_id], results)
    assert json.loads(json.dumps(scores)) == case["process_results"]
