"""WebQuestions: every accepted answer is a choice (an answer that extends an earlier one in
sorted order is dropped: its prefix is already greedy-checked) and every choice is gold."""

from __future__ import annotations


def _remove_prefixes(aliases: list[str]) -> list[str]:
    aliases.sort()  # in place, as lm-eval 0.4.13 sorts the document's own list
    kept = [aliases[0]]
    for alias in aliases[1:]:
        if not alias.startswith(kept[-1]):
            kept.append(alias)
    return kept


def doc_to_choice(doc: dict) -> list[str]:
    return _remove_prefixes(doc["answers"])


def doc_to_target(doc: dict) -> list[int]:
    return list(range(len(_remove_prefixes(doc["answers"]))))
