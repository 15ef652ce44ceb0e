"""Issue 19's check: lmeval-core + lmeval-openvino alone in a fresh venv score like lmeval-hf.

Only the lmeval-core and lmeval-openvino wheels (built from the sources as in
``test_packaging.py``) go into a fresh venv; pip fetches openvino, transformers, tokenizers, numpy
and their dependencies from the configured package index, and neither torch nor optimum-intel
(the runtime reads the IR with OpenVINO alone). The tiny random Llama and its optimum-intel
export are built in the test venv, as lmeval-openvino's own tests build them
(``lmeval_testkit.openvino.build_tiny_ov_export``, cached under ``.cache/lmeval-openvino-tests``).
Then ``lmeval run --model openvino`` from the fresh venv on the export (float32 compute and KV
cache through ``ov_config``), and ``lmeval run --model hf`` from the test venv on the source
model, over lmeval-openvino's three local test tasks (multiple choice with one shot, rolling
log-likelihood, greedy generation; ``max_length=64`` so rolling spans several windows). The
results JSON equals hf's: exactly for acc / acc_norm / exact_match (and their stderrs), within
``REL_TOL`` (1e-4 relative, lmeval-openvino's test_openvino_vs_hf tolerance) for the
perplexity-type metrics; the printed tables equal hf's cell for cell (perplexity-type values
within the same tolerance plus the 4-decimal rounding); per sample, the same multiple-choice
predictions and the same greedy generations.

Skips when the registry is unreachable or the test venv lacks what builds the export (torch,
lmeval-hf, openvino; the exporter itself comes from lmeval_testkit.openvino).
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest
from lmeval_testkit.vs_hf import (
    assert_run_matches_hf,
    assert_tables_match,
    export_cache,
    finish_run,
    run_args,
    start_here,
)
from test_packaging import (
    ROOT,
    _table,
    build_wheel,
    fresh_venv_beside,
    installed_versions,
    venv_summary,
)

OV_TASKS = ROOT / "packages" / "lmeval-openvino" / "tests" / "tasks"
TASK_NAMES = ["ov_mc", "ov_rolling", "ov_gen"]  # as lmeval-openvino's tests/conftest.py
MAX_LENGTH = 64
PACKAGES = ["lmeval-core", "lmeval-openvino"]
F32 = {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32"}


@pytest.fixture(scope="module")
def two_wheels(tmp_path_factory) -> dict[str, dict]:
    """lmeval-core's and lmeval-openvino's wheels only, built as ``test_packaging.wheels`` does."""
    base = tmp_path_factory.mktemp("openvino-wheels")
    return {pkg: build_wheel(ROOT / "packages" / pkg, base) for pkg in PACKAGES}


@pytest.fixture(scope="module")
def tiny_export(tmp_path_factory) -> tuple[Path, Path]:
    """``(source HF directory, OpenVINO IR export)``: lmeval-openvino's test fixture, same cache."""
    for module, why in (("torch", "the tiny source model is built with torch"),
                        ("lmeval_testkit.hf", "the tiny Llama comes from lmeval-testkit[hf]"),
                        ("openvino", "the export is written by optimum-intel on openvino")):
        pytest.importorskip(module, reason=why)
    from lmeval_testkit.openvino import build_tiny_ov_export

    root = export_cache("LMEVAL_OPENVINO_TEST_CACHE", "lmeval-openvino-tests", ROOT, tmp_path_factory)
    return build_tiny_ov_export(root / "tiny-llama")


def _run_args(model: str, model_args: str, out: Path) -> list[str]:
    return run_args(model, model_args, TASK_NAMES, OV_TASKS, out, MAX_LENGTH)


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_openvino_from_a_fresh_venv_prints_hf_scores(two_wheels, tiny_export, tmp_path):
    source, export = tiny_export
    ov_config = tmp_path / "f32.json"
    ov_config.write_text(json.dumps(F32))
    start = time.perf_counter()
    # lmeval-hf on the source model, in the test venv, while the fresh venv installs
    hf_proc = start_here([*_run_args("hf", f"pretrained={source},dtype=float32", tmp_path / "out-hf"),
                          "--device", "cpu"], tmp_path)
    venv, env = fresh_venv_beside(hf_proc, two_wheels, PACKAGES, tmp_path)
    installed_at = time.perf_counter()
    versions = installed_versions(venv, env)
    assert {"lmeval-core", "lmeval-openvino", "openvino", "transformers", "tokenizers",
            "numpy"} <= set(versions), versions
    assert not {"torch", "optimum", "optimum-intel"} & set(versions), versions
    lmeval = str(venv / "bin" / "lmeval")
    models = subprocess.run([lmeval, "ls", "models"], capture_output=True, text=True, env=env,
                            cwd=tmp_path, timeout=300)
    assert models.returncode == 0, models.stderr
    assert any(line.split()[:2] == ["openvino", "lmeval-openvino"]
               for line in models.stdout.splitlines()), models.stdout

    ov_proc = subprocess.Popen(
        [lmeval, *_run_args("openvino", f"pretrained={export},ov_config={ov_config}",
                            tmp_path / "openvino"), "--batch_size", "4"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    runs = {"openvino": finish_run(ov_proc, tmp_path / "openvino",
                                   "lmeval run --model openvino (fresh venv)", TASK_NAMES)}
    runs["hf"] = finish_run(hf_proc, tmp_path / "out-hf", "lmeval run --model hf (test venv)", TASK_NAMES)
    sizes = ("openvino", "transformers", "numpy", "numpy.libs", "tokenizers", "lmeval", "lmeval_openvino")
    summary = venv_summary(venv, versions, sizes, ("openvino", "transformers"))
    print(f"\n{summary}; install {installed_at - start:.0f} s, "
          f"runs {time.perf_counter() - installed_at:.0f} s")

    table = [line for line in runs["openvino"][0].splitlines() if line.startswith("|")]
    assert any("acc" in line for line in table), table

    worst = assert_run_matches_hf(runs["hf"], runs["openvino"], "openvino", TASK_NAMES, "ov_mc", "ov_gen")
    print(f"largest relative difference from hf: {worst[0]:.2e} ({worst[1]})")

    # the printed tables: cell for cell, perplexity-type values within REL_TOL (+ 4-decimal rounding)
    assert_tables_match(_table(runs["hf"][0], "Tasks"), _table(runs["openvino"][0], "Tasks"), TASK_NAMES)
