"""IFEval's scores of one response, as lm-eval 0.4.13's ``ifeval`` and ``leaderboard_ifeval`` give them.

*Strict*: each instruction is checked on the response. *Loose*: an instruction is followed when
any of eight variants passes: the response, without its first line, without its last line,
without both, and each of those four with every ``*`` removed. An empty (blank) response
follows nothing. Prompt-level accuracy is 1 when every instruction of the prompt is followed;
instruction-level accuracy pools the instructions of all prompts (:func:`agg_inst_level_acc`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .checks import INSTRUCTIONS, Check


def _checks(doc: Mapping[str, Any]) -> list[Check]:
    checks = []
    for instruction_id, kwargs in zip(doc["instruction_id_list"], doc["kwargs"], strict=True):
        factory = INSTRUCTIONS[instruction_id]
        checks.append(factory(**{k: v for k, v in (kwargs or {}).items() if v}))
    return checks


def loose_variants(response: str) -> list[str]:
    lines = response.split("\n")
    trimmed = ["\n".join(lines[1:]).strip(), "\n".join(lines[:-1]).strip(), "\n".join(lines[1:-1]).strip()]
    return [response, response.replace("*", ""), *trimmed, *(t.replace("*", "") for t in trimmed)]


def follows_strict(doc: Mapping[str, Any], response: str) -> list[bool]:
    return [bool(response.strip() and check(response)) for check in _checks(doc)]


def follows_loose(doc: Mapping[str, Any], response: str) -> list[bool]:
    variants = loose_variants(response)
    return [any(v.strip() and check(v) for v in variants) for check in _checks(doc)]


def process_results(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
    strict = follows_strict(doc, results[0])
    loose = follows_loose(doc, results[0])
    return {
        "prompt_level_strict_acc": all(strict),
        "inst_level_strict_acc": strict,
        "prompt_level_loose_acc": all(loose),
        "inst_level_loose_acc": loose,
    }


def agg_inst_level_acc(items: Sequence[Sequence[bool]]) -> float:
    """The share of followed instructions over every prompt's instructions."""
    flat = [followed for per_prompt in items for followed in per_prompt]
    return sum(flat) / len(flat)
