"""nemo_lm end to end with NeMo's loader replaced, and only it.

NeMo cannot be installed next to this suite (it needs its own pins), so
``lmeval_nemo.engine.load_nemo2``/``load_nemo1`` — the two functions that call NeMo — are
replaced by one returning what NeMo returns: a real megatron-core ``GPTModel`` (the tiny Llama
of lmeval-hf converted to megatron-core weights) and a tokenizer with NeMo's surface. Request
building, tokenization, scoring from logits and generation are the real code, compared with
the ``hf`` backend on the original model. megatron-core runs on the CPU under
``lmeval_testkit.megatron.cpu_shims`` for this module only.
"""

from __future__ import annotations

import importlib.util

import pytest

pytest.importorskip("megatron.core", reason="megatron-core is installed by lmeval-megatron's ci-setup.sh")
torch = pytest.importorskip("torch")

from lmeval.errors import UsageError  # noqa: E402
from lmeval.protocol import (  # noqa: E402
    GenerateRequest,
    LoglikelihoodRequest,
    RollingRequest,
    UnsupportedRequestError,
)
from lmeval_hf.models import HFLM  # noqa: E402
from lmeval_nemo import engine  # noqa: E402
from lmeval_nemo.models import NeMoLM  # noqa: E402
from lmeval_testkit import megatron as mt  # noqa: E402
from lmeval_testkit.hf import build_tiny_llama  # noqa: E402

pytestmark = pytest.mark.filterwarnings(
    "ignore::UserWarning", "ignore::DeprecationWarning", "ignore::FutureWarning")

MAX_LEN = 64
LL = [
    LoglikelihoodRequest("Question: the cat is", " red"),
    LoglikelihoodRequest("The river and the moon ", "were blue."),
    LoglikelihoodRequest("", "hello world"),
    LoglikelihoodRequest("science history music " * 12, " paper"),
]
ROLLING = [RollingRequest("The city of music and science was known. " * 9)]
GEN = [GenerateRequest.make("Question: the dog?\nAnswer:", {"until": ["\n"], "max_gen_toks": 10}),
       GenerateRequest.make("1 + 2 =", {"until": ["."], "max_gen_toks": 8})]


class AutoTokenizerLike:
    """NeMo's ``AutoTokenizer`` surface: the HF tokenizer at ``.tokenizer``."""

    def __init__(self, hf_tokenizer):
        self.tokenizer = hf_tokenizer
        self.bos_id, self.eos_id = hf_tokenizer.bos_token_id, hf_tokenizer.eos_token_id
        self.vocab_size = len(hf_tokenizer)

    def text_to_ids(self, text):
        return self.tokenizer.encode(text, add_special_tokens=False)

    def ids_to_text(self, ids, remove_special_tokens=True):
        return self.tokenizer.decode(ids, skip_special_tokens=remove_special_tokens)


class SentencePieceLike(AutoTokenizerLike):
    """A NeMo tokenizer with no HF tokenizer inside (only text_to_ids / ids_to_text)."""

    def __init__(self, hf_tokenizer):
        super().__init__(hf_tokenizer)
        self._hf = self.__dict__.pop("tokenizer")

    def text_to_ids(self, text):
        return self._hf.encode(text, add_special_tokens=False)

    def ids_to_text(self, ids, remove_special_tokens=True):
        return self._hf.decode(ids, skip_special_tokens=remove_special_tokens)


@pytest.fixture(scope="module")
def llama_dir(tmp_path_factory):
    return build_tiny_llama(tmp_path_factory.mktemp("nemo-models") / "llama")


@pytest.fixture(scope="module")
def mcore(llama_dir):
    import torch.distributed as dist
    from megatron.core import parallel_state

    owned = not dist.is_initialized()
    with mt.cpu_shims():
        mt.init_single_process()
        model, _ = mt.hf_llama_as_mcore(llama_dir)
        yield model
        if owned:
            parallel_state.destroy_model_parallel()
            dist.destroy_process_group()


@pytest.fixture(scope="module")
def checkpoints(tmp_path_factory):
    root = tmp_path_factory.mktemp("nemo-ckpt")
    (root / "nemo2" / "context").mkdir(parents=True)
    (root / "nemo2" / "weights").mkdir()
    (root / "nemo1").mkdir()
    (root / "nemo1" / "model_config.yaml").write_text("mcore_gpt: true\n")
    return root


@pytest.fixture
def loads(monkeypatch, mcore, llama_dir):
    """Replace NeMo's two loaders; record how they were called."""
    import transformers

    calls = []
    hf_tok = transformers.AutoTokenizer.from_pretrained(str(llama_dir))

    def fake(kind, tokenizer_cls):
        def load(path, *, devices, tensor, pipeline, precision):
            calls.append({"kind": kind, "path": path, "devices": devices, "tensor": tensor,
                          "pipeline": pipeline, "precision": precision})
            return engine.LoadedModel(mcore, tokenizer_cls(hf_tok), torch.device("cpu"))
        return load

    monkeypatch.setattr(engine, "load_nemo2", fake("nemo2", AutoTokenizerLike))
    monkeypatch.setattr(engine, "load_nemo1", fake("nemo1", SentencePieceLike))
    return calls


@pytest.fixture(scope="module")
def hf(llama_dir):
    return HFLM(pretrained=str(llama_dir), batch_size=4, max_length=MAX_LEN, prefix_reuse=False)


@pytest.fixture(scope="module")
def hf_no_bos(llama_dir):
    return HFLM(pretrained=str(llama_dir), batch_size=4, max_length=MAX_LEN, prefix_reuse=False,
                add_bos_token=False)


@pytest.mark.skipif(importlib.util.find_spec("nemo") is not None, reason="NeMo is installed here")
def test_missing_nemo_names_the_install_command(checkpoints):
    with pytest.raises(UsageError, match=r"pip install 'nemo_toolkit\[llm\]>=2.0,<3'"):
        NeMoLM(path=str(checkpoints / "nemo2"))
    with pytest.raises(UsageError, match=r"nemo_toolkit\[nlp\]<2.5.1.*convert_nemo1_to_nemo2"):
        NeMoLM(path=str(checkpoints / "nemo1"))


@pytest.mark.parametrize("kwargs,message", [
    ({}, "needs path="),
    ({"devices": 4, "tensor_model_parallel_size": 2}, "data replication combined"),
    ({"num_nodes": 2}, "multi-node"),
    ({"devices": 2}, "devices=2 but 1 process.*torchrun --nproc-per-node=2"),
    ({"precision": "int4"}, "precision='int4'"),
    ({"pipeline_parallel_size": 2}, "unknown model argument.*did you mean"),
    ({"device": "cpu"}, "CUDA GPUs"),
])
def test_bad_arguments_fail_before_nemo_loads(checkpoints, loads, kwargs, message):
    kwargs = {"path": str(checkpoints / "nemo2"), **kwargs} if kwargs else {}
    with pytest.raises(UsageError, match=message):
        NeMoLM(**kwargs)
    assert not loads


def test_nemo2_checkpoint_scores_like_hf(checkpoints, loads, hf):
    lm = NeMoLM(path=str(checkpoints / "nemo2"), max_length=MAX_LEN, batch_size=4,
                tensor_model_parallel_size=1, precision="bf16-mixed")
    assert loads == [{"kind": "nemo2", "path": checkpoints / "nemo2", "devices": 1, "tensor": 1,
                      "pipeline": 1, "precision": "bf16-mixed"}]
    for (a, ga), (b, gb) in zip(lm.loglikelihood(LL), hf.loglikelihood(LL), strict=True):
        assert a == pytest.approx(b, abs=1e-4) and ga == gb
    assert lm.loglikelihood_rolling(ROLLING) == pytest.approx(
        hf.loglikelihood_rolling(ROLLING), abs=1e-3)
    assert lm.generate_until(GEN) == hf.generate_until(GEN)
    messages = ({"role": "user", "content": "hi"},)
    assert lm.apply_chat_template(messages) == hf.apply_chat_template(messages)
    assert lm.identity()["extras"]["format"] == "nemo2" and lm.world_size == 1
    # the cache key: parallel layout and batch size aside, every argument counts
    key = lm.identity()
    assert NeMoLM(path=str(checkpoints / "nemo2"), max_length=MAX_LEN, batch_size=1, devices=1,
                  precision="bf16-mixed").identity() == key
    assert NeMoLM(path=str(checkpoints / "nemo2"), max_length=MAX_LEN, batch_size=4,
                  precision="32").identity() != key


def test_nemo1_with_a_text_to_ids_tokenizer(checkpoints, loads, hf_no_bos):
    """No HF tokenizer inside: text_to_ids adds no BOS, so hf with add_bos_token=False agrees."""
    lm = NeMoLM(path=str(checkpoints / "nemo1"), max_length=MAX_LEN, batch_size=2)
    assert loads[0]["kind"] == "nemo1"
    assert type(lm.encoder).__name__ == "TextIdsEncoder"
    for (a, ga), (b, gb) in zip(lm.loglikelihood(LL), hf_no_bos.loglikelihood(LL), strict=True):
        assert a == pytest.approx(b, abs=1e-4) and ga == gb
    assert lm.generate_until(GEN) == hf_no_bos.generate_until(GEN)
    with pytest.raises(UnsupportedRequestError, match="no chat template"):
        lm.apply_chat_template(({"role": "user", "content": "hi"},))


def test_greedy_continuation_is_greedy(checkpoints, loads):
    lm = NeMoLM(path=str(checkpoints / "nemo2"), max_length=MAX_LEN)
    context = "Question: the moon"
    text = lm.generate_until([GenerateRequest.make(context, {"max_gen_toks": 3})])[0]
    assert text and lm.loglikelihood([LoglikelihoodRequest(context, text)])[0][1] is True
