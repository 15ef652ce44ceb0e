"""Multiple choice and loglikelihood over chat completions (``prompt_logprobs=true``):
against the real vLLM server equal to lmeval-hf with --apply_chat_template (lm-eval's rule), and
refused before any scoring request where the API or server cannot (fault server, OpenAI)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from lmeval.cli import main
from lmeval.errors import UsageError
from lmeval.protocol import LoglikelihoodRequest
from lmeval_api.chat import LocalChatCompletionsLM, OpenAIChatCompletionsLM
from lmeval_api.chat_scoring import _bos_rule, context_length, score_continuation
from lmeval_api.transport import ImpossibleAnswer, MalformedResponse
from lmeval_testkit.api import TEST_API_KEY as SECRET

TASKS = str(Path(__file__).parent / "tasks")


def _run(capsys, out: Path, model: str, args: str, *extra: str, task: str = "api_mc"):
    code = main(["run", "--model", model, "--model_args", args, "--tasks", task,
                 "--include_path", TASKS, "--apply_chat_template", "--output_path", str(out),
                 "--log_samples", *extra])
    captured = capsys.readouterr()
    samples = [json.loads(x) for x in next(out.rglob(f"samples_{task}_*.jsonl")).open()] if code == 0 else []
    return code, captured, samples


@pytest.mark.slow
@pytest.mark.parametrize("task", ["api_mc", "api_mc_prefix"])  # the second ends in an open assistant turn
@pytest.mark.parametrize("shots", ["0", "2"])
def test_chat_multiple_choice_equals_hf_with_the_chat_template(vllm_server, tiny_llama, tmp_path,
                                                              capsys, monkeypatch, shots, task):
    pytest.importorskip("lmeval_hf.models", reason="lmeval-hf is the reference")
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    code, captured, chat = _run(capsys, tmp_path / "chat", "local-chat-completions",
                                f"base_url={vllm_server}/v1/chat/completions,model=tiny,"
                                "prompt_logprobs=true,num_concurrent=4", "--num_fewshot", shots,
                                "--fewshot_as_multiturn", task=task)
    assert code == 0, captured.err
    code, captured, hf = _run(capsys, tmp_path / "hf", "hf", f"pretrained={tiny_llama},dtype=float32",
                              "--num_fewshot", shots, "--fewshot_as_multiturn", task=task)
    assert code == 0, captured.err
    assert len(chat) == len(hf) == 8
    for a, b in zip(chat, hf, strict=True):
        assert a["doc_id"] == b["doc_id"] and a["acc"] == b["acc"] and a["acc_norm"] == b["acc_norm"]
        for (ll_a, greedy_a), (ll_b, greedy_b) in zip((r[0] for r in a["resps"]), (r[0] for r in b["resps"]),
                                                      strict=True):
            assert abs(float(ll_a) - float(ll_b)) < 1e-4 and greedy_a == greedy_b


def test_without_prompt_logprobs_multiple_choice_is_refused_before_any_request(server, tmp_path, capsys,
                                                                                monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    code, captured, _ = _run(capsys, tmp_path / "o", "local-chat-completions",
                             f"base_url={server.url}/v1/chat/completions,model=m")
    assert code == 2 and captured.err.count("\n") == 1
    assert "pass prompt_logprobs=true" in captured.err and "loglikelihood" in captured.err
    assert server.hits == []


def test_a_server_without_prompt_logprobs_is_named_after_one_probe(server, tmp_path, capsys, monkeypatch):
    """The fault server's chat endpoint answers like OpenAI's: text only."""
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    code, captured, _ = _run(capsys, tmp_path / "o", "local-chat-completions",
                             f"base_url={server.url}/v1/chat/completions,model=m,prompt_logprobs=true")
    assert code == 2 and captured.err.count("\n") == 1, captured.err
    assert "returned no prompt_logprobs and no prompt_token_ids" in captured.err
    assert [h.path for h in server.hits] == ["/v1/chat/completions"] * 2  # the probe, with and without BOS


def test_openai_chat_cannot_score(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with pytest.raises(UsageError, match="returns none"):
        OpenAIChatCompletionsLM(model="gpt-4o", prompt_logprobs=True)
    lm = OpenAIChatCompletionsLM(model="gpt-4o")
    assert "chat APIs return no prompt logprobs" in lm._unsupported(LoglikelihoodRequest("a", "b").kind)


def _body(ids, decoded, logprobs, ranks):
    entries = [None] + [{str(t): {"logprob": lp, "rank": r, "decoded_token": d}}
                        for t, d, lp, r in zip(ids[1:], decoded[1:], logprobs[1:], ranks[1:], strict=True)]
    return {"prompt_token_ids": ids, "prompt_logprobs": entries}


def test_scoring_arithmetic_and_hostile_answers():
    body = _body([1, 5, 9, 7, 3], ["<s>", "a", "\n", "x", "y"], [None, -1.0, -0.5, -2.0, -0.25], [0, 3, 1, 1, 1])
    assert context_length(_body([1, 5, 9], ["<s>", "a", "\n"], [None, -1.0, -0.5], [0, 3, 1])) == 2
    total, greedy = score_continuation(body, 2)  # the newline moves to the continuation, as lm-eval
    assert total == -2.75 and greedy is True
    assert score_continuation(body, 1) == (-3.75, False)
    for bad, error in (
        (_body([1, 5, 9], ["<s>", "a", "b"], [None, -1.0, 0.5], [0, 1, 1]), ImpossibleAnswer),
        (_body([1, 5, 9], ["<s>", "a", "b"], [None, -1.0, math.nan], [0, 1, 1]), ImpossibleAnswer),
        (_body([1, 5, 9], ["<s>", "a", "b"], [None, -1.0, -1.0], [0, 1, None]), ImpossibleAnswer),
        ({"prompt_token_ids": [1, 5, 9], "prompt_logprobs": [None]}, MalformedResponse),
        ({"prompt_token_ids": ["1", 5]}, MalformedResponse),
        (_body([1, 5], ["<s>", "a"], [None, -1.0], [0, 1]), ImpossibleAnswer),  # no continuation
    ):
        with pytest.raises(error):
            score_continuation(bad, 2 if len(bad["prompt_token_ids"]) > 2 else 2)
    # lm-eval's BOS rule: added unless the template already starts with it
    assert _bos_rule([6, 7], [1, 6, 7]) is True
    assert _bos_rule([1, 6, 7], [1, 1, 6, 7]) is False
    assert _bos_rule([6, 7], [6, 7]) is False


def test_prompt_logprobs_model_arg():
    lm = LocalChatCompletionsLM(base_url="http://127.0.0.1:9/v1/chat/completions", model="m",
                                prompt_logprobs="true")
    assert lm.prompt_logprobs and LoglikelihoodRequest("a", "b").kind in lm.supported_kinds
    plain = LocalChatCompletionsLM(base_url="http://127.0.0.1:9/v1/chat/completions", model="m")
    assert LoglikelihoodRequest("a", "b").kind not in plain.supported_kinds
