"""Chat APIs: ``local-chat-completions``, ``openai-chat-completions``, ``anthropic-chat-completions``.

Chat APIs return no prompt logprobs, so they answer ``generate_until`` only; a task that needs
loglikelihood fails before the first request (the scheduler checks ``supported_kinds``) — except
``local-chat-completions`` with ``prompt_logprobs=true`` against a server that returns them
(vLLM): loglikelihood and multiple choice are then scored through it (:mod:`.chat_scoring`).
With ``--apply_chat_template`` the task's messages are sent as they are; a plain string prompt
is sent as one user message.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.backend.generation import postprocess_generation, request_fields
from lmeval.errors import UsageError
from lmeval.protocol import GenerateRequest, RequestKind

from lmeval_api.base import ApiLM, Job, excerpt
from lmeval_api.chat_scoring import ChatScoring
from lmeval_api.completions import api_stops
from lmeval_api.transport import MalformedResponse

log = logging.getLogger("lmeval.api")

Messages = list[dict[str, Any]]


class ChatLM(ApiLM):
    """Shared by the chat APIs: messages in, text out."""

    supported_kinds = frozenset({RequestKind.GENERATE_UNTIL})
    max_stop: int | None = 4

    def __init__(self, *, system: str | None = None, think_end_token: str | None = None,
                 tokenizer_backend: str | None = None, tokenized_requests: Any = None,
                 tokenizer: str | None = None, max_length: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if tokenizer_backend not in (None, "", "none", "None"):
            raise UsageError(f"{self.kind_name} sends messages, not tokens: drop "
                             "tokenizer_backend (or use local-completions for loglikelihood)")
        if tokenized_requests:
            raise UsageError(f"{self.kind_name} cannot send tokenized requests")
        if self.batch_size > 1:
            log.warning("%s takes one conversation per request: batch_size=1 "
                        "(use num_concurrent for throughput)", self.kind_name)
            self.batch_size = 1
        self.system = system
        self.think_end_token = think_end_token
        self._warned_plain = False

    def _unsupported(self, kind: RequestKind) -> str:
        if kind == RequestKind.LOGLIKELIHOOD and isinstance(self, LocalChatCompletionsLM) \
                and type(self).allows_prompt_logprobs:
            return (f"{self.kind_name} answers generate_until only unless the server returns "
                    f"prompt log-probabilities (chat APIs return no prompt logprobs by default): "
                    f"for {kind.value}, pass prompt_logprobs=true in --model_args if it does (vLLM; "
                    "checked before any scoring request), or use local-completions")
        return (f"{self.kind_name} answers generate_until only: chat APIs return no prompt "
                f"logprobs, so {kind.value} is impossible (use local-completions against the "
                "same server for loglikelihood tasks)")

    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> Any:
        """Chat APIs apply the model's template server-side: the messages go as they are."""
        return tuple(dict(m) for m in messages)

    @property
    def chat_template(self) -> str | None:
        return ""

    def messages(self, context: Any) -> Messages:
        if isinstance(context, str):
            if not self._warned_plain:
                log.warning("%s got a plain prompt: sending it as one user message (pass "
                            "--apply_chat_template to send the task's turns)", self.kind_name)
                self._warned_plain = True
            msgs: Messages = [{"role": "user", "content": context}]
        else:
            msgs = [dict(m) for m in context]
        if self.system:
            if msgs and msgs[0].get("role") == "system":
                msgs[0] = {**msgs[0], "content": f"{self.system}\n\n{msgs[0]['content']}"}
            else:
                msgs.insert(0, {"role": "system", "content": self.system})
        return msgs

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        jobs = []
        for i, req in enumerate(requests):
            params, max_new = request_fields(req.generation_kwargs(), self.max_gen_toks)
            stops = api_stops(req.until, self.eos_string)
            payload = self.payload(self.messages(req.context), params, max_new, stops)
            jobs.append(Job(payload, [i], lambda body, stops=stops, max_new=max_new: [
                self.answer_text(body, stops, max_new)],
                lambda i=i: f"request {i}: messages {excerpt(requests[i].context)}"))
        return self.run_jobs(jobs, len(requests), self.report_one, "generate_until request")

    def answer_text(self, body: Any, stops: list[str], max_new: int) -> str:
        """The answer; with ``think_end_token``, traced (:mod:`lmeval.backend.reasoning`): whether the
        thinking was closed, and whether the server stopped at the token budget."""
        raw = self.parse_text(body)
        text = postprocess_generation(raw, stops, self.think_end_token)
        if not self.think_end_token:
            return text
        from lmeval.backend.reasoning import traced

        finish, used = _finish(body)
        return traced(text, thinking_closed=self.think_end_token in raw, tokens=used,
                      max_gen_toks=max_new, hit_limit=None if finish is None else finish in ("length", "max_tokens"))

    def payload(self, messages: Messages, params: dict[str, Any], max_new: int,
                stops: list[str]) -> dict[str, Any]:
        raise NotImplementedError

    def parse_text(self, body: Any) -> str:
        raise NotImplementedError


def _finish(body: Any) -> tuple[str | None, int | None]:
    """Why the server stopped (OpenAI ``finish_reason``, Anthropic ``stop_reason``) and how many
    tokens it generated (``usage``), where the body says."""
    finish = used = None
    if isinstance(body, dict):
        choices = body.get("choices")
        if isinstance(choices, list) and choices and isinstance(choices[0], dict):
            finish = choices[0].get("finish_reason")
        finish = finish or body.get("stop_reason")
        usage = body.get("usage")
        if isinstance(usage, dict):
            used = usage.get("completion_tokens", usage.get("output_tokens"))
    return (finish if isinstance(finish, str) else None,
            used if isinstance(used, int) and not isinstance(used, bool) else None)


class LocalChatCompletionsLM(ChatScoring, ChatLM):
    """``local-chat-completions``: any server mirroring ``/v1/chat/completions``; with
    ``prompt_logprobs=true``, loglikelihood and multiple choice too, where the server returns
    prompt log-probabilities (:mod:`lmeval_api.chat_scoring`)."""

    kind_name = "local-chat-completions"
    key_env = "OPENAI_API_KEY"
    max_tokens_field = "max_tokens"
    allows_prompt_logprobs = True

    def __init__(self, *, prompt_logprobs: Any = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if isinstance(prompt_logprobs, str):
            prompt_logprobs = prompt_logprobs.strip().lower() in ("1", "true", "yes")
        self.prompt_logprobs = bool(prompt_logprobs)
        if self.prompt_logprobs and not type(self).allows_prompt_logprobs:
            raise UsageError(f"{self.kind_name}: prompt_logprobs=true needs a server that returns "
                             "prompt log-probabilities for chat requests; this API returns none")
        if self.prompt_logprobs:
            self.supported_kinds = frozenset({RequestKind.GENERATE_UNTIL,  # type: ignore[misc]
                                              RequestKind.LOGLIKELIHOOD})

    def payload(self, messages: Messages, params: dict[str, Any], max_new: int,
                stops: list[str]) -> dict[str, Any]:
        out: dict[str, Any] = {"model": self.model, "messages": messages,
                               self.max_tokens_field: max_new, **params}
        if stops:
            out["stop"] = stops[: self.max_stop] if self.max_stop else stops
        if self.seed is not None:
            out.setdefault("seed", self.seed)
        return out

    def parse_text(self, body: Any) -> str:
        choices = body["choices"]
        if not isinstance(choices, list) or not choices:
            raise MalformedResponse("no choices")
        message = choices[0]["message"]
        content = message.get("content")
        if content is None:
            # a refusal or a content filter: an answer, though an empty one
            log.warning("chat API returned no content (finish_reason=%s): scoring ''",
                        choices[0].get("finish_reason"))
            return ""
        if not isinstance(content, str):
            raise MalformedResponse("message content is not a string")
        return content


_REASONING = re.compile(r"^(o\d|gpt-5)")


class OpenAIChatCompletionsLM(LocalChatCompletionsLM):
    """``openai-chat-completions``: OpenAI's chat API (key in ``OPENAI_API_KEY``)."""

    allows_prompt_logprobs = False

    kind_name = "openai-chat-completions"
    key_required = True
    default_base_url = "https://api.openai.com/v1/chat/completions"
    max_tokens_field = "max_completion_tokens"

    def payload(self, messages: Messages, params: dict[str, Any], max_new: int,
                stops: list[str]) -> dict[str, Any]:
        out = super().payload(messages, params, max_new, stops)
        if _REASONING.match(self.model or ""):
            # reasoning models take no stop strings and only temperature 1; stops are
            # applied to the answer client-side instead
            out.pop("stop", None)
            out["temperature"] = 1
        return out


class AnthropicChatLM(ChatLM):
    """``anthropic-chat-completions`` (alias ``anthropic-chat``): the Messages API."""

    kind_name = "anthropic-chat-completions"
    key_env = "ANTHROPIC_API_KEY"
    key_required = True
    default_base_url = "https://api.anthropic.com/v1/messages"
    anthropic_version = "2023-06-01"
    max_stop = None

    def __init__(self, *, anthropic_version: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if anthropic_version:
            self.anthropic_version = anthropic_version
        if self.eos_string is None:
            self.eos_string = "\n\nHuman:"

    def auth_headers(self, key: str) -> dict[str, str]:
        return {"x-api-key": key, "anthropic-version": self.anthropic_version}

    def payload(self, messages: Messages, params: dict[str, Any], max_new: int,
                stops: list[str]) -> dict[str, Any]:
        system = None
        if messages and messages[0].get("role") == "system":
            system = messages[0]["content"]
            messages = messages[1:]
        out: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": m["role"], "content": [{"type": "text", "text": m["content"]}]}
                         for m in messages],
            "max_tokens": max_new, **params}
        stops = [s for s in stops if s.strip()]  # the API rejects whitespace-only stops
        out["stop_sequences"] = stops or [self.eos_string]
        out.pop("seed", None)
        if system:
            out["system"] = system
        return out

    def parse_text(self, body: Any) -> str:
        blocks = body["content"]
        if not isinstance(blocks, list):
            raise MalformedResponse("content is not a list of blocks")
        return "".join(b["text"] for b in blocks if b.get("type") == "text")
