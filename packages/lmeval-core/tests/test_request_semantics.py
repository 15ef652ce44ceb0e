"""Request semantics every backend shares: batch-size grammar, rolling windows, generation
arguments and stops, the encoding contract, launcher ranks (lmeval.backend.batch_size, .rolling,
.generation, .encoding, .distributed)."""

from __future__ import annotations

import json
import subprocess
import sys
from types import SimpleNamespace

import pytest
from lmeval.backend.batch_size import (
    BatchSizer,
    BatchSpec,
    estimate_cpu_batch,
    parse_batch_size,
    probe_batch_size,
)
from lmeval.backend.distributed import env_rank_world, launcher_local_world, launcher_world
from lmeval.backend.encoding import (
    TOKENIZER_INFINITY,
    TokenEncoder,
    encode_request,
    fit_window,
    move_trailing_whitespace,
    resolve_max_length,
)
from lmeval.backend.generation import (
    API_MAX_TOKEN_KEYS,
    GenerationParams,
    cut_at_stop,
    decode_generation,
    group_by_kwargs,
    normalize_gen_kwargs,
    parse_think_end_token,
    pop_max_gen_toks,
    prompt_budget,
    stop_sequences,
    strip_thinking,
    truncate_prompt,
)
from lmeval.backend.rolling import (
    RollingTotals,
    loglikelihood_windows,
    rolling_windows,
    score_rolling,
)
from lmeval.errors import UsageError
from lmeval.run.options import parse_batch_size as cli_batch_size

# -- batch size: one grammar for --batch_size and batch_size= in --model_args ----------------

ACCEPTED = [(1, BatchSpec(1)), ("8", BatchSpec(8)), (" 4 ", BatchSpec(4)), (8.0, BatchSpec(8)),
            ("auto", BatchSpec(None)), ("auto:4", BatchSpec(None, 4.0)),
            ("auto:1.5", BatchSpec(None, 1.5)), ("auto:0.5", BatchSpec(None, 0.5))]
REFUSED = ["auto:0", "auto:-1", "auto:", "auto:x", "auto:4:5", "auto:inf", "auto:nan", "autox",
           "Auto", "0", "-2", "big", "", "1.5", 2.5, True, False, 0]


@pytest.mark.parametrize(("value", "spec"), ACCEPTED)
def test_batch_size_grammar_accepts_lm_eval_forms(value, spec):
    assert parse_batch_size(value) == spec
    # the CLI flag takes exactly what the model argument takes
    expected = spec.fixed if spec.fixed is not None else str(value).strip()
    assert cli_batch_size(value) == expected


@pytest.mark.parametrize("value", REFUSED)
def test_batch_size_grammar_refuses_the_same_values_everywhere(value):
    with pytest.raises(UsageError, match=r"^batch_size: ") as model_arg:
        parse_batch_size(value)
    with pytest.raises(UsageError, match=r"^--batch_size: ") as flag:
        cli_batch_size(value)
    assert str(model_arg.value).removeprefix("batch_size") == \
        str(flag.value).removeprefix("--batch_size")


@pytest.mark.parametrize("value", ["auto:0", "auto:x", "0"])
def test_batch_size_in_model_args_is_checked_before_the_model_is_built(value):
    from lmeval.run.modelargs import check_model_args

    built = []
    with pytest.raises(UsageError, match=r"^--model_args batch_size: "):
        check_model_args("any", lambda **kw: built.append(kw), {"batch_size": value})
    assert not built
    check_model_args("any", lambda **kw: None, {"batch_size": "auto:1.5"})


def test_cli_refuses_a_bad_batch_size_in_model_args_as_in_the_flag(tmp_path):
    from kernel_tasks import write_tasks

    tasks = write_tasks(tmp_path / "tasks", n_docs=2)
    log = tmp_path / "calls.log"
    errors = []
    for args in (["--batch_size", "auto:0"], ["--model_args", f"call_log={log},batch_size=auto:0"]):
        out = subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "dummy",
                              "--include_path", str(tasks), "--tasks", "k_mc", *args],
                             capture_output=True, text=True, cwd=tmp_path, timeout=120)
        assert out.returncode == 2, out.stderr
        assert "Traceback" not in out.stderr
        errors.append(out.stderr.strip().splitlines()[-1])
    assert errors[0].endswith("--batch_size: in auto:N, N is how many times the size is found "
                              "again and must be a positive number, got 'auto:0'")
    assert errors[1].endswith("--model_args batch_size: in auto:N, N is how many times the size "
                              "is found again and must be a positive number, got 'auto:0'")
    assert not log.exists()  # refused before the model was built


def test_batch_size_none_is_one_and_spec_prints_back():
    assert parse_batch_size(None) == BatchSpec(1)
    assert cli_batch_size(None) is None
    assert [str(parse_batch_size(v)) for v in ("3", "auto", "auto:4", "auto:1.5")] == \
        ["3", "auto", "auto:4", "auto:1.5"]


def test_sizer_fixed_and_auto_schedule():
    lengths = [100 - i for i in range(10)]
    fixed = BatchSizer(BatchSpec(4), 64, detect=lambda n: 1 / 0)
    assert list(fixed.plan(lengths)) == [(0, 4), (4, 8), (8, 10)]
    seen: list[int] = []

    def detect(length: int) -> int:
        seen.append(length)
        return 3

    auto2 = BatchSizer(BatchSpec(None, 2.0), 64, detect=detect)
    assert list(auto2.plan(lengths)) == [(0, 3), (3, 6), (6, 9), (9, 10)]
    assert seen == [100, 94]  # found again once, at the first batch of the second half
    sizes = BatchSizer(BatchSpec(None, 1.5), 64, detect=lambda n: 2)
    assert list(sizes.plan(lengths))[-1] == (8, 10)
    capped = BatchSizer(BatchSpec(None, 4.0), 8, detect=lambda n: 8)
    assert capped.single(1) == capped.single(64) == 8


def test_probe_halves_on_out_of_memory_and_raises_other_errors():
    def forward(n: int) -> None:
        if n > 5:
            raise RuntimeError("CUDA out of memory. Tried to allocate")

    assert probe_batch_size(forward, 64) == 4
    with pytest.raises(RuntimeError, match="boom"):
        probe_batch_size(lambda n: (_ for _ in ()).throw(RuntimeError("boom")), 8)
    cfg = SimpleNamespace(hidden_size=8, num_hidden_layers=2, vocab_size=16)
    assert 1 <= estimate_cpu_batch(cfg, 32, max_batch_size=7) <= 7


# -- rolling windows ------------------------------------------------------------------------

@pytest.mark.parametrize("n", [0, 1, 2, 5, 6, 7, 11, 12, 13, 40])
@pytest.mark.parametrize("max_len", [1, 2, 6])
def test_rolling_windows_predict_every_token_once(n, max_len):
    tokens = list(range(100, 100 + n))
    windows = loglikelihood_windows(tokens, prefix_token=1, max_seq_len=max_len)
    assert [t for _, pred in windows for t in pred] == tokens
    for k, (ctx, pred) in enumerate(windows):
        assert 1 <= len(pred) <= max_len
        assert len(ctx) + len(pred) - 1 <= max_len  # the model input fits
        whole = [1] + tokens
        start = whole.index(pred[0])
        assert ctx == whole[start - len(ctx):start]  # conditioned on what comes just before
        if k == 0:
            assert ctx == [1]


def test_rolling_windows_with_context_len_overlap_their_inputs():
    windows = list(rolling_windows(list(range(10)), prefix_token=-1, max_seq_len=4, context_len=2))
    assert windows[0] == ([-1, 0, 1, 2], [0, 1, 2, 3])
    assert [p for _, p in windows][1] == [4, 5, 6]
    with pytest.raises(ValueError):
        list(rolling_windows([1], 0, max_seq_len=2, context_len=3))


def test_score_rolling_sums_in_window_order_and_reports_each_request_once():
    windows = [loglikelihood_windows(list(range(7)), 99, 3), [], loglikelihood_windows([5], 99, 3)]
    reported: dict[int, float] = {}

    def report(done: dict[int, float]) -> None:
        assert not set(done) & set(reported)
        reported.update(done)

    def score(pairs, on_answers):
        answers = [(-0.1 * (j + 1), True) for j in range(len(pairs))]
        for j in reversed(range(len(pairs))):  # out of order, one at a time
            on_answers({j: answers[j]})
        return answers

    totals = score_rolling(score, windows, report)
    assert reported == dict(enumerate(totals))
    assert totals[1] == 0
    assert totals[0] == sum(-0.1 * (j + 1) for j in range(3))
    tracker = RollingTotals(windows, lambda d: None)
    assert len(tracker.pairs) == 4


# -- generation -----------------------------------------------------------------------------

def test_max_gen_toks_aliases_in_priority_order():
    assert normalize_gen_kwargs({"until": "x"}, 7) == {"until": ["x"], "max_gen_toks": 7,
                                                      "do_sample": False}
    kw = normalize_gen_kwargs({"max_tokens": 5, "max_new_tokens": 9, "max_gen_toks": None}, 7)
    assert kw["max_gen_toks"] == 9 and "max_tokens" not in kw and "max_new_tokens" not in kw
    api = {"max_new_tokens": 9, "max_tokens": 5, "max_gen_toks": 3}
    assert pop_max_gen_toks(api, 7, API_MAX_TOKEN_KEYS) == 5
    assert api == {"max_new_tokens": 9}  # lm-eval's API models send it on as a field


@pytest.mark.parametrize(("given", "sample", "temperature"), [
    ({}, False, 0.0), ({"temperature": 0.7}, True, 0.7), ({"do_sample": True}, False, 0.0),
    ({"do_sample": False, "temperature": 0.9}, False, 0.0),
    ({"do_sample": True, "temperature": 1.0}, True, 1.0)])
def test_greedy_unless_sampling_with_a_temperature(given, sample, temperature):
    params = GenerationParams.from_kwargs({"until": ["\n"], "top_p": 0.9, **given}, 16)
    assert params.sampling is sample
    assert params.temperature == temperature
    assert params.until == ("\n",) and params.max_gen_toks == 16 and params.get("top_p") == 0.9


def test_stop_sequences_and_cut():
    assert stop_sequences("\n", "</s>") == ["\n", "</s>"]
    assert stop_sequences(["a", "</s>"], "</s>") == ["a", "</s>"]
    assert stop_sequences(None, None) == []
    with pytest.raises(UsageError, match="until"):
        stop_sequences(5, None)  # type: ignore[arg-type]
    assert cut_at_stop("one\n\ntwo</s>", ["\n\n", "</s>"]) == "one"
    assert cut_at_stop("abc", ["", "z"]) == "abc"
    assert cut_at_stop("a.b", ".") == "a"


def test_thinking_is_dropped_before_the_stop_cut():
    assert strip_thinking("<think>x\n\ny</think>  42\n\nmore", "</think>") == "42\n\nmore"
    assert strip_thinking("  no thoughts", None) == "  no thoughts"
    decode = " ".join  # ids are strings here: the rule, not a tokenizer, is under test
    ids = ["a", "END", "b", "END", "c", "STOP", "d"]
    assert decode_generation(ids, decode, ["STOP"], "END") == "c "
    assert parse_think_end_token("151668") == 151668
    assert parse_think_end_token("</think>") == "</think>"
    assert decode_generation([5, 9, 6, 9, 7, 8], lambda t: " ".join(map(str, t)), ["8"], 9) == "7 "
    with pytest.raises(UsageError):
        parse_think_end_token(True)  # type: ignore[arg-type]


def test_requests_are_grouped_by_equal_generation_arguments():
    kwargs = [{"until": ["\n"], "max_gen_toks": 5}, {"until": ["x"]},
              {"max_gen_toks": 5, "until": ["\n"]}, {"until": ["x"], "opts": {"b": 1, "a": [2]}},
              {"until": ("x",), "opts": {"a": [2], "b": 1}}]
    assert group_by_kwargs(kwargs) == [[0, 2], [1], [3, 4]]


def test_prompt_budget_and_truncation():
    assert prompt_budget(100, 30) == 70
    with pytest.raises(UsageError, match="max_gen_toks=100 leaves no room for the prompt in "
                                         "max_model_len=100"):
        prompt_budget(100, 100, limit_name="max_model_len")
    toks = list(range(10))
    assert truncate_prompt(toks, 4) == [6, 7, 8, 9]
    assert truncate_prompt(toks, 4, "right") == [0, 1, 2, 3]
    assert truncate_prompt(toks, 5, "middle") == [0, 1, 7, 8, 9]
    assert truncate_prompt(toks, 20) == toks
    with pytest.raises(UsageError, match="truncation_side"):
        truncate_prompt(toks, 4, "top")


# -- encoding -------------------------------------------------------------------------------

class CharTokenizer:
    """One id per character, ``^`` as BOS (added by default), ``$`` as EOS."""

    bos_token_id, eos_token_id, bos_token = 1, 2, "^"
    is_fast = False

    def encode(self, text: str, add_special_tokens: bool = True) -> list[int]:
        ids = [1 if c == "^" else ord(c) for c in text]
        return ([1] if add_special_tokens else []) + ids

    def decode(self, tokens, skip_special_tokens: bool = False) -> str:
        tokens = [tokens] if isinstance(tokens, int) else tokens
        return "".join({1: "^", 2: "$"}.get(t, chr(t)) for t in tokens)

    def __call__(self, text, **kwargs):
        return {"input_ids": self.encode(text, **kwargs)}


def test_context_continuation_split():
    enc = TokenEncoder(CharTokenizer())
    assert move_trailing_whitespace("Q: ", "yes") == ("Q:", " yes")
    ctx, cont = enc.pair("Q: ", "yes")
    assert ctx == [1, ord("Q"), ord(":")] and cont == [ord(c) for c in " yes"]
    assert enc.pair("", "hi") == ([1], [ord("h"), ord("i")])  # empty context: prefix token
    assert enc.pair("", "^hi") == ([1], [ord("h"), ord("i")])  # already starts with it
    assert enc.pairs([("Q: ", "yes"), ("", "hi")]) == [enc.pair("Q: ", "yes"), enc.pair("", "hi")]
    assert TokenEncoder(CharTokenizer(), add_bos_token=False).encode("ab") == [97, 98]
    assert encode_request(enc.encode, 1, "a", "b", causal=False) == ([1, 97], [98])


def test_fit_window_and_max_length_rule():
    assert fit_window([1, 2, 3], [4, 5], 4) == ([2, 3, 4, 5], 2)
    assert fit_window([1], [2], 8) == ([1, 2], 1)
    with pytest.raises(UsageError, match="does not fit"):
        fit_window([1, 2], [3, 4, 5], 3)
    assert resolve_max_length(SimpleNamespace(n_positions=64)) == 64
    nested = SimpleNamespace(text_config=SimpleNamespace(max_position_embeddings=32))
    assert resolve_max_length(nested) == 32
    assert resolve_max_length(SimpleNamespace(), SimpleNamespace(model_max_length=100)) == 100
    assert resolve_max_length(SimpleNamespace(),
                              SimpleNamespace(model_max_length=TOKENIZER_INFINITY)) == 2048


# -- launcher ranks -------------------------------------------------------------------------

@pytest.mark.parametrize(("env", "expected"), [
    ({}, (0, 0, 1)),
    ({"WORLD_SIZE": "4", "RANK": "3", "LOCAL_RANK": "1"}, (3, 1, 4)),
    ({"WORLD_SIZE": "2", "LOCAL_RANK": "1"}, (1, 1, 2)),
    ({"WORLD_SIZE": "2", "RANK": "1"}, (1, 1, 2)),
    ({"WORLD_SIZE": "", "RANK": ""}, (0, 0, 1)),
])
def test_launcher_world(monkeypatch, env, expected):
    for key in ("WORLD_SIZE", "RANK", "LOCAL_RANK", "LOCAL_WORLD_SIZE"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert launcher_world() == expected
    assert env_rank_world() == (expected[0], expected[2])
    assert launcher_local_world(expected[2]) == expected[2]
    monkeypatch.setenv("LOCAL_WORLD_SIZE", "2")
    assert launcher_local_world(8) == 2


def test_request_semantics_modules_import_no_heavy_library():
    probe = ("import json, sys; import lmeval.backend.batch_size, lmeval.backend.rolling, lmeval.backend.generation, "
             "lmeval.backend.encoding, lmeval.backend.distributed, lmeval.backend.tokenizer_chat; "
             "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert not set(json.loads(out.stdout)) & {"torch", "numpy", "transformers"}
