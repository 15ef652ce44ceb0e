"""Log-likelihoods through a chat-completions server that returns prompt log-probabilities
(vLLM's ``prompt_logprobs`` and ``prompt_token_ids``), for ``local-chat-completions`` with
``prompt_logprobs=true``.

The chat-template rule is lm-eval's for multiple choice with ``--apply_chat_template``: the
continuation follows the rendered conversation, whose generation prompt (or, with a
``gen_prefix``, the open assistant turn) ends the context. The server renders both:

* the context alone (``add_generation_prompt``, or ``continue_final_message`` when the last turn
  is the assistant's), for its token count;
* the context with the continuation as the assistant's text (``continue_final_message``), for
  the log-probability of each of its tokens.

As lm-eval splits ``encode(context + continuation)`` at ``len(encode(context))``, with the
context's trailing whitespace moved to the continuation, the continuation is every token after
the context's count less its trailing whitespace-only tokens; it is greedy when each of its tokens
has rank 1. As lm-eval's HF encoding of the rendered text, the tokenizer's special tokens (BOS)
are added in front unless the chat template already begins with them (``add_special_tokens``,
decided once from the capability probe). A server that does not return these fields cannot score: one capability probe
before any scoring request says so, naming what is missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lmeval.errors import UsageError
from lmeval.protocol import LoglikelihoodRequest, RequestKind, UnsupportedRequestError

from lmeval_api.base import Job, excerpt
from lmeval_api.transport import ApiError, ImpossibleAnswer, MalformedResponse, check_logprob

Messages = list[dict[str, Any]]


def _ids(body: Any) -> list[int]:
    ids = body.get("prompt_token_ids") if isinstance(body, dict) else None
    if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
        raise MalformedResponse("no prompt_token_ids list")
    return ids


def _token_logprob(entry: Any, token: int, pos: int) -> tuple[float, bool]:
    """The log-probability of ``token`` at prompt position ``pos`` and whether it ranks first."""
    if not isinstance(entry, dict):
        raise MalformedResponse(f"prompt_logprobs[{pos}] is {entry!r}, not a mapping")
    found = entry.get(str(token), entry.get(token))  # type: ignore[call-overload]
    if not isinstance(found, dict) or not isinstance(found.get("logprob"), (int, float)):
        raise ImpossibleAnswer(f"prompt_logprobs[{pos}] has no log-probability for token {token}")
    logprob = check_logprob(found["logprob"], f"prompt_logprobs[{pos}][{token}]")
    rank = found.get("rank")
    if not isinstance(rank, int):
        raise ImpossibleAnswer(f"prompt_logprobs[{pos}][{token}] has no rank (is_greedy needs it)")
    return logprob, rank == 1


def context_length(body: Any) -> int:
    """The context's token count as lm-eval splits a pair: trailing whitespace of the context
    (the newline of a generation prompt) belongs to the continuation, so trailing tokens whose
    text is whitespace only are not counted."""
    ids = _ids(body)
    logprobs = body.get("prompt_logprobs")
    n = len(ids)
    if isinstance(logprobs, list) and len(logprobs) == len(ids):
        while n > 1 and isinstance(logprobs[n - 1], dict):
            found = logprobs[n - 1].get(str(ids[n - 1]))
            text = found.get("decoded_token") if isinstance(found, dict) else None
            if not isinstance(text, str) or not text or text.strip():
                break
            n -= 1
    return n


def score_continuation(body: Any, context_length: int) -> tuple[float, bool]:
    """``(log-likelihood, is_greedy)`` of the tokens after ``context_length`` in one answer."""
    ids = _ids(body)
    logprobs = body.get("prompt_logprobs")
    if not isinstance(logprobs, list) or len(logprobs) != len(ids):
        raise MalformedResponse("prompt_logprobs missing or not one entry per prompt token")
    if context_length < 1 or context_length >= len(ids):
        raise ImpossibleAnswer(f"the continuation has no tokens after the context's {context_length} "
                               f"of {len(ids)} prompt tokens")
    total, greedy = 0.0, True
    for pos in range(context_length, len(ids)):
        logprob, first = _token_logprob(logprobs[pos], ids[pos], pos)
        total += logprob
        greedy = greedy and first
    return total, greedy


def _bos_rule(plain: list[int], special: Any) -> bool:
    """lm-eval's rule for the rendered conversation: the tokenizer's special tokens (BOS) are
    added unless the text already starts with them. ``plain`` and ``special`` are the server's
    tokens of one conversation without and with ``add_special_tokens``."""
    if not isinstance(special, list) or len(special) <= len(plain) or special[-len(plain):] != plain:
        return False  # the tokenizer adds nothing in front (or the server ignores the flag)
    added = special[: len(special) - len(plain)]
    return plain[: len(added)] != added


class ChatScoring:
    """Mixin of :class:`lmeval_api.chat.LocalChatCompletionsLM`: ``loglikelihood`` over chat."""

    kind_name: str
    model: str | None
    base_url: str
    _probed: bool = False
    prompt_logprobs: bool = False

    if TYPE_CHECKING:  # provided by ChatLM and ApiLM
        def messages(self, context: Any) -> Messages: ...
        def run_jobs(self, jobs: Sequence[Job], n_answers: int, on_answer: Any = None,
                     what: str = "request") -> list[Any]: ...
        def report_one(self, index: int, answer: Any) -> None: ...
        def _unsupported(self, kind: RequestKind) -> str: ...

    _add_special_tokens: bool = False

    def _scoring_payload(self, messages: Messages, *, open_turn: bool,
                         add_special_tokens: bool | None = None) -> dict[str, Any]:
        special = self._add_special_tokens if add_special_tokens is None else add_special_tokens
        return {"model": self.model, "messages": messages, "max_tokens": 1, "temperature": 0,
                "prompt_logprobs": 0, "return_token_ids": True, "add_special_tokens": special,
                "add_generation_prompt": not open_turn, "continue_final_message": open_turn}

    def probe_prompt_logprobs(self) -> None:
        """One request before any scoring: the server must return prompt log-probabilities
        and prompt token ids for a chat request, or scoring is refused naming what lacks."""
        if self._probed:
            return
        probe = [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}]
        jobs = [Job(self._scoring_payload(probe, open_turn=True, add_special_tokens=special), [i],
                    lambda b: [b]) for i, special in enumerate((False, True))]
        try:
            body, with_special = self.run_jobs(jobs, 2, what="capability probe")
        except ApiError as exc:
            raise UsageError(f"{self.kind_name} at {self.base_url}: prompt_logprobs=true, but the "
                             f"server refused a chat request asking for prompt log-probabilities "
                             f"({exc}); it cannot score loglikelihood or multiple_choice tasks") from None
        missing = [k for k in ("prompt_logprobs", "prompt_token_ids")
                   if not isinstance(body, dict) or not isinstance(body.get(k), list)]
        if missing:
            raise UsageError(f"{self.kind_name} at {self.base_url}: the server returned no "
                             f"{' and no '.join(missing)} for a chat request, so it cannot score "
                             f"loglikelihood or multiple_choice tasks (a vLLM server returns them; "
                             f"a llama.cpp server does not: use --model gguf for it)")
        self._add_special_tokens = _bos_rule(body["prompt_token_ids"], with_special.get("prompt_token_ids"))
        self._probed = True

    def check_supports(self, kinds: set[RequestKind]) -> None:
        """The scheduler's check before any model call; the server is probed here when
        loglikelihood requests are to be scored."""
        super().check_supports(kinds)  # type: ignore[misc]
        if RequestKind.LOGLIKELIHOOD in kinds and self.prompt_logprobs:
            self.probe_prompt_logprobs()

    def _conversation(self, context: Any, continuation: str) -> tuple[Messages, Messages, bool]:
        """The context's messages, the same with the continuation as assistant text, and
        whether the context ends in an open assistant turn (a ``gen_prefix``)."""
        msgs = self.messages(context)
        open_turn = bool(msgs) and msgs[-1].get("role") == "assistant"
        if open_turn:
            full = [*msgs[:-1], {**msgs[-1], "content": f"{msgs[-1].get('content', '')}{continuation}"}]
        else:
            full = [*msgs, {"role": "assistant", "content": continuation}]
        return msgs, full, open_turn

    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        if not self.prompt_logprobs:
            raise UnsupportedRequestError(self._unsupported(RequestKind.LOGLIKELIHOOD))
        self.probe_prompt_logprobs()
        convs = [self._conversation(r.context, r.continuation) for r in requests]
        keys: dict[str, int] = {}
        ctx_jobs: list[Job] = []
        owner: list[int] = []
        for i, (ctx, _, open_turn) in enumerate(convs):
            key = repr((ctx, open_turn))
            if key not in keys:
                keys[key] = len(ctx_jobs)
                ctx_jobs.append(Job(self._scoring_payload(ctx, open_turn=open_turn), [len(ctx_jobs)],
                                    lambda b: [context_length(b)],
                                    lambda i=i: f"request {i}: context {excerpt(requests[i].context)}"))
            owner.append(keys[key])
        lengths = self.run_jobs(ctx_jobs, len(ctx_jobs), what="context token count")
        jobs = [Job(self._scoring_payload(full, open_turn=True), [i],
                    lambda b, n=lengths[owner[i]]: [score_continuation(b, n)],
                    lambda i=i: f"request {i}: context {excerpt(requests[i].context)} + "
                                f"{requests[i].continuation!r}")
                for i, (_, full, _) in enumerate(convs)]
        return self.run_jobs(jobs, len(requests), self.report_one, "loglikelihood request")
