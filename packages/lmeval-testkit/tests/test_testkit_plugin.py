"""The plugin's fixtures, used as a task pack or backend test uses them."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest


def test_the_plugin_is_registered_by_its_entry_point(pytestconfig):
    assert pytestconfig.pluginmanager.get_plugin("lmeval-testkit") is not None


def test_the_offline_mirror_points_lmeval_at_a_directory(lmeval_offline_mirror, tmp_path):
    mirror = tmp_path / "datasets"
    mirror.mkdir()
    assert lmeval_offline_mirror(mirror) == mirror
    assert os.environ["LMEVAL_DATASETS_DIR"] == str(mirror)
    assert os.environ["LMEVAL_CACHE_DIR"].endswith("lmeval-cache")
    with pytest.raises(FileNotFoundError, match="not a directory"):
        lmeval_offline_mirror(tmp_path / "missing")


def test_build_requests_builds_the_requests_of_a_pack_task(lmeval_build_requests, lmeval_offline_mirror):
    """A real pack task from that pack's own mirror: one loglikelihood request per choice."""
    pack = pytest.importorskip("lmeval_tasks_mmlu", reason="the example task comes from lmeval-tasks-mmlu")
    mirror = Path(pack.__file__).resolve().parents[2] / "tests" / "fixtures" / "datasets"
    if not mirror.is_dir():
        pytest.skip(f"lmeval-tasks-mmlu is installed without its test fixtures ({mirror})")
    lmeval_offline_mirror(mirror)
    task, instances = lmeval_build_requests("kmmlu_accounting")
    assert task.config.task == "kmmlu_accounting"
    assert len(instances) == 4 and {type(inst.request).__name__ for inst in instances} == {"LoglikelihoodRequest"}
    assert len({inst.arguments[0] for inst in instances}) == 1  # one context, four continuations


def test_the_fault_server_answers_a_completion(lmeval_fault_server):
    from lmeval_testkit.api import TEST_API_KEY

    req = urllib.request.Request(
        f"{lmeval_fault_server.url}/v1/completions",
        data=json.dumps({"model": "m", "prompt": "hello", "max_tokens": 3}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {TEST_API_KEY}"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        body = json.load(resp)
    assert body["choices"][0]["text"]
    assert lmeval_fault_server.hits


def test_the_tiny_tokenizer_is_deterministic(lmeval_tiny_tokenizer, tmp_path):
    pytest.importorskip("tokenizers", reason="the tiny tokenizer needs tokenizers")
    from lmeval_testkit.hf import build_tokenizer

    again = build_tokenizer(tmp_path / "again")
    assert (again / "tokenizer.json").read_text() == (lmeval_tiny_tokenizer / "tokenizer.json").read_text()
