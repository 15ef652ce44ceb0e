"""Multiple-choice context grouping: score requests that share a context without recomputing it.

A multiple-choice item becomes one loglikelihood request per choice, all with the same context.
:func:`plan_loglikelihood` turns encoded requests into engine jobs so that:

* choices of one token each (" A", " B", ...) are read from ONE pass over the context: a
  :class:`~lmeval_vllm.jobs.NextTokenJob` asks vLLM for the log-probabilities of exactly those
  tokens at the next position (``logprob_token_ids``); the greedy token says which is greedy;
* choices of a few tokens that share their first tokens (" A" as " " + "A", " B" as " " +
  "B", ... in a small BPE) are read token by token, still without prompt log-probabilities:
  one :class:`~lmeval_vllm.jobs.NextTokenJob` per distinct proper prefix of the choices (the
  context alone, then context + " "), each asking for the tokens that follow that prefix; a
  choice's log-likelihood is the sum of its tokens' entries, in order, and it is greedy when
  each token is its position's greedy token. Used when that takes no more jobs than the
  prompt-logprob way (below) would;
  When every choice is the same first token + one more and the context is short
  (``SCORE_NEXT_MAX_PROMPT``), the two become one :class:`~lmeval_vllm.jobs.ScoreNextJob`:
  context + first token with the prompt log-probability of that token and the next-token
  log-probabilities of the second ones; one request a question instead of two, and no
  recomputed partial block. Its prompt log-probabilities cost vLLM a Python dict per prompt
  position, so long contexts (few-shot) keep the two next-token jobs, whose first serves the
  second from the prefix cache;
* other choices become prompt-logprob jobs ordered so that requests with the same context
  (and, by the lexicographic order, the same few-shot prefix) are adjacent and read vLLM's
  prefix cache, so the shared KV blocks are computed once.

Prompt log-probabilities cost vLLM far more than next-token ones: it builds a log-softmax and
a top-k over the vocabulary for every computed prompt position, then a Python dict per position
of the whole prompt (cached positions included), where a next-token job reads the requested
entries of one position.

Without grouping every request is its own prompt-logprob job (lm-eval's vLLM behaviour).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from lmeval_vllm.jobs import MAX_TOKEN_IDS_PER_JOB, Job, NextTokenJob, ScoreJob, ScoreNextJob

#: Longest context + first token read by one :class:`~lmeval_vllm.jobs.ScoreNextJob` (below).
SCORE_NEXT_MAX_PROMPT = 256


@dataclass(frozen=True)
class Encoded:
    """One loglikelihood request as the model sees it: ``prompt[:ctxlen]`` is the context."""

    prompt: tuple[int, ...]
    ctxlen: int


@dataclass(frozen=True)
class Plan:
    """Jobs to run, ``units`` of job indices that must stay on one replica, and how to answer.

    ``answers[i]`` is ``("score", job)``, ``("next", job, token)``, ``("score_next", job,
    token)`` or ``("chain", ((job, token), ...))``: request ``i`` is answered by job ``job``,
    in the second case by that token's entry, in the third by the job's score plus that token's
    entry, in the fourth by the sum of each job's entry for its token (in order).
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
        if answer[0] == "score_next":
            logprob, greedy, logprobs, greedy_token = results[answer[1]]  # type: ignore[misc]
            token = answer[2]
            return float(logprob + logprobs[token]), bool(greedy) and token == greedy_token
        if answer[0] == "chain":
            total, all_greedy = 0.0, True
            for job, token in answer[1]:  # the order of score_from_prompt_logprobs' sum
                logprobs, greedy_token = results[job]  # type: ignore[misc]
                total += logprobs[token]
                all_greedy = all_greedy and token == greedy_token
            return float(total), all_greedy
        logprobs, greedy_token = results[answer[1]]  # type: ignore[misc]
        token = answer[2]
        return float(logprobs[token]), token == greedy_token

    def jobs_of(self, index: int) -> list[int]:
        """The jobs request ``index``'s answer is read from."""
        answer = self.answers[index]
        return [job for job, _token in answer[1]] if answer[0] == "chain" else [answer[1]]

    def requests_of_jobs(self) -> dict[int, list[int]]:
        """The requests each job answers (a chain's request under each of its jobs)."""
        out: dict[int, list[int]] = {}
        for index in range(len(self.answers)):
            for job in self.jobs_of(index):
                out.setdefault(job, []).append(index)
        return out

    def collector(self) -> Callable[[Mapping[int, object]], dict[int, tuple[float, bool]]]:
        """A function that takes job results as they come (``{job: result}``, each job once)
        and returns the requests they complete, answered: a chain's request once all its jobs
        are in."""
        by_job = self.requests_of_jobs()
        results: dict[int, object] = {}
        waiting = [len(self.jobs_of(i)) for i in range(len(self.answers))]

        def collect(done: Mapping[int, object]) -> dict[int, tuple[float, bool]]:
            results.update(done)
            complete = {}
            for job in done:
                for i in by_job.get(job, ()):
                    waiting[i] -= 1
                    if waiting[i] == 0:
                        complete[i] = self.resolve_one(i, results)
            return complete

        return collect


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
        unit = _plan_by_token(context, members, requests, jobs, answers)
        if unit is not None:
            units.append(unit)
            continue
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


def _plan_by_token(context: tuple[int, ...], members: list[int], requests: Sequence[Encoded],
                   jobs: list[Job], answers: list[tuple]) -> list[int] | None:
    """Next-token jobs for every distinct proper prefix of the continuations of ``members``,
    appended to ``jobs`` (their indices returned), or None (nothing appended) when that takes
    more jobs than the prompt-logprob plan: one next-token job for the one-token continuations
    and one prompt-logprob job per longer continuation."""
    continuations = {i: requests[i].prompt[requests[i].ctxlen:] for i in members}
    if all(len(c) == 1 for c in continuations.values()):
        return None  # the one-pass plan of the caller, as before
    following: dict[tuple[int, ...], set[int]] = {}
    for c in continuations.values():
        for k in range(len(c)):
            following.setdefault(c[:k], set()).add(c[k])
    by_token = sum(-(-len(tokens) // MAX_TOKEN_IDS_PER_JOB) for tokens in following.values())
    singles = {c[0] for c in continuations.values() if len(c) == 1}
    by_prompt = -(-len(singles) // MAX_TOKEN_IDS_PER_JOB) + sum(
        1 for c in continuations.values() if len(c) > 1)
    if by_token > by_prompt:
        return None
    first = next(iter(following[()]))
    if (len(following) == 2 and len(following[()]) == 1 and (first,) in following
            and len(following[first,]) <= MAX_TOKEN_IDS_PER_JOB
            and len(context) + 1 <= SCORE_NEXT_MAX_PROMPT):
        # every choice is the same first token + one of its own (" " + letter): one request
        # for the question, its first token's prompt log-probability and the letters after it
        job = len(jobs)
        jobs.append(ScoreNextJob(context + (first,), len(context),
                                 tuple(sorted(following[first,]))))
        for i, c in continuations.items():
            answers[i] = ("score_next", job, c[1])
        return [job]
    job_of: dict[tuple[tuple[int, ...], int], int] = {}
    unit: list[int] = []
    # Lexicographic order: a prefix's job comes right after its parent's, which it extends.
    for prefix in sorted(following):
        tokens = sorted(following[prefix])
        for start in range(0, len(tokens), MAX_TOKEN_IDS_PER_JOB):
            part = tuple(tokens[start : start + MAX_TOKEN_IDS_PER_JOB])
            for token in part:
                job_of[prefix, token] = len(jobs)
            unit.append(len(jobs))
            jobs.append(NextTokenJob(context + prefix, part))
    for i, c in continuations.items():
        answers[i] = ("chain", tuple((job_of[c[:k], c[k]], c[k]) for k in range(len(c))))
    return unit
