"""How model arguments become vLLM engine arguments (``VLLM._engine_args``), without an engine.

Covers the arguments a CPU engine cannot exercise (LoRA, quantization, GPU memory, swap space):
each reaches ``vllm.LLM`` under vLLM's own name, or is refused or ignored with a message.
"""

from __future__ import annotations

import logging

import pytest
from lmeval.errors import UsageError

pytest.importorskip("vllm", reason="vLLM is installed by packages/lmeval-vllm/ci-setup.sh")

from lmeval_vllm.models import VLLM  # noqa: E402


def _lm(**attrs):
    lm = object.__new__(VLLM)  # no tokenizer, no engine: only what _engine_args reads
    lm.pretrained, lm._max_length, lm.tensor_parallel_size, lm.context_grouping = "m", None, 1, True
    for key, value in attrs.items():
        setattr(lm, key, value)
    return lm


def _args(lm=None, **overrides):
    base = dict(dtype="float32", revision=None, tokenizer=None, tokenizer_mode="auto",
                tokenizer_revision=None, trust_remote_code=False, quantization=None, seed=1234,
                gpu_memory_utilization=0.9, swap_space=None, enable_prefix_caching=None,
                max_num_seqs=None, lora_local_path=None, max_lora_rank=16, extra={})
    base.update(overrides)
    return (lm or _lm())._engine_args(**base)


def test_gpu_and_quantization_arguments_reach_the_engine():
    args = _args(quantization="awq", gpu_memory_utilization=0.5, max_num_seqs=64,
                 revision="v2", tokenizer="tok", trust_remote_code=True)
    assert args["model"] == "m" and args["quantization"] == "awq"
    assert args["gpu_memory_utilization"] == 0.5 and args["max_num_seqs"] == 64
    assert args["revision"] == "v2" and args["tokenizer"] == "tok" and args["trust_remote_code"]
    assert args["tensor_parallel_size"] == 1
    assert "swap_space" not in args and "enable_lora" not in args


def test_lora_turns_on_lora_with_its_rank():
    args = _args(lora_local_path="/adapters/a", max_lora_rank=32)
    assert args["enable_lora"] is True and args["max_lora_rank"] == 32


def test_context_grouping_turns_on_prefix_caching_unless_set():
    assert _args()["enable_prefix_caching"] is True
    assert _args(enable_prefix_caching=False)["enable_prefix_caching"] is False
    assert "enable_prefix_caching" not in _args(_lm(context_grouping=False))


def test_max_length_becomes_max_model_len_and_tp_is_passed():
    args = _args(_lm(_max_length=1024, tensor_parallel_size=2))
    assert args["max_model_len"] == 1024 and args["tensor_parallel_size"] == 2


def test_swap_space_is_passed_or_ignored_with_a_warning(caplog):
    from vllm.engine.arg_utils import EngineArgs

    with caplog.at_level(logging.WARNING):
        args = _args(swap_space=4)
    if "swap_space" in {f.name for f in __import__("dataclasses").fields(EngineArgs)}:
        assert args["swap_space"] == 4
    else:  # vLLM releases that dropped the setting
        assert "swap_space" not in args
        assert any("no swap_space setting" in r.getMessage() for r in caplog.records)


def test_engine_keyword_arguments_pass_and_unknown_ones_are_usage_errors():
    assert _args(extra={"enforce_eager": True, "block_size": 32})["block_size"] == 32
    with pytest.raises(UsageError, match=r"unknown model arguments \['not_an_engine_arg'\]"):
        _args(extra={"not_an_engine_arg": 1})


def test_the_core_check_knows_vllms_engine_and_sampling_arguments():
    # lmeval.run.modelargs refuses a misspelling before the engine starts, with vLLM's own names
    from lmeval.run.modelargs import check_generation_kwargs, check_model_args

    check_model_args("vllm", VLLM, {"pretrained": "m", "enforce_eager": True, "block_size": 32,
                                    "gpu_memory_utilization": 0.5, "max_model_len": 64})
    with pytest.raises(UsageError, match=r"'gpu_memory_utilisation' \(did you mean 'gpu_memory_utilization'"):
        check_model_args("vllm", VLLM, {"pretrained": "m", "gpu_memory_utilisation": 0.5})
    with pytest.raises(UsageError, match=r"'pretraned' \(did you mean 'pretrained'"):
        check_model_args("vllm", VLLM, {"pretraned": "m"})
    check_generation_kwargs("vllm", VLLM, {"min_p": 0.1, "repetition_penalty": 1.1, "max_gen_toks": 4})
    with pytest.raises(UsageError, match=r"'repetition_penality' \(did you mean 'repetition_penalty'"):
        check_generation_kwargs("vllm", VLLM, {"repetition_penality": 1.1})
