"""metabench: lmeval builds lm-eval 0.4.13's requests from the row-carried shots
(``golden/metabench_requests.json``, ``tools/make_reproduction_goldens.py``), and the permuted variants
move every answer, the same way on every read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lmeval.tasks.data import DocList
from lmeval_tasks_leaderboard import metabench
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "metabench_requests.json")
MIRROR = Path(__file__).parent / "fixtures" / "datasets" / "HCAI" / "metabench"


def rows(config: str) -> DocList:
    lines = (MIRROR / config / "primary.jsonl").read_text(encoding="utf-8").splitlines()
    return DocList(json.loads(line) for line in lines)


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize(("config", "function", "answer"), [
    ("ARC", metabench.arc_permuted, lambda d: d["choices"]["text"][d["choices"]["label"].index(d["answerKey"])]),
    ("HellaSwag", lambda d: metabench.hellaswag(d, permute=True), lambda d: d["choices"][d["gold"]]),
    ("MMLU", lambda d: metabench.mmlu(d, permute=True), lambda d: d["choices"][d["answer"]]),
    ("TruthfulQA", lambda d: metabench.truthfulqa(d, permute=True), lambda d: d["mc1_targets"]["choices"][d["answer"]]),
])
def test_permuted_answers_move_keep_their_text_and_repeat(config, function, answer):
    original = rows(config)
    process = metabench.processor(function)
    first, second = process(original), process(original)
    plain = {"ARC": metabench.arc, "HellaSwag": metabench.hellaswag, "MMLU": metabench.mmlu,
             "TruthfulQA": metabench.truthfulqa}[config]
    unmoved = metabench.processor(plain)(original)
    assert list(first) == list(second)
    for moved, kept in zip(first, unmoved, strict=True):
        assert answer(moved) == (answer(kept) if config != "TruthfulQA" else kept["mc1_targets"]["choices"][0])
    assert rows(config) == original  # the documents read are not modified


def test_winogrande_permute_swaps_the_options():
    doc = metabench.winogrande(dict(rows("Winogrande")[0]), permute=True)
    assert (doc["option1"], doc["option2"], doc["answer"]) == ("box", "cup", "1")
    assert doc["sentence"].startswith("Shot 1: Sam thanked Kim because Kim helped 1.\n\n")
