"""``RunConfig``: the frozen, checked options ``lmeval.evaluate`` hands to every phase."""

from __future__ import annotations

import dataclasses
import inspect

import pytest
from lmeval.errors import UsageError
from lmeval.evaluator import RunConfig, evaluate


def test_every_option_of_evaluate_is_a_field():
    params = set(inspect.signature(evaluate).parameters) - {"plugins"}
    fields = {f.name for f in dataclasses.fields(RunConfig)}
    assert params == fields


def test_frozen_and_parsed():
    config = RunConfig.checked("dummy", None, "k_mc", samples='{"k_mc": [2, 0]}',
                               gen_kwargs="temperature=0,max_gen_toks=3")
    assert config.tasks == ("k_mc",)  # one name, not its letters
    assert config.samples == {"k_mc": [2, 0]}
    assert config.gen_kwargs == {"temperature": 0, "max_gen_toks": 3}
    assert config.samples_of("k_mc") == [2, 0] and config.samples_of("other") is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.limit = 3  # type: ignore[misc]


@pytest.mark.parametrize(("given", "message"), [
    ({"tasks": []}, "no tasks given"),
    ({"fewshot_as_multiturn": True}, "--fewshot_as_multiturn needs --apply_chat_template"),
    ({"limit": 2, "samples": {"t": [0]}}, "--limit and --samples"),
    ({"limit": -1}, "limit"),
    ({"gen_kwargs": "temperature"}, "--gen_kwargs"),
])
def test_bad_options_are_usage_errors(given, message):
    tasks = given.pop("tasks", ["t"])
    with pytest.raises(UsageError, match=message):
        RunConfig.checked("dummy", None, tasks, **given)
