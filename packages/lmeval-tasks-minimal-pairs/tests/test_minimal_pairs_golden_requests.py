"""A slice of every family builds, for its first document, exactly the requests lm-eval 0.4.13
builds on the same data, and the same answers give the same per-document scores.

The golden file comes from ``tools/make_goldens.py`` (lm-eval's own task definitions run on
the fixtures). ``benchmarks/task_parity.py --packs minimal-pairs`` compares every task.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN = json.loads((Path(__file__).parent / "golden" / "requests.json").read_text(encoding="utf-8"))


def fake_result(i: int, args: tuple) -> tuple[float, bool]:
    """The stand-in answers of ``tools/make_goldens.py``."""
    return (-1.0 - (len(args[1]) * 7 + i * 3) % 11 / 4, i % 2 == 0)


def test_the_slice_covers_every_family():
    names = {c["task"] for c in GOLDEN}
    assert {n.split("_")[0] for n in names} == {"blimp", "bhs"} and any("blimp_nl__" in n for n in names)


@pytest.mark.parametrize("case", GOLDEN, ids=[c["task"] for c in GOLDEN])
def test_first_document_requests_and_scores_match_reference(case, build):
    task, instances = build(case["task"])
    got = [{"type": inst.request.kind.value, "args": list(inst.request.args)} for inst in instances]
    assert got == case["requests"]
    results = [fake_result(i, inst.request.args) for i, inst in enumerate(instances)]
    assert task.process_results(task.eval_docs[0], results) == case["process_results"]
