"""The three model types on a real Model Builder export of a tiny random Llama.

* the standing parity check: ``onnxruntime`` and ``onnxruntime-genai`` give *equal*
  loglikelihoods and predictions on a multiple-choice and a rolling task (same kernels);
* generation equals transformers' greedy ``generate`` token for token;
* errors: a too-old onnxruntime, a provider the build lacks, winml off Windows.

Comparisons with lmeval-hf through ``lmeval.evaluate`` are in ``test_onnx_vs_hf.py``.
"""

from __future__ import annotations

import json
import shutil
import sys

import numpy as np
import pytest
from lmeval.errors import UsageError
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest
from onnx_testenv import MAX_LENGTH, TASKS

pytest.importorskip("onnxruntime_genai", reason="lmeval-onnx needs onnxruntime-genai")

PROMPTS = [
    "Question: Where is the river?\nAnswer:",
    "The cat and the dog were in the house",
    "1234 + 56 =",
    "<|user|>\nhello<|end|>\n<|assistant|>\n",
]


def _args(export, **extra):
    return {"pretrained": str(export), "max_length": MAX_LENGTH, **extra}


@pytest.fixture(scope="module")
def ort_lm(tiny_export):
    from lmeval_onnx.models import OnnxRuntimeLM

    return OnnxRuntimeLM(**_args(tiny_export[1]))


@pytest.fixture(scope="module")
def genai_lm(tiny_export):
    from lmeval_onnx.models import OnnxRuntimeGenAILM

    return OnnxRuntimeGenAILM(**_args(tiny_export[1]))


def test_onnx_backends_agree_exactly_on_multiple_choice_and_rolling(tiny_export, onnx_runs):
    """Standing parity check: same export, same provider, equal numbers."""
    a, b = onnx_runs["onnxruntime"], onnx_runs["onnxruntime-genai"]
    for task in ("onnx_mc", "onnx_rolling", "onnx_gen"):
        resps_a = [s["resps"] for s in a["samples"][task]]
        resps_b = [s["resps"] for s in b["samples"][task]]
        assert resps_a == resps_b, task
        assert len(resps_a) > 0
    assert [s["acc"] for s in a["samples"]["onnx_mc"]] == \
        [s["acc"] for s in b["samples"]["onnx_mc"]]
    for key in ("acc,none", "acc_norm,none"):
        assert a["results"]["onnx_mc"][key] == b["results"]["onnx_mc"][key]
    for key in ("word_perplexity,none", "bits_per_byte,none"):
        assert a["results"]["onnx_rolling"][key] == b["results"]["onnx_rolling"][key]
    # the rolling texts really are longer than one window
    lengths = [len(_encode(tiny_export[1], s["doc"]["text"]))
               for s in a["samples"]["onnx_rolling"]]
    assert max(lengths) > 2 * MAX_LENGTH


def _encode(export, text):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(export)).encode(text)


def test_loglikelihood_parity_with_truncation_and_edge_cases(ort_lm, genai_lm):
    long_context = "Question: " + "the water and the sun " * 30 + "?\nAnswer:"
    reqs = [
        LoglikelihoodRequest("Question: the cat is?\nAnswer:", " yes"),
        LoglikelihoodRequest("Question: the cat is?\nAnswer: ", "no"),
        LoglikelihoodRequest("", "hello world"),
        LoglikelihoodRequest(long_context, " the moon and the river"),
        LoglikelihoodRequest("<s>Hello", " world"),
        LoglikelihoodRequest("Hello", ""),
    ]
    a, b = ort_lm.loglikelihood(reqs), genai_lm.loglikelihood(reqs)
    assert a == b
    assert a[-1] == (0.0, True)
    assert all(ll < 0 for ll, _ in a[:-1])
    assert ort_lm.loglikelihood_rolling([RollingRequest(long_context)]) == \
        genai_lm.loglikelihood_rolling([RollingRequest(long_context)])


def test_greedy_flag_is_true_for_the_models_own_continuation(ort_lm):
    prompt = "The cat and the dog"
    new = ort_lm.generate_tokens(ort_lm.tok.encode(prompt), 6)
    cont = ort_lm.tok.decode(new)
    ((ll, greedy),) = ort_lm.loglikelihood([LoglikelihoodRequest(prompt, cont)])
    # decode/re-encode can merge tokens differently; when it round-trips, greedy must hold
    if ort_lm.tok.pair(prompt, cont)[1] == new:
        assert greedy
    assert ll < 0


def test_prefix_reuse_scores_like_separate_passes_with_fewer_tokens(tiny_export):
    import lmeval
    from lmeval_onnx.models import OnnxRuntimeGenAILM, OnnxRuntimeLM

    out = {}
    for cls in (OnnxRuntimeLM, OnnxRuntimeGenAILM):
        for reuse in (True, False):
            lm = cls(**_args(tiny_export[1], prefix_reuse=reuse, max_length=256))
            run = lmeval.evaluate(model=lm, tasks=["onnx_mc"], include_path=str(TASKS),
                                  log_samples=True)
            out[cls.engine_name, reuse] = ([s["resps"] for s in run["samples"]["onnx_mc"]],
                                           lm.tokens_fed)
    # the two engines agree exactly either way
    assert out["onnxruntime", True][0] == out["onnxruntime-genai", True][0]
    assert out["onnxruntime", False][0] == out["onnxruntime-genai", False][0]
    with_reuse, fed_reuse = out["onnxruntime", True]
    without, fed_plain = out["onnxruntime", False]
    assert fed_reuse < fed_plain / 2  # four choices share each question's context
    for a, b in zip(with_reuse, without, strict=True):
        for (ll_a, greedy_a), (ll_b, greedy_b) in zip((r[0] for r in a), (r[0] for r in b),
                                                      strict=True):
            assert ll_a == pytest.approx(ll_b, rel=1e-5, abs=1e-5)
            assert greedy_a == greedy_b


def test_contexts_filling_the_whole_context_length(tiny_export):
    """A context of exactly ``context_length`` tokens with one-token answers fits both engines."""
    from lmeval_onnx.models import OnnxRuntimeGenAILM, OnnxRuntimeLM

    scores = []
    for cls in (OnnxRuntimeLM, OnnxRuntimeGenAILM):
        lm = cls(pretrained=str(tiny_export[1]))
        length = lm.export.context_length
        assert lm.max_length == length
        ctx = [lm.tok.prefix_token_id] + [50 + i % 40 for i in range(length - 1)]
        scores.append(lm.score_tokens([(ctx, [60]), (ctx, [61]), (ctx[:-3], [61, 62, 63, 64])]))
    assert scores[0] == scores[1]
    assert all(ll < 0 for ll, _ in scores[0])


# ------------------------------------------------------------------------- generation


def test_generation_equals_transformers_greedy_token_for_token(tiny_export, ort_lm, genai_lm):
    torch = pytest.importorskip("torch")
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(str(tiny_export[0]), dtype=torch.float32).eval()
    for prompt in PROMPTS:
        ids = ort_lm.tok.encode_prompt(prompt)
        with torch.no_grad():
            out = model.generate(torch.tensor([ids]), attention_mask=torch.ones(1, len(ids),
                                 dtype=torch.long), max_new_tokens=24, do_sample=False,
                                 pad_token_id=model.generation_config.pad_token_id)
        expected = out[0, len(ids):].tolist()
        assert ort_lm.generate_tokens(ids, 24) == expected, prompt
        assert genai_lm.generate_tokens(ids, 24) == expected, prompt


def test_kv_cache_decoding_matches_full_passes(ort_lm, genai_lm):
    ids = ort_lm.tok.encode(PROMPTS[0])
    for lm in (ort_lm, genai_lm):
        state = lm.engine.start(ids, len(ids) + 5)
        seq = list(ids)
        for _ in range(5):
            step = state.next_logits()
            full = lm.engine.logits(seq)[-1]
            np.testing.assert_allclose(step, full, rtol=1e-4, atol=1e-4)
            token = int(np.argmax(step))
            seq.append(token)
            state.append(token)


def test_generate_until_cuts_at_stop_strings_and_agrees_across_backends(ort_lm, genai_lm):
    prompt = PROMPTS[1]
    free = ort_lm.generate_until([GenerateRequest.make(prompt, {"max_gen_toks": 20})])[0]
    assert free
    stop = free[len(free) // 2: len(free) // 2 + 2]
    req = GenerateRequest.make(prompt, {"until": [stop], "max_gen_toks": 20})
    cut = ort_lm.generate_until([req])[0]
    assert cut == free.split(stop)[0]
    assert genai_lm.generate_until([req]) == [cut]
    # max_gen_toks aliases and sampling are honoured
    short = GenerateRequest.make(prompt, {"max_new_tokens": 2})
    assert len(ort_lm.tok.encode(ort_lm.generate_until([short])[0],
                                 add_special_tokens=False)) <= 3
    sampled = GenerateRequest.make(prompt, {"do_sample": True, "temperature": 1.0,
                                            "top_k": 20, "top_p": 0.9, "max_gen_toks": 8})
    assert isinstance(ort_lm.generate_until([sampled])[0], str)


def test_chat_template_comes_from_the_exported_tokenizer(ort_lm):
    text = ort_lm.apply_chat_template([{"role": "user", "content": "hi"}])
    assert text == "<|user|>\nhi<|end|>\n<|assistant|>\n"
    assert ort_lm.chat_template and ort_lm.tokenizer_name


# -------------------------------------------------------------- model args and errors


def test_pretrained_may_name_the_onnx_file(tiny_export, ort_lm):
    from lmeval_onnx.models import OnnxRuntimeGenAILM, OnnxRuntimeLM

    graph = tiny_export[1] / "model.onnx"
    req = [LoglikelihoodRequest("The river", " flows north")]
    expected = ort_lm.loglikelihood(req)
    assert OnnxRuntimeLM(**_args(graph)).loglikelihood(req) == expected
    assert OnnxRuntimeGenAILM(**_args(graph)).loglikelihood(req) == expected


def test_cache_key(tiny_export, ort_lm, genai_lm, tmp_path):
    """The core's key: every model argument but prefix_reuse and batch size, plus the graph,
    providers and context length found and the export's files."""
    from lmeval_onnx.models import OnnxRuntimeLM

    key = ort_lm.identity()
    assert key["backend"] == "onnxruntime" and genai_lm.identity()["backend"] == "onnxruntime-genai"
    assert key["extras"]["files"] and "model.onnx" in key["extras"]["files"]
    assert OnnxRuntimeLM(**_args(tiny_export[1], prefix_reuse=False, batch_size=1)).identity() == key
    assert OnnxRuntimeLM(**_args(tiny_export[1], max_gen_toks=9)).identity() != key
    copy = tmp_path / "copy"
    shutil.copytree(tiny_export[1], copy)
    assert OnnxRuntimeLM(**_args(copy)).identity()["extras"]["files"] == key["extras"]["files"]
    (copy / "genai_config.json").write_text((copy / "genai_config.json").read_text() + " ")
    assert OnnxRuntimeLM(**_args(copy)).identity()["extras"]["files"] != key["extras"]["files"]


def _copy_with_config(export, tmp_path, edit):
    copy = tmp_path / "export"
    shutil.copytree(export, copy)
    config = json.loads((copy / "genai_config.json").read_text())
    edit(config)
    (copy / "genai_config.json").write_text(json.dumps(config))
    return copy


def test_providers_declared_in_genai_config_are_honoured(tiny_export, tmp_path):
    from lmeval_onnx.models import OnnxRuntimeLM

    def declare_cuda(config):
        config["model"]["decoder"]["session_options"]["provider_options"] = [{"cuda": {}}]

    copy = _copy_with_config(tiny_export[1], tmp_path, declare_cuda)
    import onnxruntime

    if "CUDAExecutionProvider" in onnxruntime.get_available_providers():
        assert OnnxRuntimeLM(pretrained=str(copy)).engine.providers[0] == "CUDAExecutionProvider"
    else:
        with pytest.raises(UsageError, match="CUDAExecutionProvider.*genai_config.json"):
            OnnxRuntimeLM(pretrained=str(copy))
    lm = OnnxRuntimeLM(pretrained=str(copy), execution_provider="cpu")
    assert lm.engine.providers == ["CPUExecutionProvider"]
    assert lm.identity()["extras"]["providers"] == ["CPUExecutionProvider"]


def test_too_old_onnxruntime_is_named_with_the_op(tiny_export, tmp_path):
    """A graph whose GroupQueryAttention has more inputs than the runtime's schema allows is
    what an older onnxruntime sees in a newer export (12 inputs on onnxruntime 1.22)."""
    onnx = pytest.importorskip("onnx")
    from lmeval_onnx.models import OnnxRuntimeGenAILM, OnnxRuntimeLM

    copy = tmp_path / "newer"
    shutil.copytree(tiny_export[1], copy)
    model = onnx.load(str(copy / "model.onnx"), load_external_data=False)
    for node in model.graph.node:
        if node.op_type == "GroupQueryAttention":
            node.input.extend([""] * 8)
    onnx.save(model, str(copy / "model.onnx"))
    for cls in (OnnxRuntimeLM, OnnxRuntimeGenAILM):
        with pytest.raises(UsageError) as info:
            cls(pretrained=str(copy))
        message = str(info.value)
        assert "GroupQueryAttention" in message and "pip install -U onnxruntime" in message
        assert "written by onnxruntime-genai" in message


def test_onnxruntime_1_22_message_is_recognised(tiny_export):
    """The exact error onnxruntime 1.22.1 raises on this builder's export (captured once)."""
    from lmeval_onnx.export import ModelBuilderExport, explain_load_error

    message = (
        "[ONNXRuntimeError] : 10 : INVALID_GRAPH : Load model from model.onnx failed:This is an "
        "invalid model. In Node, (\"/model/layers.0/attn/GroupQueryAttention\", "
        "GroupQueryAttention, \"com.microsoft\", -1) : (...) , Error Node(/model/layers.0/attn/"
        "GroupQueryAttention) with schema(com.microsoft::GroupQueryAttention:1) has input size "
        "12 not in range [min=7, max=11].")
    error = explain_load_error(RuntimeError(message), ModelBuilderExport.open(tiny_export[1]),
                               "onnxruntime 1.22.1")
    assert error is not None
    assert "onnxruntime 1.22.1 cannot load" in str(error)
    assert "input size 12 not in range [min=7, max=11]" in str(error)
    assert explain_load_error(RuntimeError("file not found"),
                              ModelBuilderExport.open(tiny_export[1]), "x") is None


def test_bad_model_args_are_usage_errors(tiny_export, tmp_path):
    from lmeval_onnx.models import OnnxRuntimeGenAILM, OnnxRuntimeLM

    with pytest.raises(UsageError, match="context_length"):
        OnnxRuntimeLM(pretrained=str(tiny_export[1]), max_length=100_000)
    with pytest.raises(UsageError, match="neither a directory"):
        OnnxRuntimeLM(pretrained=str(tmp_path / "missing"))
    with pytest.raises(UsageError, match="--model onnxruntime"):
        OnnxRuntimeGenAILM(pretrained=str(tiny_export[1]), execution_provider="rocm")
    with pytest.raises(UsageError, match="not available"):
        OnnxRuntimeLM(pretrained=str(tiny_export[1]), execution_provider="migraphx")


@pytest.mark.skipif(sys.platform == "win32", reason="checks the message off Windows")
def test_winml_says_it_needs_windows(tiny_export):
    from lmeval_onnx.models import WinMLLM

    with pytest.raises(UsageError, match="needs Windows.*onnxruntime-genai"):
        WinMLLM(pretrained=str(tiny_export[1]))


def test_winml_runs_the_shared_genai_path(tiny_export, genai_lm, monkeypatch):
    """Everything but the Windows ML device catalog runs here; the catalog is stubbed."""
    import onnxruntime_genai
    from lmeval_onnx.engines.winml import WinMLEngine
    from lmeval_onnx.models import WinMLLM

    registered = []
    monkeypatch.setattr(WinMLEngine, "import_winml_genai", staticmethod(lambda: onnxruntime_genai))
    monkeypatch.setattr(WinMLEngine, "register_catalog_providers",
                        staticmethod(lambda og: registered.append(og) or []))
    lm = WinMLLM(**_args(tiny_export[1]))
    assert registered == [onnxruntime_genai]
    reqs = [LoglikelihoodRequest("Question: the cat is?\nAnswer:", " yes"),
            LoglikelihoodRequest("", "hello world")]
    assert lm.loglikelihood(reqs) == genai_lm.loglikelihood(reqs)
    gen = [GenerateRequest.make(PROMPTS[0], {"until": ["\n"], "max_gen_toks": 10})]
    assert lm.generate_until(gen) == genai_lm.generate_until(gen)
    assert lm.identity()["extras"]["engine"] == "winml"


def test_plugin_registers_the_three_names_lazily():
    from lmeval.plugins import PluginManager

    pm = PluginManager()
    names = set(pm.models.names())
    assert {"onnxruntime", "onnxruntime-genai", "winml"} <= names
    entry = pm.models.get("onnxruntime")
    assert entry.distribution == "lmeval-onnx"


@pytest.mark.parametrize("backend", ["ort_lm", "genai_lm"])
def test_each_forward_pass_reports_exactly_the_returned_answers(backend, request):
    from lmeval.testing import record_reports

    lm = request.getfixturevalue(backend)
    ll = [LoglikelihoodRequest(f"Question: the {w}?\nAnswer:", c)
          for w in ("cat", "river", "moon") for c in (" yes", " no", "")]
    ll.append(LoglikelihoodRequest("A lone context", " once"))
    _, batches = record_reports(lm, "loglikelihood", ll)
    assert sorted(i for b in batches for i in b) == list(range(len(ll)))
    assert len(batches) == 1 + 3 + 1  # the empty continuations, one per shared context, one pass
    _, batches = record_reports(lm, "loglikelihood_rolling",
                                [RollingRequest("the water of the river " * n) for n in (1, 9)])
    assert batches == [{0: batches[0][0]}, {1: batches[1][1]}]
    gens = [GenerateRequest.make(f"Q: {w}\nA:", {"until": ["\n"], "max_gen_toks": 3})
            for w in ("cat", "moon")]
    texts, batches = record_reports(lm, "generate_until", gens)
    assert batches == [{0: texts[0]}, {1: texts[1]}]
