"""Winogender: the sentences of one pronoun gender."""

from __future__ import annotations

from typing import Any


def _gender(gender: str):
    def keep(dataset: Any) -> Any:
        return dataset.filter(lambda doc: doc["gender"] == gender)

    keep.__doc__ = f"The sentences whose pronoun is {gender}."
    return keep


filter_male = _gender("male")
filter_female = _gender("female")
filter_neutral = _gender("neutral")
