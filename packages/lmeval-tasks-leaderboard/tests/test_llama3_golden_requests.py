"""lm-eval's ``llama3`` tasks: for a handful of cases (MMLU with its answer prefix, chain of
thought, the translated MMLUs' inline shots, MMLU-Pro, ARC, GSM8K) lmeval builds exactly the
requests lm-eval 0.4.13 builds on the fixtures and scores stand-in answers alike
(``golden/llama3_requests.json``, written by ``tools/make_reproduction_goldens.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval.tasks.data import DocList
from lmeval_tasks_leaderboard.llama3 import arc_process_docs, in_subtask, mmlu_pro_fewshot_to_text
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "llama3_requests.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


def test_arc_keeps_four_option_questions_with_letter_labels():
    docs = DocList([
        {"question": "q1", "choices": {"text": list("wxyz"), "label": ["1", "2", "3", "4"]}, "answerKey": "3"},
        {"question": "q2", "choices": {"text": list("xyz"), "label": list("ABC")}, "answerKey": "B"},
        {"question": "q3", "choices": {"text": list("vwxyz"), "label": list("ABCDE")}, "answerKey": "E"},
    ])
    kept = arc_process_docs(docs)
    assert [d["question"] for d in kept] == ["q1"]
    assert kept[0]["answerKey"] == "C" and kept[0]["choices"]["label"] == list("ABCD")


def test_multilingual_rows_are_chosen_by_subtask_and_mmlu_pro_shots_end_with_the_best_answer():
    rows = DocList([{"subtask_name": "mmlu_fr_chat.anatomy"}, {"subtask_name": "mmlu_fr_chat.virology"}])
    assert list(in_subtask("mmlu_fr_chat.virology")(rows)) == [rows[1]]
    shot = {"cot_content": "A: Let's think step by step. Two and two. The answer is (D)."}
    assert mmlu_pro_fewshot_to_text(shot) == "Two and two. The best answer is D."
