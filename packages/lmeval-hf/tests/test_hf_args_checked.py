"""The core's model-argument and generation-argument check on the real ``hf`` backend (issue 16):
a misspelling is refused before any weight loads, with the closest names; what transformers
takes (``from_pretrained`` options, the model's config fields, ``generate`` settings) passes."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval import evaluator
from lmeval.errors import UsageError
from lmeval.run.modelargs import check_generation_kwargs, check_model_args
from lmeval_hf.models import HFLM

TASKS = Path(__file__).parent / "tasks"


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))


@pytest.fixture
def no_load(monkeypatch):
    """Fails the test if a model's weights start loading."""
    def refuse(*args, **kwargs):
        raise AssertionError("the model was loaded before the arguments were checked")

    monkeypatch.setattr(HFLM, "_load_model", refuse)


@pytest.mark.parametrize(("given", "closest"), [
    ("pretraned", "pretrained"), ("dtpye", "dtype"), ("max_lenght", "max_length"),
    ("trust_remote_cod", "trust_remote_code"), ("attn_implementaton", "attn_implementation"),
])
def test_misspelled_hf_model_args_fail_before_loading(llama_path, no_load, given, closest):
    args = f"pretrained={llama_path},{given}=x" if given != "pretraned" else f"pretraned={llama_path}"
    with pytest.raises(UsageError) as info:
        evaluator.evaluate("hf", args, ["hf_mc"], include_path=str(TASKS), bootstrap_iters=0)
    text = str(info.value)
    assert text.startswith("--model_args: backend 'hf' has no model argument")
    assert f"'{given}' (did you mean '{closest}'" in text, text


def test_what_transformers_takes_passes(llama_path):
    # from_pretrained options, this Llama's own config fields, and lmeval-hf's parameters
    check_model_args("hf", HFLM, {"pretrained": llama_path, "attn_implementation": "eager",
                                  "low_cpu_mem_usage": True, "rms_norm_eps": 1e-5,
                                  "output_attentions": False, "dtype": "float32",
                                  "prefix_reuse": False})
    with pytest.raises(UsageError, match="'rms_norm_epss' \\(did you mean 'rms_norm_eps'"):
        check_model_args("hf", HFLM, {"pretrained": llama_path, "rms_norm_epss": 1.0})


@pytest.mark.parametrize(("given", "closest"), [("max_gen_tok", "max_gen_toks"),
                                                 ("untill", "until"), ("num_beam", "num_beams"),
                                                 ("repetition_penalti", "repetition_penalty")])
def test_misspelled_gen_kwargs_fail_before_loading(llama_path, no_load, given, closest):
    with pytest.raises(UsageError, match=f"'{given}' \\(did you mean '{closest}'"):
        evaluator.evaluate("hf", f"pretrained={llama_path}", ["hf_gen"], include_path=str(TASKS),
                           gen_kwargs=f"{given}=1", bootstrap_iters=0)


def test_generate_settings_pass_and_run(llama_path):
    check_generation_kwargs("hf", HFLM, {"num_beams": 1, "repetition_penalty": 1.0,
                                         "min_new_tokens": 0, "max_gen_toks": 4, "until": ["\n"]})
    results = evaluator.evaluate("hf", f"pretrained={llama_path},batch_size=2", ["hf_gen"],
                                 include_path=str(TASKS), gen_kwargs="num_beams=1,max_gen_toks=4",
                                 bootstrap_iters=0, limit=2)
    assert "exact_match,none" in results["results"]["hf_gen"]


def test_model_without_chat_template_is_named_before_its_weights_load(t5_path, no_load):
    with pytest.raises(UsageError) as info:
        evaluator.evaluate("hf", f"pretrained={t5_path}", ["hf_mc"], include_path=str(TASKS),
                           apply_chat_template=True, bootstrap_iters=0)
    text = str(info.value)
    assert text.startswith(f"--apply_chat_template: model '{t5_path}' (backend 'hf'): its tokenizer")
    assert "has no chat template" in text and "hf_mc" not in text


def test_model_with_a_chat_template_passes_the_check(llama_path):
    assert HFLM.check_chat_template({"pretrained": llama_path}, True) is None
    # a tokenizer with one (unnamed) template serves any template name, as transformers does
    assert HFLM.check_chat_template({"pretrained": llama_path}, "tool_use") is None
    assert "cannot render" not in str(evaluator.evaluate(
        "hf", f"pretrained={llama_path}", ["hf_mc"], include_path=str(TASKS),
        apply_chat_template=True, bootstrap_iters=0, limit=1)["chat_template"])
