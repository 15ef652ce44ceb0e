"""A pinned dataset commit is the one HF datasets loaded (its cache path names the commit)."""

from __future__ import annotations

import pytest
from lmeval.errors import UsageError
from lmeval.tasks.dataset_revision import check_pinned_revision, loaded_revisions

MAIN = "c8a17f7126f6" + "0" * 28
PINNED = "7d2e1b0c9a88" + "1" * 28


class Split:
    def __init__(self, sha: str) -> None:
        self.cache_files = [{"filename": f"/hf/datasets/Rowan___hellaswag/default/0.0.0/{sha}/"
                                         "hellaswag-validation.arrow"}]


def test_the_commit_is_read_from_the_cache_path():
    assert loaded_revisions({"validation": Split(MAIN), "train": Split(MAIN)}) == {MAIN}


@pytest.mark.parametrize("revision", [PINNED, PINNED[:7], PINNED.upper()])
def test_the_pinned_commit_loaded_passes(revision):
    check_pinned_revision({"validation": Split(PINNED)}, "Rowan/hellaswag", revision)


def test_a_fallback_to_another_commit_is_refused():
    with pytest.raises(UsageError) as err:
        check_pinned_revision({"validation": Split(MAIN)}, "Rowan/hellaswag", PINNED)
    message = str(err.value)
    assert PINNED in message and MAIN[:12] in message and "dataset_kwargs.revision" in message


@pytest.mark.parametrize("revision", [None, "main", "refs/convert/parquet", "v1.0"])
def test_branch_and_tag_names_are_not_checked(revision):
    check_pinned_revision({"validation": Split(MAIN)}, "Rowan/hellaswag", revision)


def test_splits_without_cache_files_are_not_checked():
    check_pinned_revision({"validation": [{"a": 1}]}, "Rowan/hellaswag", PINNED)


def test_an_unknown_hub_config_becomes_a_dataset_name_error():
    from lmeval.tasks.data import DatasetNameError, unknown_hub_config

    exc = ValueError("BuilderConfig 'abstract_algebr' not found. Available: ['abstract_algebra', 'anatomy']")
    error = unknown_hub_config(exc, "cais/mmlu", "abstract_algebr")
    assert isinstance(error, DatasetNameError)
    assert "no config 'abstract_algebr'" in str(error) and "did you mean 'abstract_algebra'" in str(error)
    assert unknown_hub_config(ValueError("something else"), "cais/mmlu", None) is None
