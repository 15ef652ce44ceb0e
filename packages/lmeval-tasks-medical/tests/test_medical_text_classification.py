"""The medical text classification tasks: lm-eval 0.4.13's prompts, choices and golds on the
fixture CSVs (``tools/make_classification_goldens.py``), and the one-line error when the local CSV
lm-eval names is missing."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from lmeval.cli import main
from lmeval_tasks_medical import text_classification as tc

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "text_classification.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_prompts_choices_and_gold_match_lm_eval(level):
    assert GOLDEN[level]
    for record in GOLDEN[level]:
        doc = record["doc"]
        assert getattr(tc, f"doc_to_text_{level}")(doc) == record["text"]
        assert getattr(tc, f"doc_to_choice_{level}")(doc) == record["choices"]
        assert getattr(tc, f"doc_to_target_{level}")(doc) == record["target"]


def test_easy_keeps_the_first_tenth_of_the_rows():
    with (HERE / "fixtures" / "local" / "med_text_class_train.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    kept = tc.process_docs(rows)
    assert len(rows) == 20 and kept == rows[:2]
    assert [d["text"] for d in kept] == [r["doc"]["text"] for r in GOLDEN["easy"]]


@pytest.mark.parametrize("task, file", [("med_text_classification_easy", "med_text_class_train.csv"),
                                        ("med_text_classification_hard", "mtsamples.csv")])
def test_a_missing_local_csv_is_one_line_naming_it(capsys, task, file):
    if Path("/gpfs/projects/bsc70/heka/data/datasets", file).exists():
        pytest.skip("the CSV lm-eval names exists on this machine")
    assert main(["run", "--model", "dummy", "--tasks", task, "--limit", "1"]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if "error" in line]
    assert len(err) == 1 and file in err[0] and "not found" in err[0]
