"""CrowS-Pairs tasks build, for their first document, exactly the requests lm-eval 0.4.13 builds
on the same data (the subsets after their bias-type filter), and score them the same.

Goldens: ``tools/make_goldens.py``. ``benchmarks/task_parity.py --packs bias`` compares every task.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN = json.loads((Path(__file__).parent / "golden" / "requests.json").read_text(encoding="utf-8"))


def fake_result(i: int, args: tuple) -> tuple[float, bool]:
    """The stand-in answers of ``tools/make_goldens.py``."""
    return (-1.0 - (len(args[1]) * 7 + i * 3) % 11 / 4, i % 2 == 0)


@pytest.mark.parametrize("case", GOLDEN, ids=[c["task"] for c in GOLDEN])
def test_first_document_requests_and_scores_match_reference(case, build):
    task, instances = build(case["task"])
    got = [{"type": inst.request.kind.value, "args": list(inst.request.args)} for inst in instances]
    assert got == case["requests"]
    results = [fake_result(i, inst.request.args) for i, inst in enumerate(instances)]
    assert task.process_results(task.eval_docs[0], results) == case["process_results"]
