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
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_packaging import NOT_SHIPPED, ROOT, _fresh_venv, _project_name, _table

OV_TASKS = ROOT / "packages" / "lmeval-openvino" / "tests" / "tasks"
TASK_NAMES = ["ov_mc", "ov_rolling", "ov_gen"]  # as lmeval-openvino's tests/conftest.py
MAX_LENGTH = 64
REL_TOL = 1e-4  # lmeval-openvino's tests/test_openvino_vs_hf.py
EXACT = {"acc", "acc_norm", "exact_match"}
PACKAGES = ["lmeval-core", "lmeval-openvino"]
F32 = {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32"}


@pytest.fixture(scope="module")
def two_wheels(tmp_path_factory) -> dict[str, dict]:
    """lmeval-core's and lmeval-openvino's wheels only, built as ``test_packaging.wheels`` does."""
    base = tmp_path_factory.mktemp("openvino-wheels")
    built = {}
    for pkg in PACKAGES:
        copy = base / "src" / pkg
        shutil.copytree(ROOT / "packages" / pkg, copy, ignore=NOT_SHIPPED)
        out = base / "out" / pkg
        proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                               "-q", "-w", str(out), str(copy)],
                              capture_output=True, text=True, timeout=300)
        built[pkg] = {"name": _project_name(copy), "source": copy, "proc": proc,
                      "wheels": sorted(out.glob("*.whl")) if out.exists() else []}
    return built


@pytest.fixture(scope="module")
def tiny_export() -> tuple[Path, Path]:
    """``(source HF directory, OpenVINO IR export)``: lmeval-openvino's test fixture, same cache."""
    for module, why in (("torch", "the tiny source model is built with torch"),
                        ("lmeval_testkit.hf", "the tiny Llama comes from lmeval-testkit[hf]"),
                        ("openvino", "the export is written by optimum-intel on openvino")):
        pytest.importorskip(module, reason=why)
    from lmeval_testkit.openvino import build_tiny_ov_export

    root = Path(os.environ.get("LMEVAL_OPENVINO_TEST_CACHE")
                or ROOT / ".cache" / "lmeval-openvino-tests")
    return build_tiny_ov_export(root / "tiny-llama")


def _run_args(model: str, model_args: str, out: Path) -> list[str]:
    return ["run", "--model", model, "--model_args", f"{model_args},max_length={MAX_LENGTH}",
            "--tasks", ",".join(TASK_NAMES), "--include_path", str(OV_TASKS),
            "--output_path", str(out), "--log_samples"]


def _finish(proc: subprocess.Popen, out: Path, what: str) -> tuple[str, dict, dict]:
    """``(stdout, results JSON, {task: logged samples})`` of a finished ``lmeval run``."""
    stdout, stderr = proc.communicate(timeout=900)
    assert proc.returncode == 0, f"{what} exited {proc.returncode}:\n{stdout[-2000:]}\n{stderr[-3000:]}"
    (path,) = out.rglob("results_*.json")
    samples = {}
    for task in TASK_NAMES:
        (logged,) = out.rglob(f"samples_{task}_*.jsonl")
        samples[task] = [json.loads(line) for line in logged.read_text(encoding="utf-8").splitlines()]
    return stdout, json.loads(path.read_text(encoding="utf-8")), samples


def _dir_mib(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20


def _metric(key: str) -> str:
    return key.split(",")[0].removesuffix("_stderr")


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_openvino_from_a_fresh_venv_prints_hf_scores(two_wheels, tiny_export, tmp_path):
    source, export = tiny_export
    ov_config = tmp_path / "f32.json"
    ov_config.write_text(json.dumps(F32))
    start = time.perf_counter()
    # lmeval-hf on the source model, in the test venv, while the fresh venv installs
    env_hf = {k: v for k, v in os.environ.items() if not k.startswith("LMEVAL_")}
    env_hf.update(LMEVAL_CACHE_DIR=str(tmp_path / "hf-cache"), HF_HUB_OFFLINE="1")
    hf_proc = subprocess.Popen(
        [sys.executable, "-m", "lmeval",
         *_run_args("hf", f"pretrained={source},dtype=float32", tmp_path / "out-hf"), "--device", "cpu"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env_hf, cwd=tmp_path)
    try:
        venv, env = _fresh_venv(two_wheels, PACKAGES, tmp_path)
    except BaseException:
        hf_proc.kill()
        hf_proc.communicate()
        raise
    installed_at = time.perf_counter()
    env["HF_HUB_OFFLINE"] = "1"  # nothing is downloaded at run time
    py = str(venv / "bin" / "python")
    listed = subprocess.run([py, "-m", "pip", "--disable-pip-version-check", "list", "--format", "json"],
                            capture_output=True, text=True, env=env, check=True, timeout=120)
    versions = {d["name"].lower(): d["version"] for d in json.loads(listed.stdout)}
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
    runs = {"openvino": _finish(ov_proc, tmp_path / "openvino",
                                "lmeval run --model openvino (fresh venv)")}
    runs["hf"] = _finish(hf_proc, tmp_path / "out-hf", "lmeval run --model hf (test venv)")
    site = next((venv / "lib").glob("python3*/site-packages"))
    sizes = {d: _dir_mib(site / d) for d in ("openvino", "transformers", "numpy", "numpy.libs",
                                              "tokenizers", "lmeval", "lmeval_openvino")
             if (site / d).is_dir()}
    print(f"\nfresh venv: {_dir_mib(venv):.0f} MiB ({len(versions)} distributions; "
          + ", ".join(f"{d} {mib:.1f}" for d, mib in sizes.items()) + " MiB); "
          + ", ".join(f"{n} {versions[n]}" for n in ("openvino", "transformers"))
          + f"; install {installed_at - start:.0f} s, runs {time.perf_counter() - installed_at:.0f} s")

    table = [line for line in runs["openvino"][0].splitlines() if line.startswith("|")]
    assert any("acc" in line for line in table), table

    hf = runs["hf"][1]["results"]
    worst = (0.0, None)
    for model in ("openvino",):
        data = runs[model][1]
        assert data["n-samples"] == runs["hf"][1]["n-samples"], model
        for task in TASK_NAMES:
            got = data["results"][task]
            assert set(got) == set(hf[task]), (model, task)
            for key, value in hf[task].items():
                if isinstance(value, float) and _metric(key) not in EXACT:
                    rel = abs(got[key] - value) / max(abs(value), 1e-300)
                    worst = max(worst, (rel, f"{model} {task} {key}"), key=lambda w: w[0])
                    assert rel <= REL_TOL, (model, task, key, got[key], value)
                else:
                    assert got[key] == value, (model, task, key)
        # per sample: the same predictions and the same greedy generations (exact_match is 0.0
        # on a random model, so its aggregate alone would compare nothing)
        hf_samples, samples = runs["hf"][2], runs[model][2]
        for a, b in zip(hf_samples["ov_mc"], samples["ov_mc"], strict=True):
            assert (a["doc_id"], a["acc"], a["acc_norm"]) == (b["doc_id"], b["acc"], b["acc_norm"]), model
        assert ([s["filtered_resps"] for s in samples["ov_gen"]]
                == [s["filtered_resps"] for s in hf_samples["ov_gen"]]), model
    assert any(s["filtered_resps"][0] for s in runs["hf"][2]["ov_gen"]), (
        "every generation is empty: nothing compared")
    print(f"largest relative difference from hf: {worst[0]:.2e} ({worst[1]})")

    # the printed tables: cell for cell, perplexity-type values within REL_TOL (+ 4-decimal rounding)
    hf_rows = _table(runs["hf"][0], "Tasks")
    ov_rows = _table(runs["openvino"][0], "Tasks")
    assert len(hf_rows) == len(ov_rows) and {r[0].strip() for r in hf_rows} >= set(TASK_NAMES)
    metric = ""
    for a, b in zip(hf_rows, ov_rows, strict=True):
        metric = a[4].strip() or metric
        assert a[:6] == b[:6] and a[7] == b[7], (a, b)
        for i in (6, 8):
            if metric in EXACT or a[i].strip() in ("", "N/A"):
                assert a[i] == b[i], (a, b)
            else:
                x, y = float(a[i]), float(b[i])
                assert abs(x - y) <= REL_TOL * abs(x) + 1e-4, (a, b)
