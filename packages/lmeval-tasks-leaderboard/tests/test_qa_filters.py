"""Answer extraction and exact match agree with lm-eval 0.4.13 on GPQA's generated variants and
MMLU-Pro: for the first two fixture documents, answers (``The answer is (B)``, ``answer is B``,
an option's own words, malformed ones) go through every filter pipeline of the task and the
exact-match metric; the results must equal ``golden/qa_filters.json`` (``tools/make_qa_goldens.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN = json.loads((Path(__file__).parent / "golden" / "qa_filters.json").read_text(encoding="utf-8"))


def test_goldens_cover_both_gpqa_filters_and_mmlu_pro():
    names = {c["task"] for c in GOLDEN}
    assert len([n for n in names if n.startswith("gpqa_")]) == 9
    assert {"mmlu_pro_biology", "mmlu_pro_computer_science"} <= names
    pipelines = {p for c in GOLDEN for p in c["results"]}
    assert pipelines == {"strict-match", "flexible-extract", "custom-extract"}


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
