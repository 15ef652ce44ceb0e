"""A backend's runs on a tiny export against ``--model hf`` on its source model.

What the export backends' tests share (lmeval-onnx, lmeval-openvino): where the export is built
and reused, the per-sample log-likelihood comparison of two ``lmeval.evaluate`` results, and, for
the fresh-venv checks, ``lmeval run`` processes whose results JSON, logged samples and printed
table are compared with hf's. Metrics in ``exact`` (and their stderrs) must be equal; the others
agree within ``rel_tol``. Plain ``assert`` with a message: usable from any test module.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

EXACT = frozenset({"acc", "acc_norm", "exact_match"})
REL_TOL = 1e-4


def export_cache(env_var: str, name: str, repo: Path, tmp_path_factory: Any) -> Path:
    """Where a tiny export is built and reused: ``$env_var``, else ``<repo>/.cache/<name>`` in
    lmeval's workspace (``repo`` holds ``packages/lmeval-core``), else a new temporary folder."""
    cache = os.environ.get(env_var)
    if cache:
        return Path(cache)
    if (repo / "packages" / "lmeval-core").is_dir():
        return repo / ".cache" / name
    return tmp_path_factory.mktemp(name)


def sample_scores(resps: Sequence[Any]) -> list[tuple[float, bool | None]]:
    """A logged sample's responses as ``[(logprob, greedy or None), ...]``."""
    out: list[tuple[float, bool | None]] = []
    for resp in resps:
        value = resp[0]
        if isinstance(value, (list, tuple)):
            out.append((float(value[0]), bool(value[1])))
        else:
            out.append((float(value), None))
    return out


def assert_loglikelihoods_close(a_run: Mapping[str, Any], b_run: Mapping[str, Any],
                                tasks: Iterable[str], rel_tol: float = REL_TOL) -> int:
    """Two ``lmeval.evaluate(log_samples=True)`` results: the same documents and request
    arguments, log-likelihoods within ``rel_tol * max(1, |ll|)``, the same greedy flags.
    Returns how many log-likelihoods were compared."""
    compared = 0
    for task in tasks:
        a_samples, b_samples = a_run["samples"][task], b_run["samples"][task]
        assert [s["doc_id"] for s in a_samples] == [s["doc_id"] for s in b_samples], task
        for a, b in zip(a_samples, b_samples, strict=True):
            assert a["arguments"] == b["arguments"], (task, a["doc_id"])
            for (ll_a, greedy_a), (ll_b, greedy_b) in zip(sample_scores(a["resps"]),
                                                          sample_scores(b["resps"]), strict=True):
                assert abs(ll_a - ll_b) <= rel_tol * max(1.0, abs(ll_a)), (task, a["doc_id"])
                assert greedy_a == greedy_b, (task, a["doc_id"])
                compared += 1
    return compared


def assert_scores_match(hf_run: Mapping[str, Any], run: Mapping[str, Any], mc_task: str,
                        rolling_task: str, rel_tol: float = REL_TOL) -> None:
    """Two ``lmeval.evaluate`` results: ``mc_task``'s acc and acc_norm equal per sample and in
    aggregate, ``rolling_task``'s perplexities within ``rel_tol``."""
    hf_mc, mc = hf_run["samples"][mc_task], run["samples"][mc_task]
    assert [s["acc"] for s in hf_mc] == [s["acc"] for s in mc]
    assert [s["acc_norm"] for s in hf_mc] == [s["acc_norm"] for s in mc]
    for key in ("acc,none", "acc_norm,none"):
        assert hf_run["results"][mc_task][key] == run["results"][mc_task][key], key
    for key in ("word_perplexity,none", "byte_perplexity,none", "bits_per_byte,none"):
        assert run["results"][rolling_task][key] == pytest.approx(
            hf_run["results"][rolling_task][key], rel=rel_tol), key


def assert_generations_equal(hf_run: Mapping[str, Any], run: Mapping[str, Any],
                             gen_task: str) -> None:
    """Two ``lmeval.evaluate`` results: ``gen_task``'s requests, generated texts and scores are
    equal, and not every generation is empty."""
    hf, other = hf_run["samples"][gen_task], run["samples"][gen_task]
    assert [s["arguments"] for s in hf] == [s["arguments"] for s in other]
    assert [s["resps"] for s in hf] == [s["resps"] for s in other]
    assert any(s["resps"][0][0] for s in hf), "every generation is empty: nothing compared"
    assert hf_run["results"][gen_task] == run["results"][gen_task]


# -- ``lmeval run`` processes (the fresh-venv checks) ----------------------------------------
def run_args(model: str, model_args: str, tasks: Sequence[str], include_path: Path, out: Path,
             max_length: int) -> list[str]:
    """``lmeval`` arguments of a logged run of ``tasks`` with ``max_length`` added."""
    return ["run", "--model", model, "--model_args", f"{model_args},max_length={max_length}",
            "--tasks", ",".join(tasks), "--include_path", str(include_path),
            "--output_path", str(out), "--log_samples"]


def start_here(args: Sequence[str], cwd: Path) -> subprocess.Popen:
    """``python -m lmeval ARGS`` in this interpreter, offline, with no ``LMEVAL_*`` setting of the
    caller's but a response cache of its own under ``cwd``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LMEVAL_")}
    env.update(LMEVAL_CACHE_DIR=str(cwd / "hf-cache"), HF_HUB_OFFLINE="1")
    return subprocess.Popen([sys.executable, "-m", "lmeval", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=cwd)


def finish_run(proc: subprocess.Popen, out: Path, what: str,
               tasks: Sequence[str]) -> tuple[str, dict, dict]:
    """``(stdout, results JSON, {task: logged samples})`` of a finished ``lmeval run``."""
    stdout, stderr = proc.communicate(timeout=900)
    assert proc.returncode == 0, f"{what} exited {proc.returncode}:\n{stdout[-2000:]}\n{stderr[-3000:]}"
    (path,) = out.rglob("results_*.json")
    samples = {}
    for task in tasks:
        (logged,) = out.rglob(f"samples_{task}_*.jsonl")
        samples[task] = [json.loads(line) for line in logged.read_text(encoding="utf-8").splitlines()]
    return stdout, json.loads(path.read_text(encoding="utf-8")), samples


def metric_name(key: str) -> str:
    """``"acc_stderr,none"`` -> ``"acc"``."""
    return key.split(",")[0].removesuffix("_stderr")


def assert_run_matches_hf(hf: tuple[str, dict, dict], run: tuple[str, dict, dict], model: str,
                          tasks: Sequence[str], mc_task: str, gen_task: str,
                          rel_tol: float = REL_TOL, exact: frozenset[str] = EXACT
                          ) -> tuple[float, str | None]:
    """:func:`finish_run` outputs: the results JSON equals hf's (``exact`` metrics exactly, the
    others within ``rel_tol``), and per sample the same multiple-choice predictions of
    ``mc_task`` and the same generations of ``gen_task``, not all empty (on a random model
    exact_match is 0.0, so its aggregate alone would compare nothing). Returns the largest
    relative difference and where it is."""
    hf_results, data = hf[1]["results"], run[1]
    worst: tuple[float, str | None] = (0.0, None)
    assert data["n-samples"] == hf[1]["n-samples"], model
    for task in tasks:
        got = data["results"][task]
        assert set(got) == set(hf_results[task]), (model, task)
        for key, value in hf_results[task].items():
            if isinstance(value, float) and metric_name(key) not in exact:
                rel = abs(got[key] - value) / max(abs(value), 1e-300)
                worst = max(worst, (rel, f"{model} {task} {key}"), key=lambda w: w[0])
                assert rel <= rel_tol, (model, task, key, got[key], value)
            else:
                assert got[key] == value, (model, task, key)
    hf_samples, samples = hf[2], run[2]
    for a, b in zip(hf_samples[mc_task], samples[mc_task], strict=True):
        assert (a["doc_id"], a["acc"], a["acc_norm"]) == (b["doc_id"], b["acc"], b["acc_norm"]), model
    assert ([s["filtered_resps"] for s in samples[gen_task]]
            == [s["filtered_resps"] for s in hf_samples[gen_task]]), model
    assert any(s["filtered_resps"][0] for s in hf_samples[gen_task]), (
        "every generation is empty: nothing compared")
    return worst


def assert_tables_match(hf_rows: Sequence[Sequence[str]], rows: Sequence[Sequence[str]],
                        tasks: Iterable[str], rel_tol: float = REL_TOL,
                        exact: frozenset[str] = EXACT) -> None:
    """Two printed results tables (rows of cells, unstripped): equal cell for cell, the value
    and stderr of metrics outside ``exact`` within ``rel_tol`` plus the 4-decimal rounding."""
    assert len(hf_rows) == len(rows) and {r[0].strip() for r in hf_rows} >= set(tasks)
    metric = ""
    for a, b in zip(hf_rows, rows, strict=True):
        metric = a[4].strip() or metric
        assert a[:6] == b[:6] and a[7] == b[7], (a, b)
        for i in (6, 8):
            if metric in exact or a[i].strip() in ("", "N/A"):
                assert a[i] == b[i], (a, b)
            else:
                x, y = float(a[i]), float(b[i])
                assert abs(x - y) <= rel_tol * abs(x) + 1e-4, (a, b)
