"""The one-line reason for a failed Hub download, read from the exception chain transformers
raises (tests/test_hub_path.py checks the same against a real Hub-protocol server)."""

from __future__ import annotations

import pytest
from huggingface_hub import constants
from huggingface_hub.errors import LocalEntryNotFoundError
from lmeval_hf import hub_errors


def _wrapped(cause: BaseException) -> OSError:
    try:
        try:
            raise cause
        except BaseException as inner:
            raise OSError("org/model is not a local folder and is not a valid model identifier "
                          "listed on 'https://huggingface.co/models'") from inner
    except OSError as outer:
        return outer


def test_offline_and_not_cached_names_hf_hub_offline(monkeypatch):
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    line = hub_errors.hub_failure("org/model", "main", _wrapped(LocalEntryNotFoundError("x")))
    assert "not in the Hugging Face cache" in line and "HF_HUB_OFFLINE" in line


def test_a_broken_connection_says_run_again(monkeypatch):
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    line = hub_errors.hub_failure("org/model", "main", _wrapped(ConnectionResetError(104, "reset")))
    assert "cannot download model org/model" in line and "run again" in line
    assert constants.ENDPOINT in line


def test_a_missing_revision_lists_the_branches(monkeypatch):
    from huggingface_hub.errors import RevisionNotFoundError

    class Ref:
        def __init__(self, name: str) -> None:
            self.name = name

    class Refs:
        branches = [Ref("main"), Ref("v1")]
        tags = [Ref("v1.0")]

    class Api:
        def list_repo_refs(self, name):
            return Refs()

    monkeypatch.setattr("huggingface_hub.HfApi", Api)
    exc = _wrapped(RevisionNotFoundError.__new__(RevisionNotFoundError))  # no HTTP response
    line = hub_errors.hub_failure("org/model", "v1.1", exc)
    assert "no revision 'v1.1'" in line and "branches: main, v1" in line and "tags: v1.0" in line


def test_a_local_directory_is_not_a_hub_failure(tmp_path):
    assert hub_errors.hub_failure(str(tmp_path), "main", _wrapped(ConnectionError())) is None


@pytest.mark.parametrize("cause", [ValueError("bad config"), KeyError("model_type")])
def test_other_errors_are_left_to_the_caller(cause):
    assert hub_errors.hub_failure("org/model", "main", _wrapped(cause)) is None
