"""Putnam-AXIOM (``putnam_axiom``, ``_original``, ``_variations``, ``_variations_org``): the
4-shot Minerva prompt and the boxed-answer check (sympy's LaTeX equivalence) equal lm-eval
0.4.13's on the fixtures (``golden/putnam_axiom.json``, from ``tools/make_family_goldens.py`` run
with antlr4-python3-runtime 4.11 on ``PYTHONPATH``); without that runtime the task is refused in
one line naming the ``math`` extra, before any model call."""

from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from lmeval.errors import UsageError
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "putnam_axiom.json")


def _antlr() -> str | None:
    try:
        return version("antlr4-python3-runtime")
    except PackageNotFoundError:
        return None


HAS_411 = (_antlr() or "").startswith("4.11")
needs_411 = pytest.mark.skipif(not HAS_411, reason=f"sympy's LaTeX parser needs antlr4-python3-runtime 4.11, "
                               f"this venv has {_antlr()} (the acpbench extra pins 4.7.2)")


@needs_411
@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


@needs_411
@pytest.mark.parametrize("case", [c for c in GOLDEN if "answers" in c][:2], ids=golden_id)
def test_answers_are_read_and_scored_as_in_reference(case, build):
    task, instances = build(case["task"], case.get("num_fewshot"))
    doc = task.eval_docs[instances[0].doc_id]
    for expected in case["answers"]:
        filtered = {p.name: p.apply([[expected["answer"]]], [doc])[0] for p in task.filters()}
        scores = {name: task.process_results(doc, [value]) for name, value in filtered.items()}
        assert json.loads(json.dumps(scores)) == expected["scores"], expected["answer"]


@pytest.mark.skipif(HAS_411, reason="antlr4-python3-runtime 4.11 is installed: nothing to refuse")
def test_without_antlr_411_the_task_is_refused_naming_the_extra(build):
    with pytest.raises(UsageError) as refused:
        build("putnam_axiom")
    message = str(refused.value)
    assert "\n" not in message.strip()
    assert "antlr4-python3-runtime 4.11" in message and "lmeval-tasks-classic[math]" in message
