"""``data_files`` that are URLs go to HF ``datasets``, as in lm-eval; local globs are expanded.

lm-eval's own arithmetic, prost and tmmluplus tasks read ``hf://datasets/...`` files with
``dataset_path: json`` or ``csv``.
"""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest
from lmeval.cli import main
from lmeval.errors import UsageError
from lmeval.tasks import data

TASK = """task: remote_task
dataset_path: json
dataset_kwargs:
  data_files:
    test: {url}
test_split: test
output_type: multiple_choice
doc_to_text: "Q: {{{{question}}}}\\nA:"
doc_to_choice: "{{{{choices}}}}"
doc_to_target: answer
"""
ROWS = [{"question": f"q{i}", "choices": ["a", "b"], "answer": i % 2} for i in range(3)]
HAVE_DATASETS = importlib.util.find_spec("datasets") is not None


def test_urls_are_told_apart_from_local_files():
    kwargs = {"data_files": {"test": "hf://datasets/EleutherAI/arithmetic/data/x.jsonl",
                             "train": ["local.jsonl", "https://example.org/a.csv"]}}
    assert data.remote_data_files(kwargs) == ["hf://datasets/EleutherAI/arithmetic/data/x.jsonl",
                                              "https://example.org/a.csv"]
    assert data.remote_data_files({"data_files": "data/test.jsonl"}) == []
    assert data.remote_data_files(None) == []


def test_a_url_without_datasets_names_the_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "datasets", None)  # as if it were not installed
    url = "hf://datasets/EleutherAI/arithmetic/data/two_digit_addition.jsonl"
    with pytest.raises(UsageError) as err:
        data.load_splits("json", None, {"data_files": {"validation": url}})
    message = str(err.value)
    assert url in message and "pip install datasets" in message


def test_run_with_a_url_and_no_datasets_exits_2_with_the_package(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "datasets", None)
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "t.yaml").write_text(TASK.format(url="hf://datasets/org/name/data/test.jsonl"))
    code = main(["run", "--model", "dummy", "--tasks", "remote_task", "--include_path", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "pip install datasets" in err and "Traceback" not in err, err


def test_validate_does_not_fetch_a_url(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "t.yaml").write_text(TASK.format(url="hf://datasets/org/name/data/test.jsonl"))
    assert main(["validate", str(tmp_path / "t.yaml")]) == 0, capsys.readouterr()


@pytest.mark.skipif(not HAVE_DATASETS, reason="HF datasets is not installed in this environment "
                                              "(an optional extra: lmeval-core[datasets])")
def test_a_url_is_read_by_datasets(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_DATASETS_CACHE", str(tmp_path / "hf"))
    (tmp_path / "rows.jsonl").write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    splits = data.load_splits("jsonl", None, {"data_files": {"test": f"file://{tmp_path}/rows.jsonl"}})
    assert [dict(row) for row in splits["test"]] == ROWS


def test_a_local_glob_reads_every_match(tmp_path):
    (tmp_path / "parts").mkdir()
    for i, row in enumerate(ROWS):
        (tmp_path / "parts" / f"p{i}.jsonl").write_text(json.dumps(row) + "\n")
    splits = data.load_splits("json", None, {"data_files": {"test": "parts/*.jsonl"}},
                              base_dirs=[tmp_path])
    assert list(splits["test"]) == ROWS
