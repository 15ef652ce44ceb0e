"""`lmeval run --model hf --use_cache`: weights swapped for others of the same size, with the
old modification time restored (as `cp -p`, `rsync -a`, `tar x` or `os.utime` leave them), are
scored again, never served from the cache; an untouched checkpoint is served from it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lmeval_testkit.hf import build_tiny_llama

TASKS = str(Path(__file__).parent / "tasks")
WEIGHTS = "model.safetensors"


@pytest.fixture(scope="module")
def two_llamas(tmp_path_factory):
    """Two tiny Llamas of one architecture (weights of one size) from different seeds."""
    root = tmp_path_factory.mktemp("swap-models")
    a, b = build_tiny_llama(root / "a", seed=0), build_tiny_llama(root / "b", seed=1)
    assert (a / WEIGHTS).stat().st_size == (b / WEIGHTS).stat().st_size
    assert (a / WEIGHTS).read_bytes() != (b / WEIGHTS).read_bytes()
    return a, b


def _run(model: Path, tmp: Path, name: str, cache: Path | None) -> list[float]:
    """Per-sample log-likelihoods of hf_mc (6 documents) from one `lmeval run`."""
    out = tmp / name
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp / "lmeval-cache"), "HF_HUB_OFFLINE": "1",
           "OMP_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false"}
    args = [sys.executable, "-m", "lmeval", "run", "--model", "hf", "--model_args",
            f"pretrained={model},max_length=256", "--tasks", "hf_mc", "--include_path", TASKS,
            "--limit", "6", "--log_samples", "--output_path", str(out)]
    if cache is not None:
        args += ["--use_cache", str(cache)]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (samples,) = sorted(out.rglob("samples_hf_mc_*.jsonl"))
    rows = [json.loads(line) for line in samples.read_text().splitlines()]
    return [r[0] for row in sorted(rows, key=lambda r: r["doc_id"]) for r in row["filtered_resps"]]


def _cp_p(src: Path, dst: Path) -> None:
    subprocess.run(["cp", "-p", str(src), str(dst)], check=True)


def _overwrite_and_utime(src: Path, dst: Path) -> None:
    before = dst.stat()
    with open(dst, "r+b") as fh:  # same inode, same size
        fh.write(src.read_bytes())
    os.utime(dst, ns=(before.st_atime_ns, before.st_mtime_ns))


@pytest.mark.parametrize("swap", [_cp_p, _overwrite_and_utime], ids=["cp-p", "overwrite+utime"])
def test_swapped_weights_with_old_times_are_scored_again(two_llamas, tmp_path, swap):
    a, b = two_llamas
    model = tmp_path / "model"
    shutil.copytree(a, model)
    cache = tmp_path / "cache"
    first = _run(model, tmp_path, "first", cache)
    assert _run(model, tmp_path, "again", cache) == first  # untouched: served as before

    old = (model / WEIGHTS).stat()
    os.utime(b / WEIGHTS, ns=(old.st_atime_ns, old.st_mtime_ns))
    swap(b / WEIGHTS, model / WEIGHTS)
    new = (model / WEIGHTS).stat()
    assert (new.st_size, int(new.st_mtime)) == (old.st_size, int(old.st_mtime))  # the old key

    swapped = _run(model, tmp_path, "swapped", cache)
    truth_model = tmp_path / "truth-model"  # a's tokenizer and config, b's weights, no cache
    shutil.copytree(a, truth_model)
    shutil.copyfile(b / WEIGHTS, truth_model / WEIGHTS)
    truth = _run(truth_model, tmp_path, "truth", None)
    assert swapped != first, "the other model's answers were served from the cache"
    assert swapped == pytest.approx(truth, abs=1e-5)
