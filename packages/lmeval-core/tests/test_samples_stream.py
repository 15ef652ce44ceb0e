"""Samples streamed to disk as each task is scored (``lmeval run --log_samples --output_path``):
the same files and ``task_hashes`` as the samples the Python API returns in memory, and nothing
left behind by a run that fails."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from lmeval import evaluate
from lmeval.cli import main
from lmeval.outputs import samplefile
from lmeval.outputs.results import write_results
from lmeval.outputs.samplestream import SampleStream

TASKS_DIR = Path(__file__).parent / "golden" / "samples_layout" / "tasks"
TASKS = ["g_mc", "g_ll", "g_roll", "g_gen"]


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))


def test_streamed_files_equal_the_in_memory_samples(tmp_path):
    out = tmp_path / "out"
    assert main(["run", "--model", "dummy", "--include_path", str(TASKS_DIR), "--tasks",
                 ",".join(TASKS), "--log_samples", "--output_path", str(out),
                 "--bootstrap_iters", "0"]) == 0
    results = evaluate("dummy", tasks=TASKS, include_path=str(TASKS_DIR), log_samples=True,
                       bootstrap_iters=0)
    assert list(results["samples"]) == TASKS  # the API still returns them
    [written] = out.rglob("results_*.json")
    body = json.loads(written.read_text(encoding="utf-8"))
    for task in TASKS:
        [path] = out.rglob(f"samples_{task}_*.jsonl")
        entries = results["samples"][task]
        assert path.read_text(encoding="utf-8") == "".join(
            samplefile.dumps(e) + "\n" for e in entries)
        assert body["task_hashes"][task] == hashlib.sha256("".join(
            f"{e['doc_hash']}{e['prompt_hash']}{e['target_hash']}" for e in entries
        ).encode()).hexdigest()
    assert list(body["task_hashes"]) == TASKS
    assert not list(out.rglob(".lmeval-samples-*"))  # the temporary folder is gone


def test_a_failed_run_leaves_no_folder_behind(tmp_path):
    out = tmp_path / "new" / "out"
    stream = SampleStream(out)
    assert not out.exists()  # nothing made before the first task is scored
    stream.task("t")
    stream.add({"doc_id": 0, "doc_hash": "a", "prompt_hash": "b", "target_hash": "c"})
    assert out.is_dir()
    stream.discard()
    assert not (tmp_path / "new").exists()


def test_samples_move_again_when_the_first_place_fails(tmp_path, monkeypatch):
    stream = SampleStream(tmp_path / "out")
    stream.task("t")
    stream.add({"doc_id": 0, "doc_hash": "a", "prompt_hash": "b", "target_hash": "c"})
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where a folder is expected")
    with pytest.raises(OSError):
        write_results({"results": {}}, blocked / "sub", stream)
    path = write_results({"results": {}}, tmp_path / "elsewhere", stream)
    [samples] = path.parent.glob("samples_t_*.jsonl")
    assert json.loads(samples.read_text(encoding="utf-8"))["doc_id"] == 0
    assert json.loads(path.read_text(encoding="utf-8"))["task_hashes"] == {
        "t": hashlib.sha256(b"abc").hexdigest()}
    assert not list(tmp_path.rglob(".lmeval-samples-*"))
