"""``--model openvino`` on the optimum-intel export against ``--model hf`` on its source model.

Tolerance: per-sample log-likelihoods agree within ``1e-4 * max(1, |ll|)`` with float32 compute
and KV cache (``ov_config`` :data:`conftest.F32`); predictions, greedy flags and generated texts
are equal. Batch sizes 1 and 4 (right padding) give the same numbers.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from lmeval_testkit import vs_hf
from openvino_runs import F32, MAX_LENGTH, TASK_NAMES, TASKS, evaluate_tasks, make_model

pytest.importorskip("openvino", reason="lmeval-openvino needs openvino")
pytest.importorskip("lmeval_hf.models", reason="the comparison runs lmeval-hf on the source model")

REL_TOL = 1e-4


@pytest.fixture(scope="module")
def runs(tiny_ov_export, f32_config):
    source, export = tiny_ov_export
    ov = f"pretrained={export},ov_config={f32_config}"
    return {
        "hf": evaluate_tasks("hf", f"pretrained={source},dtype=float32", device="cpu"),
        "openvino": evaluate_tasks("openvino", ov, device="cpu"),
        "openvino-b4": evaluate_tasks("openvino", ov, device="cpu", batch_size=4),
    }


def assert_loglikelihoods_close(a_run, b_run, tasks=("ov_mc", "ov_rolling")):
    assert vs_hf.assert_loglikelihoods_close(a_run, b_run, tasks, REL_TOL) > 60


@pytest.mark.parametrize("run", ["openvino", "openvino-b4"])
def test_loglikelihoods_match_hf_within_tolerance(runs, run):
    assert_loglikelihoods_close(runs["hf"], runs[run])
    vs_hf.assert_scores_match(runs["hf"], runs[run], "ov_mc", "ov_rolling", REL_TOL)


def test_rolling_texts_span_several_windows(runs):
    # the longest text is several max_length windows long, so window cutting is compared too
    lengths = [len(s["doc"]["text"].split()) for s in runs["hf"]["samples"]["ov_rolling"]]
    assert max(lengths) > 2 * MAX_LENGTH / 2


@pytest.mark.parametrize("run", ["openvino", "openvino-b4"])
def test_generations_equal_hf(runs, run):
    vs_hf.assert_generations_equal(runs["hf"], runs[run], "ov_gen")


def test_long_generation_equals_hf_token_for_token(tiny_ov_export, f32_config):
    """No stop string and 40 new tokens: the KV-state decoding loop against transformers."""
    from lmeval.protocol import GenerateRequest

    source, export = tiny_ov_export
    hf = make_model("hf", model_args=f"pretrained={source},dtype=float32", device="cpu")
    ov = make_model("openvino", model_args=f"pretrained={export},ov_config={f32_config}")
    requests = [GenerateRequest.make(f"{word} river computer", {"max_gen_toks": 40})
                for word in ("Sun", "The")]
    texts = ov.generate_until(requests)
    assert all(len(t) > 20 for t in texts), texts
    assert hf.generate_until(requests) == texts


def test_chat_template_prompts_and_generations_equal_hf(tiny_ov_export, f32_config):
    import lmeval

    source, export = tiny_ov_export
    out = {}
    for model, args in (("hf", f"pretrained={source},dtype=float32"),
                        ("openvino", f"pretrained={export},ov_config={f32_config}")):
        out[model] = lmeval.evaluate(
            model=model, model_args=f"{args},max_length={MAX_LENGTH}", tasks=["ov_gen"],
            include_path=str(TASKS), log_samples=True, limit=3, apply_chat_template=True,
            device="cpu")
    hf, ov = out["hf"]["samples"]["ov_gen"], out["openvino"]["samples"]["ov_gen"]
    assert "<|assistant|>" in hf[0]["arguments"][0][0]
    assert [s["arguments"] for s in hf] == [s["arguments"] for s in ov]
    assert [s["resps"] for s in hf] == [s["resps"] for s in ov]


def test_hetero_pipeline_parallel_is_passed_to_openvino(tiny_ov_export, f32_config, runs):
    """``--device HETERO:CPU`` with ``pipeline_parallel=True``: the policy reaches
    ``compile_model`` and the scores equal the plain CPU run (HETERO:GPU.1,GPU.0 needs two
    Intel GPUs, which this machine does not have)."""

    _, export = tiny_ov_export
    args = f"pretrained={export},ov_config={f32_config},pipeline_parallel=True"
    lm = make_model("openvino", model_args=args, device="hetero:cpu")
    assert lm.device == "HETERO:CPU"
    assert lm.ov_config["MODEL_DISTRIBUTION_POLICY"] == "PIPELINE_PARALLEL"
    assert lm.ov_config["INFERENCE_PRECISION_HINT"] == "f32"
    assert "CPU" in lm.engine.execution_devices
    run = evaluate_tasks("openvino", args, device="HETERO:CPU")
    assert run["config"]["model_args"].endswith("pipeline_parallel=True" + f",max_length={MAX_LENGTH}")
    assert_loglikelihoods_close(runs["openvino"], run)
    assert [s["resps"] for s in run["samples"]["ov_gen"]] == \
        [s["resps"] for s in runs["openvino"]["samples"]["ov_gen"]]


def test_lmeval_run_cli_matches_hf(tiny_ov_export, f32_config, runs, tmp_path):
    _, export = tiny_ov_export
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "lmeval", "run", "--model", "openvino", "--model_args",
         f"pretrained={export},ov_config={f32_config},max_length={MAX_LENGTH}",
         "--tasks", ",".join(TASK_NAMES), "--include_path", str(TASKS), "--batch_size", "2",
         "--output_path", str(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    (results,) = out.rglob("results_*.json")
    data = json.loads(results.read_text())
    for task in TASK_NAMES:
        for key, value in runs["hf"]["results"][task].items():
            if key.endswith(",none") and "stderr" not in key:
                assert data["results"][task][key] == pytest.approx(value, rel=REL_TOL), key


def test_default_precision_runs_and_is_a_different_cache_identity(tiny_ov_export, f32_config):
    """Without ``ov_config`` OpenVINO picks its CPU defaults, as lm-eval's openvino does; the
    properties are part of the response-cache key, so a cached f32 answer is never reused."""

    _, export = tiny_ov_export
    default = make_model("openvino", model_args=f"pretrained={export}")
    f32 = make_model("openvino", model_args=f"pretrained={export},ov_config={f32_config}")
    assert "INFERENCE_PRECISION_HINT" not in default.ov_config
    assert default.ov_config["CACHE_DIR"] == "" and f32.ov_config.items() >= F32.items()
    assert default.identity() != f32.identity()
    assert "openvino_model.bin" in default.identity()["extras"]["files"]


def test_sampling_is_seeded_and_answers_stream_per_batch(tiny_ov_export, f32_config):
    """``do_sample`` draws from the seeded generator (same seed, same text; another seed,
    another text); loglikelihood answers are reported batch by batch."""
    from lmeval.protocol import GenerateRequest, LoglikelihoodRequest

    _, export = tiny_ov_export
    args = f"pretrained={export},ov_config={f32_config}"
    request = GenerateRequest.make("Sun river computer", {"do_sample": True, "temperature": 1.5,
                                                          "max_gen_toks": 24})
    texts = [make_model("openvino", f"{args},seed={seed}").generate_until([request])[0]
             for seed in (1, 1, 2)]
    assert texts[0] == texts[1] and texts[0] != texts[2]
    lm = make_model("openvino", args, batch_size=2)
    requests = [LoglikelihoodRequest(f"Question {i}:", f" answer {i}") for i in range(5)]
    batches = []
    with lm.answers_to(lambda answers: batches.append(dict(answers))):
        scores = lm.loglikelihood(requests)
    assert [len(b) for b in batches] == [2, 2, 1]
    assert {i: a for b in batches for i, a in b.items()} == dict(enumerate(scores))
