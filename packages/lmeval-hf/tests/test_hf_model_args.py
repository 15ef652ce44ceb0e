"""Model arguments: loading options, adapters, errors a person can act on, identity, plugin."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import torch
from lmeval.errors import UsageError
from lmeval.protocol import LoglikelihoodRequest as LL
from lmeval_hf.models import HFLM
from lmeval_testkit.hf import build_tiny_llama

REQS = [LL("The cat is", " red"), LL("Question: what?\nAnswer:", " the sun")]


def test_backend_detection_and_override(llama, t5, t5_path):
    assert llama.backend == "causal" and t5.backend == "seq2seq"
    with pytest.raises(UsageError, match="backend"):
        HFLM(pretrained=t5_path, backend="encoder")


@pytest.mark.parametrize("kwargs, message", [
    ({"tp_plan": "auto", "parallelize": True}, "mutually exclusive"),
    ({"peft": "a", "delta": "b"}, "peft and delta"),
    ({"enable_thinking": True}, "think_end_token"),
    ({"dtype": "float99"}, "dtype"),
    ({"batch_size": "many"}, "batch_size"),
    ({"batch_size": "auto:x"}, "auto:N"),
    ({"device": "nonsense"}, "device"),
])
def test_bad_arguments_raise_usage_errors(llama_path, kwargs, message):
    with pytest.raises(UsageError, match=message):
        HFLM(pretrained=llama_path, **kwargs)


def test_missing_model_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="pretrained"):
        HFLM(pretrained=str(tmp_path / "nope"))


@pytest.mark.skipif(torch.cuda.is_available(), reason="checks the error on a CPU-only machine")
def test_cuda_device_without_gpu_is_a_usage_error(llama_path):
    with pytest.raises(UsageError, match="--device cpu"):
        HFLM(pretrained=llama_path, device="cuda:0")


@pytest.mark.parametrize("flag, package", [("gptqmodel", "gptqmodel"), ("autogptq", "auto_gptq")])
def test_quantization_libraries_absent_give_the_install_line(llama_path, flag, package):
    try:
        __import__(package)
        pytest.skip(f"{package} is installed here")
    except ImportError:
        pass
    with pytest.raises(UsageError, match="pip install"):
        HFLM(pretrained=llama_path, **{flag: True})


def test_dtype_bfloat16_loads_and_scores_close(llama_path, llama):
    lm = HFLM(pretrained=llama_path, dtype="bfloat16", max_length=128)
    assert next(lm.model.parameters()).dtype == torch.bfloat16
    for a, b in zip(lm.loglikelihood(REQS), llama.loglikelihood(REQS), strict=True):
        assert a[0] == pytest.approx(b[0], rel=0.1, abs=0.5)


def test_separate_tokenizer_argument(llama_path, gpt2_path):
    lm = HFLM(pretrained=llama_path, tokenizer=gpt2_path, max_length=128)
    assert lm.tokenizer.bos_token == "<|endoftext|>"
    assert lm.encoder.encode("Hi")[0] != lm.tokenizer.convert_tokens_to_ids("<s>")


def test_peft_adapter(llama_path, llama, tmp_path):
    peft = pytest.importorskip("peft", reason="the peft extra is not installed")
    from transformers import AutoModelForCausalLM

    base = AutoModelForCausalLM.from_pretrained(llama_path)
    cfg = peft.LoraConfig(r=4, target_modules=["q_proj", "v_proj"], init_lora_weights=False)
    torch.manual_seed(0)
    peft.get_peft_model(base, cfg).save_pretrained(str(tmp_path / "lora"))
    lm = HFLM(pretrained=llama_path, peft=str(tmp_path / "lora"), max_length=128)
    got, ref = lm.loglikelihood(REQS), llama.loglikelihood(REQS)
    assert any(abs(a[0] - b[0]) > 1e-3 for a, b in zip(got, ref, strict=True))
    assert lm.identity()["model_args"]["peft"] == str(tmp_path / "lora")


def test_delta_weights_are_added(llama_path, models_dir):
    other = str(build_tiny_llama(models_dir / "llama-seed1", seed=1))
    lm = HFLM(pretrained=llama_path, delta=other, max_length=128)
    from transformers import AutoModelForCausalLM

    a = AutoModelForCausalLM.from_pretrained(llama_path).state_dict()
    b = AutoModelForCausalLM.from_pretrained(other).state_dict()
    name = "model.layers.0.self_attn.q_proj.weight"
    assert torch.allclose(lm.model.state_dict()[name], a[name] + b[name])


def test_batch_size_auto_on_cpu_is_estimated_within_max_batch_size(llama_path):
    lm = HFLM(pretrained=llama_path, batch_size="auto", max_batch_size=3)
    assert lm.batch_size == "auto"
    assert 1 <= lm.sizer.single(128) <= 3


def test_identity_names_what_changes_outputs(llama_path, llama):
    ident = llama.identity()
    assert ident["backend"] == "hf" and ident["model_args"]["pretrained"] == llama_path
    assert ident["extras"]["model_backend"] == "causal"
    assert ident["extras"]["files"] and "model.safetensors" in ident["extras"]["files"]
    other = HFLM(pretrained=llama_path, max_length=128, add_bos_token=False)
    assert other.identity() != ident
    # placement and batching do not change answers: a resumed run on other hardware hits
    same = HFLM(pretrained=llama_path, max_length=128, batch_size=1, device="cpu",
                logits_cache=False, prefix_reuse=False)
    assert same.identity() == ident


def test_a_resumed_run_hits_the_cache_with_other_placement_and_misses_with_other_args(
        llama_path, tmp_path):
    """Through the core as the CLI builds it: the second run computes nothing with another batch
    size, device or shared-prefix setting, and everything again with another max_length."""
    from lmeval.evaluator import build_model
    from lmeval.plugins import get_plugin_manager
    from lmeval.run.cache import ResponseCache
    from lmeval.run.scheduler import Scheduler

    def run(args, **options):
        lm = build_model(get_plugin_manager(), "hf-auto", f"pretrained={llama_path},{args}",
                         **options)
        cache = ResponseCache(tmp_path / "cache", lm.identity())
        try:
            scheduler = Scheduler(lm, cache)
            answers = scheduler.run([(r, 0) for r in REQS])
            return answers, scheduler.stats["loglikelihood"]
        finally:
            cache.close()

    first, stats = run("max_length=128", batch_size=4)
    assert stats.computed == len(REQS)
    again, stats = run("max_length=128,prefix_reuse=False", batch_size=1, device="cpu")
    assert (stats.cached, stats.computed) == (len(REQS), 0) and again == first
    _, stats = run("max_length=96", batch_size=4)
    assert (stats.cached, stats.computed) == (0, len(REQS))


def test_gguf_file_needs_the_gguf_library(llama_path):
    try:
        import gguf  # noqa: F401
        pytest.skip("gguf is installed here")
    except ImportError:
        pass
    with pytest.raises(UsageError):
        HFLM(pretrained=llama_path, gguf_file="model.gguf", tokenizer=llama_path)


def test_lmeval_ls_models_lists_hf_from_its_distribution():
    proc = subprocess.run([sys.executable, "-m", "lmeval", "ls", "models"], capture_output=True,
                          text=True, timeout=120, env={**os.environ})
    assert proc.returncode == 0, proc.stderr
    line = next(line for line in proc.stdout.splitlines() if line.split()[:1] == ["hf"])
    assert "lmeval-hf" in line and "hf-auto" in line and "huggingface" in line
