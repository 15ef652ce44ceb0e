"""Multiple-choice context grouping: score requests that share a context without recomputing it.

A multiple-choice item becomes one loglikelihood request per choice, all with the same context.
:func:`plan_loglikelihood` turns encoded requests into engine jobs so that:

* choices of one token each (" A", " B", ...) are read from ONE pass over the context: a
  :class:`~lmeval_vllm.jobs.NextTokenJob` asks vLLM for the log-probabilities of exactly those
  tokens at the next position (``logprob_token_ids``); the greedy token says which is greedy;
* longer choices become prompt-logprob jobs ordered so that requests with the same context
  (and, by the lexicographic order, the same few-shot prefix) are adjacent and read vLLM's
  prefix cache, so the shared KV blocks are computed once.

Without grouping every request is its own prompt-logprob job (lm-eval's vLLM behaviour).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lmeval_vllm.jobs import MAX_TOKEN_IDS_PER_JOB, Job, NextTokenJob, ScoreJob


@dataclass(frozen=True)
class Encoded:
    """One loglikelihood request as the model sees it: ``prompt[:ctxlen]`` is the context."""

    prompt: tuple[int, ...]
    ctxlen: int


@dataclass(frozen=True)
class Plan:
    """Jobs to run, ``units`` of job indices that must stay on one replica, and how to answer.

    ``answers[i]`` is ``("score", job)`` or ``("next", job, token)``: request ``i`` is answered
    by job ``job``, in the second case by that token's entry.
    """

    jobs: list[Job]
    units: list[list[int]]
    answers: list[tuple]

    def resolve(self, results: Sequence[object]) -> list[tuple[float, bool]]:
        return [self.resolve_one(i, results) for i in range(len(self.answers))]

    def resolve_one(self, index: int, results: Sequence[object] | Mapping[int, object]
                    ) -> tuple[float, bool]:
        """Request ``index``'s answer from its job's result (``results[job]``)."""
        answer = self.answers[index]
        if answer[0] == "score":
            logprob, greedy = results[answer[1]]  # type: ignore[misc]
            return float(logprob), bool(greedy)
        logprobs, greedy_token = results[answer[1]]  # type: ignore[misc]
        token = answer[2]
        return float(logprobs[token]), token == greedy_token

    def requests_of_jobs(self) -> dict[int, list[int]]:
        """The requests each job answers."""
        out: dict[int, list[int]] = {}
        for index, answer in enumerate(self.answers):
            out.setdefault(answer[1], []).append(index)
        return out


def plan_loglikelihood(requests: Sequence[Encoded], *, grouping: bool = True) -> Plan:
    """Jobs that answer ``requests``; see the module docstring."""
    if not grouping:
        jobs: list[Job] = [ScoreJob(r.prompt, r.ctxlen) for r in requests]
        return Plan(jobs, [[i] for i in range(len(jobs))], [("score", i) for i in range(len(jobs))])

    by_context: dict[tuple[int, ...], list[int]] = {}
    for i, r in enumerate(requests):
        by_context.setdefault(r.prompt[: r.ctxlen], []).append(i)

    jobs = []
    units: list[list[int]] = []
    answers: list[tuple] = [()] * len(requests)
    # Lexicographic order puts shared prefixes (the context, the few-shot block) next to each
    # other, so the prefix cache holds them while they are reused.
    for context in sorted(by_context):
        members = by_context[context]
        single = [i for i in members if len(requests[i].prompt) - requests[i].ctxlen == 1]
        single_set = set(single)
        longer = [i for i in members if i not in single_set]
        unit: list[int] = []
        tokens = sorted({requests[i].prompt[-1] for i in single})
        for start in range(0, len(tokens), MAX_TOKEN_IDS_PER_JOB):
            part = tuple(tokens[start : start + MAX_TOKEN_IDS_PER_JOB])
            job_index = len(jobs)
            jobs.append(NextTokenJob(context, part))
            unit.append(job_index)
            for i in single:
                if requests[i].prompt[-1] in part:
                    answers[i] = ("next", job_index, requests[i].prompt[-1])
        for i in sorted(longer, key=lambda k: requests[k].prompt):
            answers[i] = ("score", len(jobs))
            unit.append(len(jobs))
            jobs.append(ScoreJob(requests[i].prompt, requests[i].ctxlen, read_cache=True))
        units.append(unit)
    return Plan(jobs, units, answers)
