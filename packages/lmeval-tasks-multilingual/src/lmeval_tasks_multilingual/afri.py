"""AfriXNLI label words per prompt template, and Lai et al.'s English instruction prompt."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_WORDS = {0: "entailment", 1: "neutral", 2: "contradiction"}
_TRUE_FALSE = {0: "True", 1: "Neither", 2: "False"}
# As lm-eval 0.4.13 ships prompt 5: neutral → "false", contradiction → "inconclusive". Kept for
# score parity; the README lists it under known upstream quirks.
_PROMPT_5 = {0: "true", 1: "false", 2: "inconclusive"}

_LAI = """Please identify whether the premise entails or contradicts the hypothesis in the following premise
    and hypothesis. The answer should be exact entailment, contradiction, or neutral.

    Premise: {premise}
    Hypothesis: {hypothesis}

    Is it entailment, contradiction, or neutral?"""


def doc_to_target_prompt_1(doc: Mapping[str, Any]) -> str:
    return _WORDS[doc["label"]]


def doc_to_target_prompt_2(doc: Mapping[str, Any]) -> str:
    return _TRUE_FALSE[doc["label"]]


doc_to_target_prompt_3 = doc_to_target_prompt_1
doc_to_target_prompt_4 = doc_to_target_prompt_1


def doc_to_target_prompt_5(doc: Mapping[str, Any]) -> str:
    return _PROMPT_5[doc["label"]]


def lai_doc_to_text(doc: Mapping[str, Any]) -> str:
    """The prompt of Lai et al. 2023 (ChatGPT beyond English, arXiv:2304.05613), indentation included."""
    return _LAI.format(premise=doc["premise"], hypothesis=doc["hypothesis"])
