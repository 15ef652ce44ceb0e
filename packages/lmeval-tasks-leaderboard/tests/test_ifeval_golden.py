"""``ifeval`` and ``leaderboard_ifeval`` against lm-eval 0.4.13 (``tools/make_ifeval_goldens.py``): the
requests of the first document, and the scores of every fixture document for 40 answers."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).parent / "golden"
MIRROR = Path(__file__).parent / "fixtures" / "datasets" / "google" / "IFEval" / "default" / "train.jsonl"
MISSING = [m for m in ("langdetect", "nltk", "immutabledict") if importlib.util.find_spec(m) is None]
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"the [ifeval] extra is not installed ({', '.join(MISSING)})")
SCORES = json.loads((GOLDEN / "ifeval_scores.json").read_text(encoding="utf-8"))
DOCS = {doc["key"]: doc for doc in map(json.loads, MIRROR.read_text(encoding="utf-8").splitlines())}


@pytest.mark.parametrize("case", load_goldens(GOLDEN / "ifeval_requests.json"), ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize("key", sorted(DOCS))
def test_every_answer_scores_as_in_reference(key):
    from lmeval_tasks_leaderboard.ifeval.scoring import process_results

    records = [r for r in SCORES["records"] if r["key"] == key]
    assert len(records) >= len(SCORES["answers"]) - 1
    for record in records:
        answer = SCORES["answers"][record["answer"]]
        expected = {k: v for k, v in record.items() if k not in ("key", "answer")}
        assert process_results(DOCS[key], [answer]) == expected, answer


def test_the_goldens_cover_every_instruction_kind_followed_and_broken():
    from lmeval_tasks_leaderboard.ifeval.checks import INSTRUCTIONS

    seen: dict[str, set[bool]] = {}
    for record in SCORES["records"]:
        for instruction, verdict in zip(DOCS[record["key"]]["instruction_id_list"], record["inst_level_strict_acc"],
                                        strict=True):
            seen.setdefault(instruction, set()).add(verdict)
    assert {k for k, v in seen.items() if v == {True, False}} == set(INSTRUCTIONS)
