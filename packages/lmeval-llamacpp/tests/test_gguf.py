"""The gguf backend against real llama.cpp servers on a tiny model converted to GGUF (f32).

Tolerance 1e-4 on loglikelihoods: both sides compute in float32 (see conftest: flash
attention off, f32 KV cache); measured differences are ~1e-6. Greedy text must be identical.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lmeval.errors import UsageError
from lmeval.evaluator import build_model
from lmeval.plugins import get_plugin_manager
from lmeval.protocol import (
    GenerateRequest,
    LoglikelihoodRequest,
    RequestKind,
    RollingRequest,
    UnsupportedRequestError,
)
from lmeval_llamacpp.models import GGUFLM

pytestmark = pytest.mark.slow
TASKS = str(Path(__file__).parent / "tasks")
TOL = 1e-4

REQS = [
    LoglikelihoodRequest("Question: What is 21 plus 10?\nAnswer:", " 31"),
    LoglikelihoodRequest("Question: What is 21 plus 10?\nAnswer:", " 29"),
    LoglikelihoodRequest("Question: What is 21 plus 10?\nAnswer:", " 32 or maybe 43"),
    LoglikelihoodRequest("The cat sat on the", " mat."),
    LoglikelihoodRequest("Trailing space ", "moves to the continuation"),
    LoglikelihoodRequest("water mountain river light " * 12, " cat tree sun house"),
    LoglikelihoodRequest("1 + 1 =", " 2"),
    LoglikelihoodRequest("Nothing to score", ""),
]
EMPTY_CONTEXT = [LoglikelihoodRequest("", "Hello world, the river"),
                 LoglikelihoodRequest("<s>A text that already starts with BOS", " and goes on")]
GENS = [GenerateRequest.make("Question: What is 21 plus 10?\nAnswer:",
                             {"until": ["\n\n"], "max_gen_toks": 16}),
        GenerateRequest.make("Repeat: sun mountain light\nAnswer:", {"until": ["\n"], "max_gen_toks": 12}),
        GenerateRequest.make("The river", {"until": ["."], "max_gen_toks": 20}),
        GenerateRequest.make("water water water", {"max_gen_toks": 10})]


def assert_close(got, want):
    for (g, g_greedy), (w, w_greedy) in zip(got, want, strict=True):
        assert abs(g - w) <= TOL, (g, w)
        assert g_greedy == w_greedy


@pytest.fixture(scope="module")
def server_lm(llama_server):
    return GGUFLM(base_url=llama_server.url)


def test_detects_llama_server(server_lm):
    info = server_lm.info
    assert info.flavor == "llama-server" and info.slots == 2 and server_lm.parallel == 2
    assert info.bos_id == 1 and info.eos_id == 2 and info.adds_bos
    assert server_lm.identity()["extras"]["server"] == "llama-server"


def test_loglikelihood_equals_hf(server_lm, hf):
    reqs = REQS + EMPTY_CONTEXT
    got = server_lm.loglikelihood(reqs)
    assert_close(got, hf.loglikelihood(reqs))
    assert got[-3] == (0.0, True)  # empty continuation
    assert len({round(g, 3) for g, _ in got}) > 6


def test_greedy_generation_equals_hf(server_lm, hf):
    got = server_lm.generate_until(GENS)
    assert got == hf.generate_until(GENS)
    assert any(g.strip() for g in got)


def test_choices_of_a_question_share_a_slot(llama_server, monkeypatch):
    lm = GGUFLM(base_url=llama_server.url)
    calls = []
    force = GGUFLM._force

    async def spy(self, http, pos, slot):
        calls.append((list(pos.owners), slot))
        return await force(self, http, pos, slot)

    monkeypatch.setattr(GGUFLM, "_force", spy)
    reqs = [LoglikelihoodRequest(f"Question: What is {a} plus {a}?\nAnswer:", c)
            for a in range(4) for c in (" 1", " 22", " 333")]
    lm.loglikelihood(reqs)
    slots: dict[int, set[int]] = {}
    for owners, slot in calls:
        for i in owners:
            slots.setdefault(i // 3, set()).add(slot)  # request i belongs to question i // 3
    assert sorted(slots) == [0, 1, 2, 3]
    assert all(len(s) == 1 for s in slots.values())  # one slot per question
    assert {slot for _, slot in calls} == {0, 1}  # and both slots at work
    # a position shared by several choices (the same first token) is scored once
    assert any(len(owners) > 1 for owners, _ in calls)


def test_rolling_loglikelihood_is_refused_before_any_request(server_lm):
    with pytest.raises(UnsupportedRequestError, match="gguf_file"):
        server_lm.check_supports({RequestKind.LOGLIKELIHOOD_ROLLING})
    with pytest.raises(UnsupportedRequestError, match="loglikelihood_rolling"):
        server_lm.loglikelihood_rolling([RollingRequest("text")])


def test_chat_template_comes_from_the_server(server_lm, hf):
    messages = [{"role": "user", "content": "What is 21 plus 10?"}]
    assert server_lm.apply_chat_template(messages) == hf.apply_chat_template(messages)
    assert "<|assistant|>" in server_lm.chat_template


def test_parallel_override_and_no_server(llama_server):
    lm = GGUFLM(base_url=llama_server.url + "/v1", parallel=1)
    assert lm.parallel == 1
    assert lm.loglikelihood(REQS[:2]) == GGUFLM(base_url=llama_server.url).loglikelihood(REQS[:2])
    with pytest.raises(UsageError, match="no llama.cpp server"):
        GGUFLM(base_url="http://127.0.0.1:9", max_retries=1, timeout=2)
    with pytest.raises(UsageError, match="has no model argument 'paralel' .*'parallel'"):
        build_model(get_plugin_manager(), "gguf", f"base_url={llama_server.url},paralel=2")


def test_cache_key(llama_server, server_lm):
    """Every model argument keys the cache, concurrency and lm-eval's unused ones do not, and
    what the server reports about its model is part of it."""
    key = server_lm.identity()
    assert key["extras"]["server_model"] and key["extras"]["n_ctx"] == server_lm.max_length
    assert GGUFLM(base_url=llama_server.url, max_gen_toks=8).identity() != key
    assert GGUFLM(base_url=llama_server.url, seed=7).identity() != key
    assert GGUFLM(base_url=llama_server.url, parallel=1, timeout=30, batch_size=8,
                  dtype="float16").identity() == key


# ------------------------------------------------------------------- llama-cpp-python's server


@pytest.fixture(scope="module")
def lcp_lm(llama_cpp_python_server):
    return GGUFLM(base_url=llama_cpp_python_server.url)


def test_llama_cpp_python_path(lcp_lm, hf):
    assert lcp_lm.info.flavor == "llama-cpp-python" and lcp_lm.parallel == 1
    assert_close(lcp_lm.loglikelihood(REQS), hf.loglikelihood(REQS))
    with pytest.raises(UsageError, match="llama-server"):
        lcp_lm.loglikelihood(EMPTY_CONTEXT[:1])


def test_llama_cpp_python_generation(lcp_lm, hf):
    # Where the random model emits a byte token that is not valid UTF-8 (hf shows U+FFFD),
    # llama-cpp-python drops it and, at the token limit, keeps generating until the text
    # decodes: those generations cannot be compared; the others must be identical.
    prompts = ["The river", "water water water", "Question: What is 1 plus 1?\nAnswer:",
               "Repeat: sun mountain light\nAnswer:", "cat tree", "Hello", "The house is"]
    gens = [GenerateRequest.make(p, {"until": ["\n\n"], "max_gen_toks": 6}) for p in prompts]
    got, want = lcp_lm.generate_until(gens), hf.generate_until(gens)
    compared = [(g, w) for g, w in zip(got, want, strict=True) if "\ufffd" not in w]
    assert len(compared) >= 2
    for g, w in compared:
        assert g == w


# ------------------------------------------------------------------------------- lmeval run


def _run(args, out, tmp_path):
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx"), "HF_HUB_OFFLINE": "1",
           "OMP_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false"}
    proc = subprocess.run([sys.executable, "-m", "lmeval", "run", *args, "--tasks",
                           "gguf_mc,gguf_gen", "--include_path", TASKS, "--num_fewshot", "1",
                           "--output_path", str(out)],
                          capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (file,) = sorted(Path(out).rglob("results_*.json"))
    return json.loads(file.read_text())["results"]


def test_lmeval_run_gguf_matches_hf(llama_server, llama_dir, tmp_path):
    """The acceptance check: `lmeval run --model gguf` == `--model hf` on the same model."""
    gguf = _run(["--model", "gguf", "--model_args", f"base_url={llama_server.url}"],
                tmp_path / "gguf", tmp_path)
    hf = _run(["--model", "hf", "--model_args", f"pretrained={llama_dir},dtype=float32"],
              tmp_path / "hf", tmp_path)
    assert gguf.keys() == hf.keys()
    for task, metrics in hf.items():
        for metric, value in metrics.items():
            if isinstance(value, float) and "stderr" not in metric:
                assert gguf[task][metric] == pytest.approx(value, abs=1e-9), (task, metric)
