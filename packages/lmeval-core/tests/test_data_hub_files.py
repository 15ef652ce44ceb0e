"""``hf://datasets/...`` data files of a ``json``/``csv`` dataset come from the offline mirror
when it holds them at ``<owner>/<name>/<path>``; otherwise they stay URLs (HF datasets fetches)."""

from __future__ import annotations

import json

import pytest
from lmeval.tasks import data


@pytest.fixture
def mirror(tmp_path, monkeypatch):
    folder = tmp_path / "EleutherAI" / "arithmetic" / "data"
    folder.mkdir(parents=True)
    (folder / "two_digit_addition.jsonl").write_text(json.dumps({"context": "Q: 1+1?", "completion": " 2"}) + "\n")
    monkeypatch.setenv(data.MIRROR_ENV, str(tmp_path))
    return tmp_path


def test_mirrored_hub_file_is_read_locally(mirror):
    url = "hf://datasets/EleutherAI/arithmetic/data/two_digit_addition.jsonl"
    splits = data.load_splits("json", None, {"data_files": {"validation": url}})
    assert list(splits["validation"]) == [{"context": "Q: 1+1?", "completion": " 2"}]


@pytest.mark.parametrize("files", [
    "hf://datasets/EleutherAI/arithmetic@main/data/two_digit_addition.jsonl",
    ["hf://datasets/EleutherAI/arithmetic/data/two_digit_addition.jsonl"],
    {"test": ["hf://datasets/EleutherAI/arithmetic/data/two_digit_addition.jsonl"]},
])
def test_every_data_files_shape_and_a_revision(mirror, files):
    out = data.mirror_hub_files({"data_files": files})["data_files"]
    flat = out if isinstance(out, str) else (out if isinstance(out, list) else out["test"])
    flat = [flat] if isinstance(flat, str) else flat
    assert flat == [str(mirror / "EleutherAI" / "arithmetic" / "data" / "two_digit_addition.jsonl")]


def test_missing_or_foreign_files_stay_urls(mirror, monkeypatch):
    kwargs = {"data_files": {"a": "hf://datasets/EleutherAI/arithmetic/data/nope.jsonl",
                             "b": "https://example.org/x.jsonl", "c": "hf://datasets/short"}}
    assert data.mirror_hub_files(kwargs) == kwargs
    monkeypatch.delenv(data.MIRROR_ENV)
    url = {"data_files": "hf://datasets/EleutherAI/arithmetic/data/two_digit_addition.jsonl"}
    assert data.mirror_hub_files(url) == url
