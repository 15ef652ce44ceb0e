"""A generation task's ``!function`` metric is called as lm-eval 0.4.13 calls it: with
``references=``/``predictions=`` when its signature takes them, else with one ``[gold, result]``
(the passthrough metrics of CatalanBench's caBreu or DarijaBench); a TypeError raised inside a
metric stays an error."""

from __future__ import annotations

import pytest
from lmeval.tasks.task import _takes_references


def passthrough(items):
    return items


def keywords(references, predictions):
    return float(references == predictions)


def keywords_and_options(references=None, predictions=None, ignore_case=False, **_):
    return 1.0


def broken(references, predictions):
    raise TypeError("a bug inside the metric")


class Callable:
    def __call__(self, references=None, predictions=None, **kwargs):
        return 0.0


@pytest.mark.parametrize(("fn", "kwargs", "expected"), [
    (passthrough, {}, False),
    (keywords, {}, True),
    (keywords, {"ignore_case": True}, False),   # lm-eval: the keyword call fails, the positional one is made
    (keywords_and_options, {"ignore_case": True}, True),
    (Callable(), {"regexes_to_ignore": ["x"]}, True),
    (len, {}, False),                           # a builtin that takes one argument
])
def test_the_signature_chooses_the_interface(fn, kwargs, expected):
    assert _takes_references(fn, kwargs) is expected


def test_a_type_error_inside_a_metric_is_not_swallowed():
    assert _takes_references(broken, {}) is True
    with pytest.raises(TypeError, match="a bug inside the metric"):
        broken(references=["a"], predictions=["a"])
