"""Batch sizing (probe, auto:N schedule, CPU estimate), pass-through model args, placement kwargs."""

from __future__ import annotations

import shutil
from types import SimpleNamespace

import pytest
import torch
import transformers
from lmeval.backend import batch_size as batching
from lmeval.backend.batch_size import (
    BatchSizer,
    estimate_cpu_batch,
    parse_batch_size,
    probe_batch_size,
)
from lmeval.errors import UsageError
from lmeval.protocol import GenerateRequest
from lmeval.protocol import LoglikelihoodRequest as LL
from lmeval_hf import loading
from lmeval_hf.models import HFLM

REQS = [LL("The cat is", " red"), LL("Question: what?\nAnswer:", " the sun"),
        LL("The cat is", " a"), LL("The cat is", " b"), LL("", "Hello world")]


def _close(got, want, tol=1e-5):
    assert len(got) == len(want)
    for (a, ga), (b, gb) in zip(got, want, strict=True):
        assert a == pytest.approx(b, abs=tol)
        assert ga == gb


# --------------------------------------------------------------------------- probe_batch_size

def _oom_above(limit, exc_factory):
    calls = []

    def run(batch):
        calls.append(batch)
        if batch > limit:
            raise exc_factory()
    return run, calls


@pytest.mark.parametrize("exc_factory", [
    lambda: torch.cuda.OutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB"),
    lambda: RuntimeError("CUDA error: out of memory"),
    lambda: RuntimeError("DefaultCPUAllocator: can't allocate memory: you tried to allocate 1"),
    lambda: RuntimeError("CUBLAS_STATUS_ALLOC_FAILED when calling cublasCreate(handle)"),
], ids=["torch-oom", "cuda-error", "cpu-allocator", "cublas"])
def test_probe_halves_on_oom_and_returns_the_largest_fitting_size(exc_factory):
    run, calls = _oom_above(12, exc_factory)
    clears = []
    assert probe_batch_size(run, 64, clear=lambda: clears.append(1)) == 8
    assert calls == [64, 32, 16, 8]
    assert len(clears) == 3  # cleared after each out-of-memory, not after the success


def test_probe_returns_start_when_it_fits_and_clamps_start_to_one():
    run, calls = _oom_above(1000, lambda: RuntimeError("out of memory"))
    assert probe_batch_size(run, 64) == 64 and calls == [64]
    run, calls = _oom_above(1000, lambda: RuntimeError("out of memory"))
    assert probe_batch_size(run, 0) == 1 and calls == [1]


def test_probe_gives_one_when_even_one_row_runs_out_of_memory():
    run, calls = _oom_above(0, lambda: RuntimeError("CUDA out of memory."))
    assert probe_batch_size(run, 8) == 1
    assert calls == [8, 4, 2, 1]


@pytest.mark.parametrize("exc", [RuntimeError("shape mismatch"), ValueError("out of memory")])
def test_probe_reraises_errors_that_are_not_out_of_memory(exc):
    calls = []

    def run(batch):
        calls.append(batch)
        raise exc

    with pytest.raises(type(exc)):
        probe_batch_size(run, 32)
    assert calls == [32]  # no halving on other errors


# --------------------------------------------------------------------------- BatchSizer

def _counting(fn):
    calls = []

    def detect(length):
        calls.append(length)
        return fn(length)
    return detect, calls


def _no_detect(length):
    raise AssertionError("a fixed batch size must never detect")


LENGTHS = list(range(400, 0, -10))  # 40 rows, sorted longest first


def test_fixed_batch_size_is_used_as_given():
    sizer = BatchSizer(parse_batch_size(3), 64, _no_detect)
    assert list(sizer.plan(LENGTHS[:10])) == [(0, 3), (3, 6), (6, 9), (9, 10)]
    assert sizer.single(5000) == 3
    # a fixed size above max_batch_size is not capped (as lm-eval)
    big = BatchSizer(parse_batch_size("100"), 8, _no_detect)
    assert list(big.plan(LENGTHS)) == [(0, 40)]


def test_auto_detects_once_on_the_longest_row():
    detect, calls = _counting(lambda length: 6)
    sizer = BatchSizer(parse_batch_size("auto"), 64, detect)
    slices = list(sizer.plan(LENGTHS[:20]))
    assert calls == [400]
    assert slices == [(0, 6), (6, 12), (12, 18), (18, 20)]


def test_auto_n_redetects_n_times_along_the_sorted_rows():
    sizes = {400: 2, 300: 5, 200: 5, 100: 10}
    detect, calls = _counting(sizes.__getitem__)
    sizer = BatchSizer(parse_batch_size("auto:4"), 64, detect)
    slices = list(sizer.plan(LENGTHS))
    assert calls == [400, 300, 200, 100]  # at rows 0, 10, 20, 30
    assert slices == [(0, 2), (2, 4), (4, 6), (6, 8), (8, 10),
                      (10, 15), (15, 20), (20, 25), (25, 30), (30, 40)]
    # slices cover every row once, in order
    assert [i for a, b in slices for i in range(a, b)] == list(range(40))


def test_auto_n_stops_detecting_once_max_batch_size_is_reached():
    detect, calls = _counting(lambda length: 8)
    sizer = BatchSizer(parse_batch_size("auto:4"), 8, detect)
    slices = list(sizer.plan(LENGTHS))
    assert calls == [400]
    assert slices == [(0, 8), (8, 16), (16, 24), (24, 32), (32, 40)]


def test_auto_n_schedule_buckets_as_lm_eval():
    # lm-eval: bucket = pos // int(len / N); 10 rows with auto:3 -> step 3, buckets 0..3
    detect, calls = _counting(lambda length: 1)
    sizer = BatchSizer(parse_batch_size("auto:3"), 64, detect)
    lengths = LENGTHS[:10]
    assert len(list(sizer.plan(lengths))) == 10
    assert calls == [lengths[0], lengths[3], lengths[6], lengths[9]]


def test_detected_zero_still_makes_progress():
    detect, _ = _counting(lambda length: 0)
    sizer = BatchSizer(parse_batch_size("auto"), 64, detect)
    assert list(sizer.plan([5, 4, 3])) == [(0, 1), (1, 2), (2, 3)]
    assert sizer.single(10) == 1


def test_single_is_cached_per_64_token_bucket():
    detect, calls = _counting(lambda length: 1024 // length)
    sizer = BatchSizer(parse_batch_size("auto"), 64, detect)
    assert sizer.single(1) == 16 and calls == [64]
    assert sizer.single(64) == 16 and sizer.single(30) == 16 and calls == [64]
    assert sizer.single(65) == 8 and calls == [64, 128]
    assert sizer.single(128) == 8 and calls == [64, 128]
    assert sizer.single(0) == 16 and calls == [64, 128]  # empty rows count as one token


# --------------------------------------------------------------------------- estimate_cpu_batch

LLAMA_CFG = transformers.LlamaConfig(vocab_size=512, hidden_size=64, intermediate_size=128,
                                     num_hidden_layers=2, num_attention_heads=4,
                                     num_key_value_heads=2)
# (2*64*2 kv + 4*64 + 2*128) * 4 bytes + 8 * 512 logits = 7168 bytes per token
PER_TOKEN = 7168


def test_cpu_estimate_is_bounded_by_max_batch_size_and_at_least_one(monkeypatch):
    real = estimate_cpu_batch(LLAMA_CFG, 128, 64)
    assert 1 <= real <= 64
    assert batching.available_memory_bytes() > 0
    monkeypatch.setattr(batching, "available_memory_bytes", lambda: 0)
    assert estimate_cpu_batch(LLAMA_CFG, 128, 64) == 1
    monkeypatch.setattr(batching, "available_memory_bytes", lambda: 1 << 50)
    assert estimate_cpu_batch(LLAMA_CFG, 128, 64) == 64
    assert estimate_cpu_batch(LLAMA_CFG, 128, 3) == 3


def test_cpu_estimate_uses_a_quarter_of_free_memory(monkeypatch):
    monkeypatch.setattr(batching, "available_memory_bytes", lambda: 4 * PER_TOKEN * 100 * 5)
    assert estimate_cpu_batch(LLAMA_CFG, 100, 64) == 5
    assert estimate_cpu_batch(LLAMA_CFG, 200, 64) == 2  # twice the length, half the rows
    assert estimate_cpu_batch(LLAMA_CFG, 100, 64, bytes_per_value=2) > 5  # bf16 is smaller
    assert estimate_cpu_batch(LLAMA_CFG, 0, 64) == 64  # length clamped to 1, then capped


def test_cpu_estimate_reads_gpt2_and_t5_style_configs(monkeypatch):
    monkeypatch.setattr(batching, "available_memory_bytes", lambda: 4 * PER_TOKEN * 100 * 5)
    gpt2 = SimpleNamespace(n_embd=64, n_layer=2, vocab_size=512, intermediate_size=128)
    assert estimate_cpu_batch(gpt2, 100, 64) == 5
    t5 = transformers.T5Config(d_model=64, num_layers=2, vocab_size=512, d_ff=128)
    assert 1 <= estimate_cpu_batch(t5, 100, 64) <= 64


def test_hflm_auto_on_cpu_uses_the_estimate_not_a_probe(llama, monkeypatch):
    monkeypatch.setattr(batching, "available_memory_bytes", lambda: 1 << 50)
    monkeypatch.setattr("lmeval_hf.models.probe_batch_size", _no_detect)
    assert llama._detect_batch_size(10_000) == llama.max_batch_size


# --------------------------------------------------------------------------- model args

def test_unknown_key_goes_to_from_pretrained(llama_path, llama):
    assert llama.model.config._attn_implementation != "eager"
    lm = HFLM(pretrained=llama_path, attn_implementation="eager", batch_size=4, max_length=128)
    assert lm.model.config._attn_implementation == "eager"
    assert lm.identity()["model_args"]["attn_implementation"] == "eager"
    assert lm.identity() != llama.identity()
    _close(lm.loglikelihood(REQS), llama.loglikelihood(REQS))


def test_subfolder_loads_config_tokenizer_and_weights(llama_path, llama, tmp_path):
    parent = tmp_path / "repo"
    shutil.copytree(llama_path, parent / "sub")
    with pytest.raises(UsageError, match="pretrained"):
        HFLM(pretrained=str(parent))
    lm = HFLM(pretrained=str(parent), subfolder="sub", batch_size=4, max_length=128)
    assert lm.identity()["model_args"]["subfolder"] == "sub"
    # the stale-cache guard fingerprints the files that were loaded
    assert "model.safetensors" in lm.identity()["extras"]["files"]
    assert lm.identity()["extras"]["files"] == llama.identity()["extras"]["files"]
    assert lm.tokenizer.get_vocab() == llama.tokenizer.get_vocab()
    _close(lm.loglikelihood(REQS), llama.loglikelihood(REQS), tol=0)


def test_revision_is_accepted_for_a_local_path(llama_path, llama):
    lm = HFLM(pretrained=llama_path, revision="v1.0", batch_size=4, max_length=128)
    assert lm.revision == "v1.0" and lm.identity()["model_args"]["revision"] == "v1.0"
    assert lm.identity() != llama.identity()  # revision keys the response cache
    _close(lm.loglikelihood(REQS), llama.loglikelihood(REQS), tol=0)


def test_use_fast_tokenizer_false_reaches_auto_tokenizer(llama_path, llama, monkeypatch):
    seen = []
    real = transformers.AutoTokenizer

    class Spy:
        @staticmethod
        def from_pretrained(name, **kwargs):
            seen.append(kwargs)
            return real.from_pretrained(name, **kwargs)

    monkeypatch.setattr(transformers, "AutoTokenizer", Spy)
    lm = HFLM(pretrained=llama_path, use_fast_tokenizer=False, batch_size=4, max_length=128)
    monkeypatch.undo()
    assert seen and seen[0]["use_fast"] is False
    # The tiny tokenizer exists only as tokenizer.json (PreTrainedTokenizerFast): there is no
    # slow variant, so transformers loads the fast one (transformers >= 5 always does).
    assert lm.tokenizer.is_fast
    assert lm.identity()["model_args"]["use_fast_tokenizer"] is False
    _close(lm.loglikelihood(REQS), llama.loglikelihood(REQS), tol=0)


def test_truncation_reaches_the_generation_batch_encode(llama_path, llama, monkeypatch):
    lm = HFLM(pretrained=llama_path, truncation=True, batch_size=4, max_length=128)
    assert lm.identity()["model_args"]["truncation"] is True
    assert "truncation" not in llama.identity()["model_args"] and lm.identity() != llama.identity()
    seen = {}
    for model in (lm, llama):
        real = model.batch_encode

        def spy(strings, left_truncate_len=None, truncation=False, _real=real, _m=model):
            seen[id(_m)] = (truncation, left_truncate_len)
            return _real(strings, left_truncate_len=left_truncate_len, truncation=truncation)

        monkeypatch.setattr(model, "batch_encode", spy)
    req = [GenerateRequest.make("The cat is", {"until": ["\n"], "max_gen_toks": 4})]
    assert lm.generate_until(req) == llama.generate_until(req)
    assert seen[id(lm)] == (True, 124) and seen[id(llama)] == (False, 124)
    # and the tokenizer acts on it: right truncation to its model_max_length
    monkeypatch.undo()
    lm.tokenizer.model_max_length = 5
    text = "the moon and the river and the sun and the cat"
    assert lm.batch_encode([text], truncation=True)[0].shape[1] == 5
    assert lm.batch_encode([text], truncation=False)[0].shape[1] > 5


@pytest.mark.parametrize("value", [True, False])
def test_logits_cache_is_accepted_and_changes_nothing(llama_path, llama, value):
    lm = HFLM(pretrained=llama_path, logits_cache=value, batch_size=4, max_length=128)
    assert lm.logits_cache is value
    assert lm.identity() == llama.identity()  # does not change outputs, so not in the cache key
    _close(lm.loglikelihood(REQS), llama.loglikelihood(REQS), tol=0)


# --------------------------------------------------------------------------- placement_kwargs

def _place(**over):
    args = {"device": torch.device("cpu"), "parallelize": False, "device_map": None,
            "max_memory_per_gpu": None, "max_cpu_memory": None, "offload_folder": "./offload",
            "gpus": 0, "data_parallel": False, "local_rank": 0, "local_world": 1}
    args.update(over)
    return loading.placement_kwargs(**args)


def test_placement_without_parallelize_pins_the_device():
    assert _place() == {"max_memory": None, "device_map": {"": "cpu"}}
    assert _place(device=torch.device("cuda:1"), gpus=2) == {
        "max_memory": None, "device_map": {"": "cuda:1"}}
    # an explicit device_map is passed as given; memory limits need parallelize
    assert _place(device_map="sequential", max_memory_per_gpu="1GB") == {
        "max_memory": None, "device_map": "sequential"}


def test_placement_parallelize_with_max_memory_per_gpu():
    got = _place(parallelize=True, max_memory_per_gpu="10GB", gpus=3,
                 max_cpu_memory="30GB", offload_folder="/tmp/off")
    assert got == {"max_memory": {0: "10GB", 1: "10GB", 2: "10GB", "cpu": "30GB"},
                   "device_map": "auto", "offload_folder": "/tmp/off"}
    got = _place(parallelize=True, max_memory_per_gpu=2**30, gpus=2, device_map="balanced")
    assert got == {"max_memory": {0: 2**30, 1: 2**30}, "device_map": "balanced",
                   "offload_folder": "./offload"}


def test_placement_parallelize_measures_free_memory(monkeypatch):
    import accelerate.utils

    free = {0: 100, 1: 200, 2: 300, 3: 400, "cpu": 999}
    monkeypatch.setattr(accelerate.utils, "get_max_memory", lambda: dict(free))
    got = _place(parallelize=True, gpus=4)
    assert got == {"max_memory": {0: 100, 1: 200, 2: 300, 3: 400}, "device_map": "auto",
                   "offload_folder": "./offload"}
    got = _place(parallelize=True, gpus=4, max_cpu_memory="8GB")
    assert got["max_memory"] == {0: 100, 1: 200, 2: 300, 3: 400, "cpu": "8GB"}
    # under a launcher, each local process takes every local_world-th GPU
    for rank, gpus in ((0, {0: 100, 2: 300}), (1, {1: 200, 3: 400})):
        got = _place(parallelize=True, gpus=4, data_parallel=True, local_rank=rank,
                     local_world=2)
        assert got["max_memory"] == gpus


def test_launcher_local_world_is_the_processes_of_this_node(monkeypatch):
    # 2 nodes x 2 processes: rank 2 is local rank 0 of 2 on its node
    monkeypatch.setenv("WORLD_SIZE", "4")
    monkeypatch.setenv("RANK", "2")
    monkeypatch.setenv("LOCAL_RANK", "0")
    monkeypatch.setenv("LOCAL_WORLD_SIZE", "2")
    monkeypatch.setattr("lmeval_hf.distributed.init_process_group", lambda kind: (2, 4))
    lm = HFLM.__new__(HFLM)
    lm._setup_device(None, None)
    assert lm._data_parallel and (lm._rank, lm._world_size) == (2, 4)
    assert (lm._local_rank, lm._local_world) == (0, 2)
    monkeypatch.delenv("LOCAL_WORLD_SIZE")
    lm._setup_device(None, None)
    assert lm._local_world == 4  # launchers that do not say: one node


def test_placement_reaches_from_pretrained(llama_path, monkeypatch):
    seen = {}
    real = loading.load_model

    def spy(*args, **kwargs):
        seen.update(kwargs["model_kwargs"])
        return real(*args, **kwargs)

    monkeypatch.setattr(loading, "load_model", spy)
    HFLM(pretrained=llama_path, max_length=128, device="cpu")
    assert seen["device_map"] == {"": "cpu"} and seen["max_memory"] is None
