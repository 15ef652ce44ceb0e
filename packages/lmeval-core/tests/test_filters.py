"""Golden tests for the built-in filters and filter pipelines.

``golden/filters.json`` was produced once with lm-eval 0.4.13's filters as an oracle; the suite
itself never imports lm-eval.
"""

from __future__ import annotations

import json
from pathlib import Path

import lmeval.filters
import lmeval.metrics
import pytest
from lmeval.errors import UsageError
from lmeval.filters import FILTERS, FilterPipeline, build_filter_pipeline
from lmeval.plugins import PluginManager

GOLDEN = json.loads((Path(__file__).parent / "golden" / "filters.json").read_text(encoding="utf-8"))
EXPECTED_FILTERS = ["take_first", "take_first_k", "majority_vote", "lowercase", "uppercase", "map",
                    "format_span", "custom", "regex", "regex_pos", "remove_whitespace", "multi_choice_regex"]


@pytest.fixture(scope="module")
def pm() -> PluginManager:
    try:
        return PluginManager(autoload=False)
    except ImportError:  # another built-in module of the core is not there yet
        return PluginManager(autoload=False, builtins=False, plugins=[lmeval.metrics, lmeval.filters])


def test_every_filter_is_registered(pm):
    for name in EXPECTED_FILTERS:
        entry = pm.filters.get(name)
        assert entry.distribution == "lmeval-core"
        assert hasattr(entry.load()(**({"k": 1} if name == "take_first_k" else
                                        {"filter_fn": lambda r, d: r} if name == "custom" else {})), "apply")


@pytest.mark.parametrize("case", GOLDEN, ids=lambda c: f"{c['filter']}-{'-'.join(c['kwargs']) or 'default'}")
def test_filter_golden(pm, case):
    f = pm.filters.get(case["filter"]).load()(**case["kwargs"])
    assert f.apply(case["resps"], case["docs"]) == case["expected"]


# ------------------------------------------------------------------------- hand-computed


def test_selection_edges():
    assert FILTERS["take_first"]().apply([], []) == []
    assert FILTERS["majority_vote"]().apply([["b", "a", "a", "b"]], [{}]) == [["b"]]  # tie: first seen
    assert FILTERS["majority_vote"]().apply([["ü", "u", "ü"]], [{}]) == [["ü"]]
    with pytest.raises(UsageError, match="repeats"):
        FILTERS["take_first_k"](k=3).apply([["a", "b"]], [{}])


def test_map_and_case():
    f = FILTERS["map"](mapping_dict={"A": 0, "B": 1}, default_value=-1)
    assert f.apply([["A", "B", "C", "a"]], [{}]) == [[0, 1, -1, -1]]
    with pytest.raises(UsageError, match="mapping"):
        FILTERS["map"](mapping_dict=["A"])
    assert FILTERS["lowercase"]().apply([["İ"]], [{}]) == [["i̇"]]
    assert FILTERS["uppercase"]().apply([["ß"]], [{}]) == [["SS"]]


def test_regex_semantics():
    regex = FILTERS["regex"]
    # default pattern: GSM8K "#### n"
    assert regex().apply([["#### 1,234", "####12", "x"]], [{}]) == [["1,234", "[invalid]", "[invalid]"]]
    # negative group_select picks from the end; tuple groups → first non-empty group
    f = regex(regex_pattern=r"(\d+)|([a-z]+)", group_select=-1)
    assert f.apply([["12 ab", "7"]], [{}]) == [["ab", "7"]]
    # a group_select past the matches is an error, as in lm-eval
    with pytest.raises(IndexError):
        regex(regex_pattern=r"\d", group_select=3).apply([["1 2"]], [{}])
    # non-string responses count as ""
    assert regex(regex_pattern=r"\d", fallback="none").apply([[None]], [{}]) == [["none"]]
    with pytest.raises(UsageError, match="not a valid regular expression"):
        regex(regex_pattern="[")


def test_multi_choice_regex_needs_choices():
    f = FILTERS["multi_choice_regex"](regex_pattern=r"(\([A-D]\))")
    with pytest.raises(UsageError, match="choices"):
        f.apply([["(A)"]], [{"question": "q"}])
    # longest choice text wins over a prefix of it
    out = f.apply([["It was Guilty of Romance"]], [{"choices": ["Guilty", "Guilty of Romance"]}])
    assert out == [["(B)"]]


def test_custom_filter_and_format_span():
    def keep_digits(resps, docs):
        return [["".join(ch for ch in r if ch.isdigit()) for r in rs] for rs in resps]

    assert FILTERS["custom"](filter_fn=keep_digits).apply([["a1b2"]], [{}]) == [["12"]]
    with pytest.raises(UsageError, match="callable"):
        FILTERS["custom"](filter_fn="module.fn")
    assert FILTERS["format_span"]().apply([["Location: Paris\nPerson: none"]], [{}]) == [["loc: paris"]]


def test_remove_whitespace_unicode():
    assert FILTERS["remove_whitespace"]().apply([["\u00a0 x\u2003"]], [{}]) == [["x"]]


# ------------------------------------------------------------------------------ pipelines


def test_pipeline_applies_steps_in_order(pm):
    pipeline = build_filter_pipeline(pm.filters, "strict-match", [
        ("regex", {"regex_pattern": r"answer is (\-?\d+)"}),
        ("take_first", None),
    ])
    assert isinstance(pipeline, FilterPipeline)
    assert pipeline.name == "strict-match"
    assert pipeline.filter_names == ["regex", "take_first"]
    docs = [{"q": 1}, {"q": 2}]
    assert pipeline.apply([["The answer is 4", "answer is 5"], ["no idea"]], docs) == ["4", "[invalid]"]


def test_pipeline_majority_vote_over_repeats(pm):
    pipeline = build_filter_pipeline(pm.filters, "maj@3", [
        ("regex", {"regex_pattern": r"(\d+)", "group_select": -1}),
        ("majority_vote", {}),
        ("take_first", {}),
    ])
    assert pipeline.apply([["1 then 2", "2", "3"], ["7", "8", "8"]], [{}, {}]) == ["2", "8"]


def test_pipeline_builds_fresh_filters_per_apply(pm):
    class Counting:
        made = 0

        def __init__(self):
            Counting.made += 1

        def apply(self, resps, docs):
            return resps

    pipeline = FilterPipeline("c", [("counting", Counting, {})])
    pipeline.apply([["a"]], [{}])
    pipeline.apply([["a"]], [{}])
    assert Counting.made == 2


@pytest.mark.parametrize("steps, message", [
    ([("regx", {})], "unknown filter 'regx' (did you mean 'regex'"),
    ([("take_frist", {})], "did you mean 'take_first'"),
    ([("regex", {"regex_patern": "a"})], "unknown argument 'regex_patern' (did you mean 'regex_pattern'?)"),
    ([("take_first", {"k": 1})], "'take_first': unknown argument 'k'"),
    ([("take_first_k", {})], "missing required argument 'k'"),
    ([("regex", {"regex_pattern": "("})], "not a valid regular expression"),
    ([("map", {"mapping_dict": "A"})], "mapping_dict must be a mapping"),
])
def test_pipeline_errors_are_usage_errors(pm, steps, message):
    with pytest.raises(UsageError) as info:
        build_filter_pipeline(pm.filters, "bad", steps)
    assert message in str(info.value)
