"""KorMedMCQA's answer extraction, the free-answer tasks' references and perplexity counts, and
the one-line refusal of their scoring without the ``open-answers`` extra."""

from __future__ import annotations

import importlib.util

import pytest
from lmeval.cli import main
from lmeval_tasks_medical import open_documents as docs
from lmeval_tasks_medical.kormedmcqa import ExtractChoiceFilter, extract_choice


@pytest.mark.parametrize("answer, letter", [
    ("정답: B", "B"), ("정답은 C 입니다", "C"), (" 정답：d", "D"), ("A. 아니고 B. 입니다", "B"),
    ("I pick E", "E"), ("the answer is a or c", "C"), ("모르겠습니다", ""), ("ABC", ""),
])
def test_kormedmcqa_extraction_cascade(answer, letter):
    assert extract_choice(answer) == letter


def test_kormedmcqa_filter_keeps_each_response():
    assert ExtractChoiceFilter().apply([["정답: A", "B."], [""]], [{}, {}]) == [["A", "B"], [""]]


def test_meqsum_question_after_its_message_label():
    assert docs.meqsum_question({"CHQ": "SUBJECT: x\nMESSAGE: my question"}) == "my question"
    assert docs.meqsum_question({"CHQ": "no label"}) == "no label"


def test_mimic_sections():
    doc = {"extractive_notes_summ": "FINDINGS: clear lungs.     IMPRESSION: normal chest.     "}
    assert docs.mimic_impressions(doc) == "IMPRESSION: normal chest."
    assert docs.mimic_findings(doc) == "Given the findings: FINDINGS: clear lungs..\nSummarize the findings."


def test_perplexity_counts_words_and_bytes():
    out = docs.perplexity_mediqa({"QUESTION": {"AnswerList": [{"Answer": {"AnswerText": "rest  and é"}}]}}, [-3.0])
    assert out == {"word_perplexity": (-3.0, 3), "byte_perplexity": (-3.0, 12), "bits_per_byte": (-3.0, 12),
                   "perplexity": -3.0}


@pytest.mark.skipif(importlib.util.find_spec("evaluate") is not None, reason="HF evaluate is installed")
@pytest.mark.parametrize("task", ["meddialog_raw_dialogues", "meqsum", "olaph", "mts_dialog"])
def test_free_answer_scoring_without_evaluate_is_one_line(capsys, task):
    assert main(["run", "--model", "dummy", "--tasks", task, "--limit", "1"]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if "error" in line]
    assert len(err) == 1 and "lmeval-tasks-medical[open-answers]" in err[0]
