"""SCORE (lm-eval's ``score`` folder): lmeval builds lm-eval 0.4.13's requests for each kind of
AGIEval and MMLU-Pro robustness task (``golden/score_requests.json``), reads the final letter as
lm-eval does (``golden/score_scorers.json``, ``tools/make_score_goldens.py``), and expands the
documents and rates consistency as SCORE defines them. The MATH parts need the ``math`` extra:
``symbolic/check_score_math.py``, run by ``test_score_math.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval.tasks.data import DocList
from lmeval_tasks_leaderboard.score import agieval, robustness
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).parent / "golden"
REQUESTS = [c for c in load_goldens(GOLDEN / "score_requests.json") if "_math_" not in c["task"]]
SCORERS = load_goldens(GOLDEN / "score_scorers.json")


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


def test_final_letter_matches_lm_eval():
    for prediction, letter in SCORERS["postprocess_pred"]:
        assert robustness.final_answer(prediction, agieval.LABELS, "\n{letter}: {option}") == letter.upper()


def test_option_order_moves_the_gold_to_each_label_and_reads_answers_back():
    docs = DocList([{"query": "Q: Which? Answer Choices: (A)x (B)y (C)z (D)w", "choices": ["(A)x", "(B)y", "(C)z", "(D)w"],
                     "gold": [2]}])
    moved = agieval.option_order_robustness_process_docs(docs)
    assert [d["options"] for d in moved] == [["z", "y", "x", "w"], ["x", "z", "y", "w"], ["x", "y", "z", "w"],
                                             ["x", "y", "w", "z"]]
    assert [(d["answer"], d["always_same_option"], d["original_answer_index"]) for d in moved] == [
        ("A", "A", 2), ("B", "B", 2), ("C", "C", 2), ("D", "D", 2)]
    # always the moved gold: fully consistent; the original letter each time: also read as the gold
    assert agieval.options_consistency_rate([(0, x, x, 2, (i,)) for i, x in enumerate("ABCD")]) == 1.0
    assert agieval.options_consistency_rate([(0, x, "C", 2, (i,)) for i, x in enumerate("ABCD")]) == 1.0
    assert agieval.options_consistency_rate([(0, "A", "A", 2, (0,)), (0, "B", "D", 2, (1,))]) == 0.0


def test_prompt_robustness_repeats_each_question_under_ten_prompts():
    docs = DocList([{"query": "Q: One? Answer Choices: (A)a (B)b", "choices": ["(A)a", "(B)b"], "gold": [1]}])
    prompts = agieval.prompt_robustness_process_docs(docs)
    assert [d["prompt_id"] for d in prompts] == list(range(10))
    assert robustness.doc_to_text(prompts[0]).startswith("One?\nA: a\nB: b\nExamine the question")
    assert robustness.round4(2 / 3) == 0.6667 and robustness.round4(0.00005) == 0.0  # half to even, as numpy
