"""How generations ended, for models that think before they answer (``think_end_token``), and
how often a task's answer-extraction regex found nothing.

A backend returns each answer as a :class:`GeneratedText`: the answer text (a ``str``, so
filters, metrics and the cache see the same value as ever) that also says whether the thinking
section was closed, how many tokens were generated and the budget (``max_gen_toks``). An answer
read back from the response cache is a plain ``str``: its trace is counted as unknown.

:func:`generation_stats` summarizes one task: generations that ran out of tokens *inside* the
thinking section (their answer is the unfinished reasoning, scored as wrong), the tokens the
completed ones used (so a report can say which ``max_gen_toks`` the samples needed), and per
filter how many responses the extraction regex left at its fallback.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


class GeneratedText(str):
    """Answer text plus how its generation ended (``None``: not known to the backend)."""

    thinking_closed: bool | None = None
    tokens: int | None = None
    max_gen_toks: int | None = None
    hit_limit: bool | None = None

    def __reduce__(self) -> Any:  # pickled (request cache, workers) as the plain text
        return (str, (str(self),))


def traced(text: str, *, thinking_closed: bool | None, tokens: int | None = None,
           max_gen_toks: int | None = None, hit_limit: bool | None = None) -> GeneratedText:
    """``text`` with its trace; ``hit_limit`` defaults to ``tokens >= max_gen_toks``."""
    out = GeneratedText(text)
    out.thinking_closed = thinking_closed
    out.tokens = tokens
    out.max_gen_toks = max_gen_toks
    if hit_limit is None and tokens is not None and max_gen_toks is not None:
        hit_limit = tokens >= max_gen_toks
    out.hit_limit = hit_limit
    return out


def _percentile(values: Sequence[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def thinking_stats(responses: Sequence[Any]) -> dict[str, Any] | None:
    """Per task: generations cut off inside the thinking section, never closed it, closed it;
    unknown (answers from the cache); the budget and the tokens completed ones used. ``None``
    when no answer of the task carries a thinking trace (no ``think_end_token``)."""
    traces = [r for r in responses if isinstance(r, GeneratedText) and r.thinking_closed is not None]
    if not traces:
        return None
    cut = [r for r in traces if not r.thinking_closed and r.hit_limit]
    unclosed = [r for r in traces if not r.thinking_closed and r.hit_limit is False]
    unexplained = [r for r in traces if not r.thinking_closed and r.hit_limit is None]
    done = [r.tokens for r in traces if r.thinking_closed and not r.hit_limit and r.tokens is not None]
    budgets = sorted({r.max_gen_toks for r in traces if r.max_gen_toks is not None})
    out: dict[str, Any] = {
        "generations": len(responses),
        "traced": len(traces),
        "cut_off_in_thinking": len(cut),
        "cut_off_share": len(cut) / len(traces),
        "thinking_not_closed_before_stop": len(unclosed),
        "thinking_not_closed_budget_unknown": len(unexplained),  # the backend did not say
        "thinking_closed": len(traces) - len(cut) - len(unclosed) - len(unexplained),
        "cut_off_after_thinking": sum(1 for r in traces if r.thinking_closed and r.hit_limit),
        "unknown": len(responses) - len(traces),
        "max_gen_toks": budgets[-1] if len(budgets) == 1 else budgets or None,
    }
    if done:
        out["completed_tokens_max"] = max(done)
        out["completed_tokens_p95"] = _percentile(done, 0.95)
    return out


def needed_budget_note(task: str, stats: dict[str, Any]) -> str | None:
    """One line saying how many generations ran out of tokens while thinking, and the budget
    the samples seen needed; ``None`` when none did."""
    cut = stats.get("cut_off_in_thinking", 0)
    if not cut:
        return None
    budget = stats.get("max_gen_toks")
    done = stats.get("completed_tokens_max")
    need = (f"the generations that finished used up to {done} tokens (95th percentile "
            f"{stats.get('completed_tokens_p95')}); the {cut} cut off needed more than {budget}"
            if done is not None else f"none finished within {budget} tokens")
    return (f"{task}: {cut} of {stats['traced']} generations ({stats['cut_off_share']:.1%}) ran out "
            f"of tokens inside the thinking section (max_gen_toks {budget}) and were scored on "
            f"unfinished reasoning; {need}: raise max_gen_toks (--gen_kwargs max_gen_toks=N)")


def regex_fallbacks(pipeline: Any) -> list[Any]:
    """The fallback values of a filter pipeline's regex steps (``regex``, ``multi_choice_regex``
    and their subclasses)."""
    from lmeval.filters import Regex

    out = []
    for _, factory, kwargs in getattr(pipeline, "steps", []):
        if isinstance(factory, type) and issubclass(factory, Regex):
            fallback = kwargs.get("fallback", "[invalid]")
            out.append(fallback)
            if isinstance(fallback, str) and fallback.strip() != fallback:
                out.append(fallback.strip())
    return out


def regex_unmatched(pipeline: Any, filtered: Sequence[Any]) -> int | None:
    """How many filtered responses are a regex step's fallback (its regex found nothing);
    ``None`` when the pipeline has no regex step."""
    fallbacks = regex_fallbacks(pipeline)
    if not fallbacks:
        return None

    def missed(value: Any) -> bool:
        if isinstance(value, list):
            return bool(value) and all(missed(v) for v in value)
        return any(value == f for f in fallbacks)

    return sum(1 for value in filtered if missed(value))


def task_generation_stats(task: Any, instances: Sequence[Any]) -> dict[str, Any]:
    """One task's ``generation_stats`` entry: ``thinking`` (see :func:`thinking_stats`) and,
    per filter with a regex step, ``regex_unmatched`` ``{"count", "of"}``; empty when neither
    applies."""
    out: dict[str, Any] = {}
    if task.output_type != "generate_until":
        return out
    thinking = thinking_stats([r for inst in instances for r in inst.resps])
    if thinking is not None:
        out["thinking"] = thinking
    unmatched = {}
    for pipeline in task.filters():
        filtered = [inst.filtered_resps.get(pipeline.name) for inst in instances]
        count = regex_unmatched(pipeline, filtered)
        if count is not None:
            unmatched[pipeline.name] = {"count": count, "of": len(filtered)}
    if unmatched:
        out["regex_unmatched"] = unmatched
    return out


def footnotes(results: dict[str, Any]) -> list[str]:
    """Lines under the results table: regex misses per task and filter, generations cut off
    while thinking."""
    lines = []
    for task, stats in results.get("generation_stats", {}).items():
        for filt, miss in stats.get("regex_unmatched", {}).items():
            if miss.get("count"):
                lines.append(f"{task} [{filt}]: the extraction regex matched nothing in "
                             f"{miss['count']} of {miss['of']} responses (scored as its fallback)")
        thinking = stats.get("thinking")
        if thinking:
            note = needed_budget_note(task, thinking)
            lines.append(note if note else f"{task}: {thinking['traced']} generations traced, none "
                         f"ran out of tokens inside the thinking section")
            if thinking.get("unknown"):
                lines.append(f"{task}: {thinking['unknown']} answers came from the cache "
                             f"(how their generation ended is not known)")
    return lines


def cut_off_warnings(results: dict[str, Any]) -> list[str]:
    """The end-of-run warnings: one per task with generations cut off inside thinking."""
    out = []
    for task, stats in results.get("generation_stats", {}).items():
        note = needed_budget_note(task, stats.get("thinking") or {})
        if note:
            out.append(note)
    return out
