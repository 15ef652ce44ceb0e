"""The sglang backend: argument checks and the missing-SGLang message for real; the engine
calls against :class:`FakeSGLangEngine` (a transformers model behind SGLang's ``generate``
contract), compared with the ``hf`` backend on the same tiny model."""

from __future__ import annotations

import importlib.util
import logging

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from lmeval.errors import UsageError  # noqa: E402
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest  # noqa: E402
from lmeval_hf.models import HFLM  # noqa: E402
from lmeval_sglang import models as sg  # noqa: E402
from lmeval_testkit.hf import THINK_TOKENS, build_tiny_llama  # noqa: E402
from sglang_fake_engine import FakeSGLangEngine  # noqa: E402

MAX_LEN = 64
LL = [
    LoglikelihoodRequest("Question: the cat is", " red"),
    LoglikelihoodRequest("The river and the moon ", "were blue."),
    LoglikelihoodRequest("", "hello world"),
    LoglikelihoodRequest("1 + 2 =", " 3"),
]
ROLLING = [RollingRequest("The city of music and science was known. " * 9),
           RollingRequest("Answer: yes")]
GEN = [
    GenerateRequest.make("Question: the dog?\nAnswer:", {"until": ["\n"], "max_gen_toks": 10}),
    GenerateRequest.make("1 + 2 =", {"until": ["."], "max_gen_toks": 8}),
    GenerateRequest.make("The house", {"max_gen_toks": 5, "do_sample": False}),
]


@pytest.fixture(scope="module")
def llama_dir(tmp_path_factory):
    return str(build_tiny_llama(tmp_path_factory.mktemp("sg-models") / "llama"))


@pytest.fixture(scope="module")
def hf(llama_dir):
    return HFLM(pretrained=llama_dir, batch_size=4, max_length=MAX_LEN, prefix_reuse=False)


@pytest.fixture
def fake(monkeypatch):
    made = []

    def factory(**kwargs):
        made.append(FakeSGLangEngine(**kwargs))
        return made[-1]

    monkeypatch.setattr(sg, "make_engine", factory)
    return made


@pytest.fixture
def sglang(fake, llama_dir):
    return sg.SGLangLM(pretrained=llama_dir, max_model_len=MAX_LEN, batch_size="auto")


@pytest.mark.skipif(importlib.util.find_spec("sglang") is not None,
                    reason="SGLang is installed here; the message is for machines without it")
def test_missing_sglang_names_the_install_command():
    with pytest.raises(UsageError, match="pip install sglang"):
        sg.SGLangLM(pretrained="some/model")


def test_registered_without_importing_sglang():
    import subprocess
    import sys

    from lmeval.plugins import get_plugin_manager

    entry = get_plugin_manager().models.get("sglang")
    assert entry.distribution == "lmeval-sglang"
    # a fresh interpreter: listing backends imports neither SGLang nor the backend module
    code = ("import sys; from lmeval.plugins import get_plugin_manager; "
            "e = get_plugin_manager().models.get('sglang'); "
            "print(e.obj, 'lmeval_sglang.models' in sys.modules, 'torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["lmeval_sglang.models:SGLangLM", "False", "False"]


@pytest.mark.parametrize("kwargs,message", [
    ({}, "needs pretrained"),
    ({"pretrained": "m", "device": "cpu"}, "CUDA GPUs only"),
    ({"pretrained": "m", "max_model_len": 8, "context_length": 8}, "not both"),
    ({"pretrained": "m", "tp_size": 0}, "tp_size must be a positive integer"),
    ({"pretrained": "m", "mem_fraction_static": 1.5}, "mem_fraction_static"),
    ({"pretrained": "m", "batch_size": "big"}, "batch_size"),
])
def test_bad_arguments_fail_before_the_engine_starts(fake, kwargs, message):
    with pytest.raises(UsageError, match=message):
        sg.SGLangLM(**kwargs)
    assert not fake


def test_cache_key_and_close(fake, llama_dir):
    """The core's key: every model argument (engine arguments too) but data parallelism and
    memory sizing, plus the local checkpoint's files; close() stops the engine."""
    key = sg.SGLangLM(pretrained=llama_dir, max_model_len=MAX_LEN).identity()
    assert key["backend"] == "sglang" and "model.safetensors" in key["extras"]["files"]
    assert sg.SGLangLM(pretrained=llama_dir, max_model_len=MAX_LEN, dp_size=2,
                       mem_fraction_static=0.5, batch_size=8).identity() == key
    for other in ({"quantization": "fp8"}, {"kv_cache_dtype": "fp8_e5m2"}, {"max_gen_toks": 9},
                  {"tokenizer_mode": "slow"}, {"load_format": "dummy"}):
        assert sg.SGLangLM(pretrained=llama_dir, max_model_len=MAX_LEN, **other).identity() != key
    lm = sg.SGLangLM(pretrained=llama_dir, max_model_len=MAX_LEN)
    lm.close()
    assert fake[-1].shut


def test_engine_receives_sglang_server_arguments(fake, llama_dir):
    sg.SGLangLM(pretrained=llama_dir, tp_size=1, dp_size=2, dtype="bfloat16",
                mem_fraction_static=0.7, max_model_len=MAX_LEN, quantization="fp8")
    args = fake[0].args
    assert args["model_path"] == llama_dir and args["dp_size"] == 2 and args["tp_size"] == 1
    assert args["mem_fraction_static"] == 0.7 and args["context_length"] == MAX_LEN
    assert args["dtype"] == "bfloat16" and args["quantization"] == "fp8"
    assert args["device"] == "cuda"


def test_loglikelihood_equals_hf(sglang, hf, fake):
    ours, ref = sglang.loglikelihood(LL), hf.loglikelihood(LL)
    for (a, ga), (b, gb) in zip(ours, ref, strict=True):
        assert a == pytest.approx(b, abs=1e-4)
        assert ga == gb
    call = fake[0].calls[-1]
    assert call["return_logprob"] and call["logprob_start_len"] == 0 and call["n"] == len(LL)
    assert call["lengths"] == sorted(call["lengths"], reverse=True)  # longest first


def test_greedy_continuation_is_greedy(sglang):
    context = "Question: the moon"
    text = sglang.generate_until([GenerateRequest.make(context, {"max_gen_toks": 3})])[0]
    assert text
    assert sglang.loglikelihood([LoglikelihoodRequest(context, text)])[0][1] is True


@pytest.fixture(scope="module")
def hf_shorter(llama_dir):
    """hf one token shorter: where windows or truncation matter, the engine scores like it."""
    return HFLM(pretrained=llama_dir, batch_size=4, max_length=MAX_LEN - 1, prefix_reuse=False)


def test_rolling_equals_hf(sglang, hf, hf_shorter):
    ours = sglang.loglikelihood_rolling(ROLLING)
    assert ours == pytest.approx(hf_shorter.loglikelihood_rolling(ROLLING), abs=1e-3)
    # a text within one window is scored exactly as hf scores it
    assert ours[1] == pytest.approx(hf.loglikelihood_rolling(ROLLING[1:])[0], abs=1e-4)


def test_generation_equals_hf(sglang, hf, fake):
    assert sglang.generate_until(GEN) == hf.generate_until(GEN)
    params = fake[0].calls[-1]["params"][0]
    assert params["temperature"] == 0.0 and "</s>" in params["stop"]


def test_batch_size_n_splits_engine_calls(fake, llama_dir):
    lm = sg.SGLangLM(pretrained=llama_dir, max_model_len=MAX_LEN, batch_size=2)
    lm.loglikelihood(LL)
    assert [c["n"] for c in fake[0].calls] == [2, 2]


def test_long_inputs_keep_their_last_max_length_tokens(sglang, fake, hf_shorter):
    long = LoglikelihoodRequest("science history music " * 30, " paper")
    logprob, greedy = sglang.loglikelihood([long])[0]
    assert fake[0].calls[-1]["lengths"] == [MAX_LEN]
    ref, ref_greedy = hf_shorter.loglikelihood([long])[0]
    assert logprob == pytest.approx(ref, abs=1e-4) and greedy == ref_greedy
    with pytest.raises(ValueError, match="does not fit max_length"):
        sglang.loglikelihood([LoglikelihoodRequest("a", " b" * MAX_LEN)])


def test_think_end_token_and_chat_template(fake, llama_dir, hf):
    think = THINK_TOKENS[1]
    req = [GenerateRequest.make("The house", {"max_gen_toks": 6})]
    plain = sg.SGLangLM(pretrained=llama_dir, max_model_len=MAX_LEN).generate_until(req)[0]
    lm = sg.SGLangLM(pretrained=llama_dir, max_model_len=MAX_LEN, think_end_token=think)
    assert lm.generate_until(req)[0] == plain.split(think)[-1].lstrip()
    tid = lm.tokenizer.convert_tokens_to_ids(think)
    by_id = sg.SGLangLM(pretrained=llama_dir, max_model_len=MAX_LEN, think_end_token=str(tid))
    assert by_id.think_end_token == think
    messages = ({"role": "user", "content": "hi"},)
    assert lm.apply_chat_template(messages) == hf.apply_chat_template(messages)


def test_sampling_parameters(caplog):
    greedy = sg.sampling_params({"do_sample": False, "temperature": 0.7}, 5, ["\n", ""])
    assert greedy == {"max_new_tokens": 5, "stop": ["\n"], "temperature": 0.0,
                      "skip_special_tokens": True}
    with caplog.at_level(logging.WARNING, logger="lmeval.sglang"):
        sampled = sg.sampling_params({"do_sample": True, "temperature": 0.7, "top_p": 0.9,
                                      "num_beams": 2}, 5, [])
    assert sampled["temperature"] == 0.7 and sampled["top_p"] == 0.9
    assert "num_beams" not in sampled and "num_beams" in caplog.text


def test_prompt_logprob_parsing_checks_the_engine_answer():
    out = {"meta_info": {"input_token_logprobs": [(None, 5, None), (-1.0, 6, None),
                                                  (-2.0, 7, None)],
                         "input_top_logprobs": [None, [(-0.5, 9, None)], [(-2.0, 7, None)]]}}
    assert sg.parse_prompt_logprobs(out, [5, 6, 7], 1) == (-3.0, False)
    assert sg.parse_prompt_logprobs(out, [5, 6, 7], 2) == (-2.0, True)
    with pytest.raises(RuntimeError, match="scored token 6 where the input has 8"):
        sg.parse_prompt_logprobs(out, [5, 8, 7], 1)
    with pytest.raises(RuntimeError, match="2 prompt logprobs for 3"):
        sg.parse_prompt_logprobs({"meta_info": {"input_token_logprobs": [(None, 5, None)] * 2}},
                                 [5, 6, 7], 1)


def test_each_engine_call_reports_its_answers(fake, llama_dir):
    from lmeval.testing import record_reports

    lm = sg.SGLangLM(pretrained=llama_dir, max_model_len=MAX_LEN, batch_size=2)
    answers, batches = record_reports(lm, "loglikelihood", LL)
    assert [len(b) for b in batches] == [2, 2]  # one report per engine call of 2
    assert sorted(i for b in batches for i in b) == list(range(len(LL)))
    rolling, batches = record_reports(lm, "loglikelihood_rolling", ROLLING)
    assert sorted(i for b in batches for i in b) == [0, 1]  # each total once, when complete
    assert rolling == lm.loglikelihood_rolling(ROLLING)
    gen, batches = record_reports(lm, "generate_until", GEN)
    assert sorted(i for b in batches for i in b) == [0, 1, 2] and len(batches) >= 2
