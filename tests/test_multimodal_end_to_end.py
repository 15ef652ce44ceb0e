"""``lmeval run`` with images end to end: the multimodal pack's tasks on ``hf-multimodal`` (a tiny
real Llava), resumed from the response cache, and refused on a text-only backend."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("lmeval_hf", reason="lmeval-hf is installed by scripts/test.sh")
pytest.importorskip("lmeval_tasks_multimodal", reason="the multimodal pack is installed by scripts/test.sh")
pytest.importorskip("PIL", reason="hf-multimodal needs pillow")
pytest.importorskip("pyarrow", reason="the pack's fixture data is parquet")

ROOT = Path(__file__).resolve().parents[1]
MIRROR = ROOT / "packages" / "lmeval-tasks-multimodal" / "tests" / "fixtures" / "datasets"


def _run(args: list[str], tmp: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "LMEVAL_DATASETS_DIR": str(MIRROR), "LMEVAL_CACHE_DIR": str(tmp / "idx"),
           "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    return subprocess.run([sys.executable, "-m", "lmeval", "run", *args], capture_output=True,
                          text=True, timeout=900, cwd=tmp, env=env)


def _samples(out: Path) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for path in sorted(out.rglob("samples_*.jsonl")):
        found.setdefault(path.name.rsplit("_", 1)[0], []).extend(
            json.loads(line) for line in path.read_text().splitlines())
    return found


def test_images_run_resume_from_the_cache_and_text_backends_are_refused(tmp_path):
    from lmeval_testkit.vlm import build_tiny_llava

    model = build_tiny_llava(tmp_path / "llava")
    common = ["--model_args", f"pretrained={model}", "--tasks", "chartqa,mmmu_val_math",
              "--limit", "2", "--gen_kwargs", "max_gen_toks=6", "--batch_size", "2",
              "--use_cache", str(tmp_path / "cache"), "--log_samples"]
    first = _run(["--model", "hf-multimodal", *common, "--output_path", str(tmp_path / "a")], tmp_path)
    assert first.returncode == 0, first.stderr[-3000:]
    assert "4 to compute" in first.stderr
    again = _run(["--model", "hf-multimodal", *common, "--output_path", str(tmp_path / "b")], tmp_path)
    assert again.returncode == 0, again.stderr[-3000:]
    assert "4 from the cache, 0 to compute" in again.stderr
    a, b = _samples(tmp_path / "a"), _samples(tmp_path / "b")
    assert a.keys() == b.keys() and len(a) == 2
    for name in a:
        assert [s["resps"] for s in a[name]] == [s["resps"] for s in b[name]]
        # the images as lm-eval writes them in its sample files: one sha256 per image
        visual = a[name][0]["arguments"]["gen_args_0"]["arg_2"]["visual"]
        assert visual and all(len(v) == 64 for v in visual)

    refused = _run(["--model", "hf", *common, "--output_path", str(tmp_path / "c")], tmp_path)
    assert refused.returncode == 2
    assert "gives the model images (doc_to_image)" in refused.stderr
    assert "backend 'hf' takes text input only" in refused.stderr
    assert "Traceback" not in refused.stderr and "Loading weights" not in refused.stderr
