"""megatron_lm on a real megatron-core GPTModel on the CPU, scored against lmeval-hf.

The tiny Llama of ``lmeval_testkit.hf`` is converted to megatron-core weights and saved as a
Megatron-LM checkpoint in both formats; ``megatron_lm`` loads each with megatron-core and must
answer every request kind as the ``hf`` backend does on the original model. megatron-core
needs three CPU shims here (``lmeval_testkit.megatron.cpu_shims``), active only while this
module's tests run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("megatron.core", reason="megatron-core is installed by ci-setup.sh")
torch = pytest.importorskip("torch")

from lmeval.errors import UsageError  # noqa: E402
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest  # noqa: E402
from lmeval_hf.models import HFLM  # noqa: E402
from lmeval_testkit import megatron as mt  # noqa: E402
from lmeval_testkit.hf import THINK_TOKENS, build_tiny_llama  # noqa: E402

MAX_LEN = 64

pytestmark = pytest.mark.filterwarnings(
    "ignore::UserWarning", "ignore::DeprecationWarning", "ignore::FutureWarning")

LL = [
    LoglikelihoodRequest("Question: the cat is", " red"),
    LoglikelihoodRequest("The river and the moon ", "were blue."),  # trailing space moves
    LoglikelihoodRequest("", "hello world"),  # empty context -> prefix token
    LoglikelihoodRequest("science history music " * 12, " paper"),  # truncated from the left
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
def shims():
    import torch.distributed as dist
    from megatron.core import parallel_state

    owned = not dist.is_initialized()
    with mt.cpu_shims():
        mt.init_single_process()
        yield
        if owned:
            parallel_state.destroy_model_parallel()
            dist.destroy_process_group()


@pytest.fixture(scope="module")
def llama_dir(tmp_path_factory):
    return build_tiny_llama(tmp_path_factory.mktemp("mt-models") / "llama")


@pytest.fixture(scope="module")
def checkpoints(shims, llama_dir, tmp_path_factory):
    root = tmp_path_factory.mktemp("mt-ckpt")
    return {fmt: mt.build_megatron_checkpoint(root / fmt, llama_dir, fmt=fmt)
            for fmt in ("standard", "distributed")}


@pytest.fixture(scope="module")
def hf(llama_dir):
    return HFLM(pretrained=str(llama_dir), batch_size=4, max_length=MAX_LEN, prefix_reuse=False)


@pytest.fixture(scope="module", params=["standard", "distributed"])
def megatron(request, checkpoints, shims):
    from lmeval_megatron.models import MegatronLM

    return MegatronLM(load=str(checkpoints[request.param]), batch_size=4, seq_length=MAX_LEN)


def test_checkpoint_format_is_detected(megatron, checkpoints):
    fmt = megatron.info.format
    assert (megatron.info.directory / "__0_0.distcp").exists() == (fmt == "distributed")
    assert megatron.info.iteration == mt.ITERATION
    assert megatron.identity()["extras"]["format"] == fmt


def test_cache_key(megatron):
    """Parallelism and batching do not key the cache; every other argument and the checkpoint
    found (absolute path, iteration) do."""
    from lmeval_megatron.models import MegatronLM

    key = megatron.identity()
    assert key["extras"]["iteration"] == mt.ITERATION
    assert Path(key["extras"]["load"]).is_absolute()
    load = key["model_args"]["load"]
    same = MegatronLM(load=load, batch_size=1, micro_batch_size=2, seq_length=MAX_LEN, devices=1,
                      tensor_model_parallel_size=1)
    assert same.identity() == key
    other = MegatronLM(load=load, batch_size=4, seq_length=MAX_LEN, max_gen_toks=5)
    assert other.identity() != key


def test_loglikelihood_equals_hf(megatron, hf):
    ours, ref = megatron.loglikelihood(LL), hf.loglikelihood(LL)
    for (a, ga), (b, gb) in zip(ours, ref, strict=True):
        assert a == pytest.approx(b, abs=1e-4)
        assert ga == gb


def test_greedy_continuation_is_greedy(megatron):
    context = "Question: the moon"
    text = megatron.generate_until([GenerateRequest.make(context, {"max_gen_toks": 3})])[0]
    assert text
    logprob, greedy = megatron.loglikelihood([LoglikelihoodRequest(context, text)])[0]
    assert greedy and logprob < 0


def test_rolling_equals_hf(megatron, hf):
    ours, ref = megatron.loglikelihood_rolling(ROLLING), hf.loglikelihood_rolling(ROLLING)
    assert ours == pytest.approx(ref, abs=1e-3)
    # the long text is cut into several windows of max_length tokens
    assert len(megatron.encoder.encode(ROLLING[0].text)) > MAX_LEN


def test_generation_equals_hf(megatron, hf):
    assert megatron.generate_until(GEN) == hf.generate_until(GEN)


def test_batch_size_does_not_change_scores(checkpoints, shims):
    from lmeval_megatron.models import MegatronLM

    one = MegatronLM(load=str(checkpoints["standard"]), batch_size=1, seq_length=MAX_LEN)
    auto = MegatronLM(load=str(checkpoints["standard"]), batch_size="auto", seq_length=MAX_LEN)
    a, b = one.loglikelihood(LL), auto.loglikelihood(LL)
    assert [x[0] for x in a] == pytest.approx([x[0] for x in b], abs=1e-5)
    assert one.runner.forward_calls > auto.runner.forward_calls


def test_think_end_token_and_chat_template(megatron, hf):
    think = THINK_TOKENS[1]
    req = [GenerateRequest.make("The house", {"max_gen_toks": 6})]
    plain = megatron.generate_until(req)[0]
    megatron.think_end_token = think
    try:
        assert megatron.generate_until(req)[0] == plain.split(think)[-1].lstrip()
    finally:
        megatron.think_end_token = None
    messages = ({"role": "user", "content": "hi"},)
    assert megatron.apply_chat_template(messages) == hf.apply_chat_template(messages)
    assert megatron.loglikelihood([LoglikelihoodRequest(messages, " yes")]) == \
        megatron.loglikelihood([LoglikelihoodRequest(hf.apply_chat_template(messages), " yes")])


def test_unknown_and_conflicting_arguments(checkpoints, shims):
    from lmeval_megatron.models import MegatronLM

    with pytest.raises(UsageError, match="unknown model argument.*tokenizer_modle.*did you mean"):
        MegatronLM(load=str(checkpoints["standard"]), tokenizer_modle="x")
    with pytest.raises(UsageError, match="needs load="):
        MegatronLM()
    with pytest.raises(UsageError, match="pipeline parallelism"):
        MegatronLM(load=str(checkpoints["standard"]), pipeline_model_parallel_size=2, devices=2)
    with pytest.raises(UsageError, match="devices=2 but 1 process"):
        MegatronLM(load=str(checkpoints["standard"]), devices=2)


def test_checkpoint_without_saved_args_uses_model_arguments(checkpoints, shims, tmp_path, hf):
    """use_checkpoint_args=False: the architecture comes from model args and extra_args."""
    import shutil

    from lmeval_megatron.models import MegatronLM

    src = checkpoints["standard"]
    args = mt.load_args(src)
    lm = MegatronLM(
        load=str(src), use_checkpoint_args=False, seq_length=MAX_LEN,
        tokenizer_type="HuggingFaceTokenizer", tokenizer_model=args.tokenizer_model,
        num_layers=args.num_layers, hidden_size=args.hidden_size,
        num_attention_heads=args.num_attention_heads, ffn_hidden_size=args.ffn_hidden_size,
        num_query_groups=args.num_query_groups,
        extra_args=f"--swiglu --normalization RMSNorm --norm-epsilon {args.norm_epsilon} "
                   f"--position-embedding-type rope --untie-embeddings-and-output-weights "
                   f"--disable-bias-linear --max-position-embeddings "
                   f"{args.max_position_embeddings} --padded-vocab-size {args.padded_vocab_size}")
    ours, ref = lm.loglikelihood(LL[:2]), hf.loglikelihood(LL[:2])
    assert [x[0] for x in ours] == pytest.approx([x[0] for x in ref], abs=1e-4)
    # a wrong architecture is caught when the weights do not fit
    with pytest.raises(UsageError, match="do not fit"):
        MegatronLM(load=str(src), seq_length=MAX_LEN, extra_args="--ffn-hidden-size 96")
    shutil.rmtree(tmp_path, ignore_errors=True)


def test_transformer_engine_checkpoint_without_transformer_engine(checkpoints, shims):
    from lmeval_megatron.models import MegatronLM

    try:
        import transformer_engine  # noqa: F401
        pytest.skip("transformer-engine is installed here")
    except ImportError:
        pass
    with pytest.raises(UsageError, match=r"needs Transformer Engine \(GPU\), which is not "
                                         r"installed: pip install .transformer-engine\[pytorch\]."):
        MegatronLM(load=str(checkpoints["standard"]), seq_length=MAX_LEN,
                   extra_args="--transformer-impl transformer_engine")


def test_evaluate_by_name_matches_hf(checkpoints, shims, hf, tmp_path, monkeypatch):
    """A whole run by registered name and model_args string, task results equal to hf's."""
    from pathlib import Path

    import lmeval

    tasks_dir = str(Path(__file__).parent / "tasks")
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx"))
    ours = lmeval.evaluate(model="megatron_lm",
                           model_args=f"load={checkpoints['distributed']},seq_length={MAX_LEN}",
                           tasks=["mt_mc", "mt_gen", "mt_ppl"], include_path=tasks_dir,
                           batch_size=2)
    ref = lmeval.evaluate(model=hf, tasks=["mt_mc", "mt_gen", "mt_ppl"], include_path=tasks_dir)
    for task, metric in (("mt_mc", "acc,none"), ("mt_mc", "acc_norm,none"),
                         ("mt_gen", "exact_match,none")):
        assert ours["results"][task][metric] == ref["results"][task][metric]
    assert ours["results"]["mt_ppl"]["word_perplexity,none"] == pytest.approx(
        ref["results"]["mt_ppl"]["word_perplexity,none"], rel=1e-4)
    assert ours["config"]["model"] == "megatron_lm"


def test_torchrun_data_and_tensor_parallel(checkpoints, shims, tmp_path, monkeypatch):
    """Two ranks under torchrun (gloo, CPU) on the distributed checkpoint.

    Data parallel (devices=2): each rank a replica scoring its shard; the gathered results equal
    a one-process run. Tensor parallel (TP=2): the checkpoint is resharded, both ranks run in
    lockstep and report one worker; answers equal TP=1, and ``lmeval.evaluate`` on it returns
    results on global rank 0 only, equal to one process's.
    """
    import json
    import os
    import socket
    import subprocess
    import sys
    from pathlib import Path

    import lmeval
    from lmeval_megatron.models import MegatronLM

    ckpt = str(checkpoints["distributed"])
    out = tmp_path / "run"
    ll = [("Question: the cat is", " red"), ("", "hello world"),
          ("science history music " * 12, " paper")]
    gen = [("1 + 2 =", {"until": ["."], "max_gen_toks": 8})]
    Path(f"{out}.requests").write_text(json.dumps({"ll": ll, "gen": gen}))
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx"), "OMP_NUM_THREADS": "1",
           "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    for k in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT"):
        env.pop(k, None)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    run = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nproc-per-node=2",
                          f"--master-port={port}",
                          str(Path(__file__).parent / "megatron_dp_driver.py"), ckpt, str(out)],
                         env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    ranks = [json.loads(Path(f"{out}.rank{r}").read_text()) for r in (0, 1)]

    # data parallel
    assert [r["dp"]["world_size"] for r in ranks] == [2, 2]
    assert all(r["dp"]["forward_calls"] > 0 for r in ranks)  # both replicas scored a shard
    one = MegatronLM(load=ckpt, seq_length=MAX_LEN, batch_size=2)
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx1"))
    b = lmeval.evaluate(model=one, tasks=["mt_mc", "mt_gen", "mt_ppl"],
                        include_path=str(Path(__file__).parent / "tasks"))["results"]
    a = json.loads(Path(f"{out}.results").read_text())
    assert a["mt_mc"]["acc,none"] == b["mt_mc"]["acc,none"]
    assert a["mt_gen"]["exact_match,none"] == b["mt_gen"]["exact_match,none"]
    assert a["mt_ppl"]["word_perplexity,none"] == pytest.approx(
        b["mt_ppl"]["word_perplexity,none"], rel=1e-5)

    # tensor parallel
    assert ranks[0]["tp"] == ranks[1]["tp"] and ranks[0]["tp"]["world_size"] == 1
    ref = one.loglikelihood([LoglikelihoodRequest(c, x) for c, x in ll])
    assert [x[0] for x in ranks[0]["tp"]["ll"]] == pytest.approx([x[0] for x in ref], abs=1e-4)
    assert [x[1] for x in ranks[0]["tp"]["ll"]] == [x[1] for x in ref]
    assert ranks[0]["tp"]["gen"] == one.generate_until(
        [GenerateRequest.make(c, k) for c, k in gen])
    # ... and through the core (owns_ranks): lockstep, one report, the scores of one process
    assert [r["tp_reported"] for r in ranks] == [True, False]
    t = json.loads(Path(f"{out}.tp_results").read_text())
    assert t["mt_mc"]["acc,none"] == b["mt_mc"]["acc,none"]
    assert t["mt_gen"]["exact_match,none"] == b["mt_gen"]["exact_match,none"]
    assert t["mt_ppl"]["word_perplexity,none"] == pytest.approx(
        b["mt_ppl"]["word_perplexity,none"], rel=1e-4)


def test_standard_checkpoint_cannot_be_resharded(checkpoints):
    from lmeval_megatron import checkpoint

    info = checkpoint.resolve_checkpoint(checkpoints["standard"])
    with pytest.raises(UsageError, match="cannot be resharded"):
        checkpoint.standard_file(info.directory, 0, 2)


def test_each_batch_reports_exactly_the_returned_answers(megatron):
    from lmeval.testing import record_reports

    for kind, requests in (("loglikelihood", LL), ("loglikelihood_rolling", ROLLING),
                           ("generate_until", GEN)):
        _, batches = record_reports(megatron, kind, requests)
        assert sorted(i for b in batches for i in b) == list(range(len(requests))), kind
