"""Chat backends (OpenAI-style and Anthropic) on the fault server; model args; keys.

The last test runs `lmeval run` for every API model type with a key in the environment,
--log_samples, --use_cache and DEBUG logging, and greps every file written for the key.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lmeval.errors import UsageError
from lmeval.evaluator import build_model
from lmeval.plugins import get_plugin_manager
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RequestKind
from lmeval_api.chat import AnthropicChatLM, LocalChatCompletionsLM, OpenAIChatCompletionsLM
from lmeval_api.completions import LocalCompletionsLM, OpenAICompletionsLM
from lmeval_testkit.api import TEST_API_KEY as SECRET
from lmeval_testkit.api import Fault

TASKS = str(Path(__file__).parent / "tasks")
MESSAGES = ({"role": "system", "content": "Answer briefly."},
            {"role": "user", "content": "What is 21 plus 10?"})


def test_chat_sends_messages_and_system_prompt(server):
    lm = LocalChatCompletionsLM(base_url=server.url + "/v1/chat/completions", model="m",
                                system="You are terse.", max_retries=3, backoff_base=0.01)
    server.fault = lambda key, attempt: Fault("status", status=503) if attempt == 1 else Fault()
    ctx = lm.apply_chat_template(MESSAGES)
    assert ctx == tuple(MESSAGES)  # sent as messages; the server applies the template
    (got,) = lm.generate_until([GenerateRequest.make(ctx, {"until": ["\n\n"], "max_gen_toks": 6})])
    sent = [{"role": "system", "content": "You are terse.\n\nAnswer briefly."}, MESSAGES[1]]
    assert got == server.model.text(sent, 6, ["\n\n"])
    assert [h.attempt for h in server.hits] == [1, 2]


def test_chat_plain_prompt_becomes_one_user_message(server):
    lm = LocalChatCompletionsLM(base_url=server.url + "/v1/chat/completions", model="m")
    (got,) = lm.generate_until([GenerateRequest.make("Hi there", {"max_gen_toks": 3})])
    assert got == server.model.text([{"role": "user", "content": "Hi there"}], 3, [])


def test_chat_types_refuse_loglikelihood_before_any_request(server):
    lm = LocalChatCompletionsLM(base_url=server.url + "/v1/chat/completions", model="m")
    with pytest.raises(Exception, match="no prompt logprobs"):
        lm.check_supports({RequestKind.LOGLIKELIHOOD})
    with pytest.raises(Exception, match="generate_until only"):
        lm.loglikelihood([LoglikelihoodRequest("a", "b")])
    assert server.hits == []


def test_anthropic_headers_payload_and_answer(server, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", SECRET)
    lm = AnthropicChatLM(base_url=server.url + "/v1/messages", model="claude-x")
    (got,) = lm.generate_until([GenerateRequest.make(lm.apply_chat_template(MESSAGES),
                                                     {"until": ["\n\n", "\t"], "max_gen_toks": 6})])
    (hit,) = server.hits
    assert hit.x_api_key == SECRET and hit.authorization is None
    # the system message goes to the top-level "system" field; the whitespace-only stop "\t"
    # (refused by the API) is applied client-side
    assert got == server.model.text([{"role": "user", "content": [
        {"type": "text", "text": MESSAGES[1]["content"]}]}], 6, ["\n\n"])


def test_hosted_types_need_their_key(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(UsageError, match="OPENAI_API_KEY"):
        OpenAIChatCompletionsLM(model="gpt-4o")
    with pytest.raises(UsageError, match="ANTHROPIC_API_KEY"):
        AnthropicChatLM(model="claude-x")
    monkeypatch.setenv("MY_KEY", SECRET)
    lm = OpenAIChatCompletionsLM(model="o3-mini", api_key_env="MY_KEY")
    payload = lm.payload([{"role": "user", "content": "x"}], {"temperature": 0}, 5, ["\n"])
    assert "stop" not in payload and payload["temperature"] == 1  # reasoning models
    assert payload["max_completion_tokens"] == 5


def test_openai_completions_logprobs_only_for_base_models(monkeypatch, tiny_tokenizer):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    lm = OpenAICompletionsLM(model="gpt-3.5-turbo-instruct", tokenizer_backend="huggingface",
                             tokenizer=str(tiny_tokenizer))
    assert lm.supported_kinds == {RequestKind.GENERATE_UNTIL}
    lm = OpenAICompletionsLM(model="davinci-002", tokenizer_backend="huggingface",
                             tokenizer=str(tiny_tokenizer))
    assert RequestKind.LOGLIKELIHOOD in lm.supported_kinds


def test_model_args_are_checked(server, tiny_tokenizer):
    url = server.url + "/v1/completions"
    with pytest.raises(UsageError, match="api_key"):
        LocalCompletionsLM(base_url=url, model="m", api_key="sk-in-the-results")
    with pytest.raises(UsageError, match="'num_concurent' .*did you mean 'num_concurrent'"):
        build_model(get_plugin_manager(), "local-completions",
                    f"base_url={url},model=m,num_concurent=4")
    with pytest.raises(UsageError, match="base_url"):
        LocalCompletionsLM(model="m")
    with pytest.raises(UsageError, match="tokenizer_backend"):
        LocalCompletionsLM(base_url=url, model="m", tokenizer_backend="sentencepiece")
    lm = LocalCompletionsLM(base_url=url, model="m", tokenizer_backend="none",
                            batch_size="auto", device="cuda", header='{"X-Team": "eval"}')
    assert lm.batch_size == 1 and lm.supported_kinds == {RequestKind.GENERATE_UNTIL}
    with pytest.raises(Exception, match="tokenizer"):
        lm.check_supports({RequestKind.LOGLIKELIHOOD})
    lm.generate_until([GenerateRequest.make("x", {"max_gen_toks": 2})])
    assert server.hits[-1].authorization is None  # no key set: no Authorization header
    ident = LocalCompletionsLM(base_url=url + "?api-key=zzz", model="m", tokenizer=str(tiny_tokenizer)).identity()
    assert "zzz" not in json.dumps(ident)


def test_cache_key_holds_every_model_argument_but_transport(server, tiny_tokenizer):
    url = server.url + "/v1/completions"

    def key(**args):
        return LocalCompletionsLM(base_url=url, tokenizer=str(tiny_tokenizer), **args).identity()

    base = key(model="m")
    assert base["backend"] == "local-completions" and base["model_args"]["model"] == "m"
    assert base["extras"]["tokenizer"] == str(tiny_tokenizer)
    for other in ({"model": "m2"}, {"model": "m", "max_gen_toks": 7}, {"model": "m", "seed": 3},
                  {"model": "m", "eos_string": "</s>"}, {"model": "m", "tokenized_requests": False},
                  {"model": "m", "max_length": 64}):
        assert key(**other) != base, other
    same = key(model="m", num_concurrent=4, timeout=30, max_retries=1, batch_size=2,
               header='{"X-Team": "eval"}', truncate=True, device="cuda")
    assert same == base
    chat = LocalChatCompletionsLM(base_url=server.url + "/v1/chat/completions", model="m")
    assert chat.identity() != LocalChatCompletionsLM(
        base_url=server.url + "/v1/chat/completions", model="m", system="Be brief.").identity()


@pytest.mark.parametrize("model,path,extra", [
    ("local-completions", "/v1/completions", "tokenizer={tok}"),
    ("local-chat-completions", "/v1/chat/completions", ""),
    ("openai-chat-completions", "/v1/chat/completions", ""),
    ("anthropic-chat", "/v1/messages", ""),
])
def test_no_output_file_contains_the_key(fault_server, tiny_tokenizer, tmp_path, model, path,
                                         extra):
    fault_server.fault = lambda key, attempt: Fault("echo_auth", status=500) if attempt == 1 else Fault()
    fault_server.reset_counts()
    args = f"base_url={fault_server.url}{path},model=m,num_concurrent=2,backoff_base=0.01"
    if extra:
        args += "," + extra.format(tok=tiny_tokenizer)
    env = {**os.environ, "OPENAI_API_KEY": SECRET, "ANTHROPIC_API_KEY": SECRET,
           "LMEVAL_CACHE_DIR": str(tmp_path / "idx"), "TOKENIZERS_PARALLELISM": "false"}
    tasks = "api_gen,api_mc" if model == "local-completions" else "api_gen"
    cmd = [sys.executable, "-m", "lmeval", "run", "--model", model, "--model_args", args,
           "--tasks", tasks, "--include_path", TASKS, "--output_path", str(tmp_path / "out"),
           "--log_samples", "--use_cache", str(tmp_path / "cache"), "--verbosity", "DEBUG"]
    if model != "local-completions":
        cmd.append("--apply_chat_template")
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    finally:
        fault_server.fault = None
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert any(h.attempt == 2 for h in fault_server.hits)  # the key-echoing errors happened
    assert any(SECRET in (h.authorization or h.x_api_key or "") for h in fault_server.hits)
    assert "***" in proc.stderr  # the retry warning, redacted
    assert SECRET not in proc.stdout and SECRET not in proc.stderr
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.suffix == ".sqlite" for p in written) and any("samples" in p.name for p in written)
    for p in written:
        assert SECRET.encode() not in p.read_bytes(), p
