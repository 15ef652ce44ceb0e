"""The ROUGE-scored Catalan tasks: the [rouge] extra's one-line error, ROUGE-1 as HF evaluate's
rouge module aggregates it, caBreu's clean-up and TruthfulQA-va's scores."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from lmeval_tasks_multilingual import summary_rouge, truthfulqa_va


def test_missing_rouge_score_is_one_line_naming_the_extra():
    code = ("import sys; sys.modules['rouge_score'] = None\n"
            "from lmeval.errors import UsageError\n"
            "try:\n    import lmeval_tasks_multilingual.summary_rouge\n"
            "except UsageError as exc:\n    print(exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out.splitlines() == [out]
    assert "rouge-score" in out and "pip install 'lmeval-tasks-multilingual[rouge]'" in out
    assert out.startswith("cabreu, cocoteros_va, cocoteros_es, terretaqa, summarization_gl and xlsum needs "
                          "rouge-score")


def test_rouge1_is_the_bootstrap_mid_of_the_pairs():
    np.random.seed(1234)
    same = summary_rouge.rouge1_agg([("el gat és aquí", "el gat és aquí")] * 3)
    assert same == 1.0
    pairs = [("el gat negre", "el gat"), ("la casa", "una casa gran"), ("res", "tot")]
    np.random.seed(1234)
    first = summary_rouge.rouge1_agg(pairs)
    np.random.seed(1234)
    assert summary_rouge.rouge1_agg(pairs) == first  # the run's NumPy seed fixes the bootstrap
    assert 0.0 < first < 1.0
    assert summary_rouge.rouge1(pairs) is pairs  # the per-document "metric" passes the pair through


class _Docs(list):
    def map(self, function):
        return _Docs(function(d) for d in self)


def test_cabreu_collapses_space_runs_without_touching_the_loaded_row():
    row = {"content": "a  b   c", "summaries": {k: {f"a{i}": "x  y" for i in (1, 2, 3)}
                                                 for k in ("abstractive", "extractive", "extreme")}}
    (doc,) = summary_rouge.process_doc_cabreu(_Docs([row]))
    assert doc["content"] == "a b c" and doc["summaries"]["extreme"]["a3"] == "x y"
    assert row["content"] == "a  b   c" and row["summaries"]["extreme"]["a3"] == "x  y"


def test_truthfulqa_va_scores_true_against_false_references():
    (doc,) = truthfulqa_va.process_docs_gen(_Docs([{"question": " Q? ", "correct_answers": ["El cel és blau", " "],
                                                    "incorrect_answers": ["El cel és verd."]}]))
    assert doc["correct_answers"] == ["El cel és blau.", "Non teño ningún comentario."]
    scores = truthfulqa_va.process_results_gen(doc, ["El cel és blau."])
    assert scores["bleu_acc"] == 1 and scores["rouge1_acc"] == 1 and scores["rougeL_max"] == pytest.approx(100.0)
    assert scores["bleu_diff"] > 0
    assert set(scores) == {f"{m}_{k}" for m in ("bleu", "rouge1", "rouge2", "rougeL") for k in ("max", "acc", "diff")}
