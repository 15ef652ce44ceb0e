"""Answer extraction and exact match agree with lm-eval 0.4.13 on every BBH task.

For the first two fixture documents of each task, a set of model answers (generic ones and
ones built from the document: its options, its word list) goes through every filter pipeline
of the task and the exact-match metric; the results must equal the goldens written by
``tools/make_goldens.py`` with lm-eval's own BBH filters.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN = json.loads((Path(__file__).parent / "golden" / "filters.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", GOLDEN, ids=[f"{c['task']}-doc{c['doc_id']}" for c in GOLDEN])
def test_extraction_and_exact_match_match_reference(case, build):
    task, _ = build(case["task"])
    doc = task.eval_docs[case["doc_id"]]
    answers = case["answers"]
    got = {}
    for pipeline in task.filters():
        values = pipeline.apply([[a] for a in answers], [doc] * len(answers))
        got[pipeline.name] = [[v, task.process_results(doc, [v])["exact_match"]] for v in values]
    assert got == case["results"]
