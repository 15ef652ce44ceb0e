"""Issue 8's acceptance check: lmeval-core + lmeval-onnx alone in a fresh venv score like lmeval-hf.

Only the lmeval-core and lmeval-onnx wheels (built from the sources as in ``test_packaging.py``)
go into a fresh venv; pip fetches onnxruntime, onnxruntime-genai, transformers, tokenizers, numpy
and their dependencies from the configured package index, and no torch (lmeval-onnx does not
declare it). The tiny random Llama and its Model Builder export are built in the test venv, as
lmeval-onnx's own tests build them (``lmeval_testkit.onnx.build_tiny_export``, cached under
``.cache/lmeval-onnx-tests``). Then ``lmeval run --model onnxruntime`` and ``--model
onnxruntime-genai`` from the fresh venv on the export, and ``lmeval run --model hf`` from the test
venv on the source model, over lmeval-onnx's three local test tasks (multiple choice with one
shot, rolling log-likelihood, greedy generation; ``max_length=64`` so rolling spans several
windows). Both ONNX runs exit 0 and print the same table; their results JSON equals hf's: exactly
for acc / acc_norm / exact_match (and their stderrs), within ``REL_TOL`` (lmeval-onnx's
test_onnx_vs_hf tolerance, 1e-4 relative) for the perplexity-type metrics; the printed tables
equal hf's cell for cell, perplexity-type values within the same tolerance plus the 4-decimal
rounding; per sample, the same multiple-choice predictions and the same greedy generations.
Measured here: the largest relative difference from hf was 6.0e-8 (onnxruntime's word_perplexity,
225399.6464 against 225399.6599, so that printed value differs in its second decimal); the fresh
venv holds 42 distributions, about 390 MiB (onnxruntime 76, onnxruntime-genai 36, transformers
112, numpy 68); the test takes 50-70 s on a busy 2-core machine, 35-55 s of it pip's install.

Skips when the registry is unreachable or the test venv lacks what builds the export (torch,
onnx, onnx-ir, lmeval-hf, onnxruntime-genai).
"""

from __future__ import annotations

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

ONNX_TASKS = ROOT / "packages" / "lmeval-onnx" / "tests" / "tasks"
TASK_NAMES = ["onnx_mc", "onnx_rolling", "onnx_gen"]  # as lmeval-onnx's tests/conftest.py
MAX_LENGTH = 64
PACKAGES = ["lmeval-core", "lmeval-onnx"]


@pytest.fixture(scope="module")
def two_wheels(tmp_path_factory) -> dict[str, dict]:
    """lmeval-core's and lmeval-onnx's wheels only, built as ``test_packaging.wheels`` builds all."""
    base = tmp_path_factory.mktemp("onnx-wheels")
    return {pkg: build_wheel(ROOT / "packages" / pkg, base) for pkg in PACKAGES}


@pytest.fixture(scope="module")
def tiny_export(tmp_path_factory) -> tuple[Path, Path]:
    """``(source HF directory, Model Builder export)``: lmeval-onnx's test fixture, same cache."""
    for module, why in (("torch", "the tiny source model is built with torch"),
                        ("onnx", "Model Builder needs onnx"), ("onnx_ir", "Model Builder needs onnx-ir"),
                        ("lmeval_testkit.hf", "the tiny Llama comes from lmeval-hf"),
                        ("onnxruntime_genai", "the export is built with onnxruntime-genai's builder")):
        pytest.importorskip(module, reason=why)
    from lmeval_testkit.onnx import build_tiny_export

    root = export_cache("LMEVAL_ONNX_TEST_CACHE", "lmeval-onnx-tests", ROOT, tmp_path_factory)
    return build_tiny_export(root / "tiny-llama")


def _run_args(model: str, model_args: str, out: Path) -> list[str]:
    return run_args(model, model_args, TASK_NAMES, ONNX_TASKS, out, MAX_LENGTH)


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_onnx_backends_from_a_fresh_venv_print_hf_scores(two_wheels, tiny_export, tmp_path):
    source, export = tiny_export
    start = time.perf_counter()
    # lmeval-hf on the source model, in the test venv, while the fresh venv installs
    hf_proc = start_here([*_run_args("hf", f"pretrained={source},dtype=float32", tmp_path / "out-hf"),
                          "--device", "cpu"], tmp_path)
    venv, env = fresh_venv_beside(hf_proc, two_wheels, PACKAGES, tmp_path)
    installed_at = time.perf_counter()
    versions = installed_versions(venv, env)
    assert {"lmeval-core", "lmeval-onnx", "onnxruntime", "onnxruntime-genai", "transformers",
            "tokenizers", "numpy"} <= set(versions), versions
    assert "torch" not in versions, "lmeval-onnx's dependencies pulled torch"
    lmeval = str(venv / "bin" / "lmeval")
    models = subprocess.run([lmeval, "ls", "models"], capture_output=True, text=True, env=env,
                            cwd=tmp_path, timeout=300)
    assert models.returncode == 0, models.stderr
    for name in ("onnxruntime", "onnxruntime-genai", "winml"):
        assert any(line.split()[:2] == [name, "lmeval-onnx"] for line in models.stdout.splitlines()), (
            name, models.stdout)

    procs = {model: subprocess.Popen([lmeval, *_run_args(model, f"pretrained={export}", tmp_path / model)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=env, cwd=tmp_path)
             for model in ("onnxruntime", "onnxruntime-genai")}
    runs = {model: finish_run(proc, tmp_path / model, f"lmeval run --model {model} (fresh venv)",
                              TASK_NAMES)
            for model, proc in procs.items()}
    runs["hf"] = finish_run(hf_proc, tmp_path / "out-hf", "lmeval run --model hf (test venv)", TASK_NAMES)
    sizes = ("onnxruntime", "onnxruntime_genai", "transformers", "numpy", "numpy.libs", "tokenizers",
             "lmeval", "lmeval_onnx")
    summary = venv_summary(venv, versions, sizes, ("onnxruntime", "onnxruntime-genai", "transformers"))
    print(f"\n{summary}; install {installed_at - start:.0f} s, "
          f"runs {time.perf_counter() - installed_at:.0f} s")

    tables = {model: [line for line in stdout.splitlines() if line.startswith("|")]
              for model, (stdout, _, _) in runs.items()}
    assert tables["onnxruntime"] == tables["onnxruntime-genai"]
    assert any("acc" in line for line in tables["onnxruntime"]), tables["onnxruntime"]

    worst = max((assert_run_matches_hf(runs["hf"], runs[model], model, TASK_NAMES, "onnx_mc", "onnx_gen")
                 for model in ("onnxruntime", "onnxruntime-genai")), key=lambda w: w[0])
    print(f"largest relative difference from hf: {worst[0]:.2e} ({worst[1]})")

    # the printed tables: cell for cell, perplexity-type values within REL_TOL (+ 4-decimal rounding)
    assert_tables_match(_table(runs["hf"][0], "Tasks"), _table(runs["onnxruntime"][0], "Tasks"),
                        TASK_NAMES)
