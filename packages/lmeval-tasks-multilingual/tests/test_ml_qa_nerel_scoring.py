"""The scorers written for the extractive QA sets and NEREL-bench, on cases worked by hand from
their definitions (MLQA's official normalization, NEREL-bench's line-set F1 over Russian stems),
and NEREL-bench's missing-nltk message."""

from __future__ import annotations

import importlib
import sys

import pytest
from lmeval.errors import UsageError
from lmeval_tasks_multilingual.extractive_qa import (
    mlqa_results,
    normalize,
    tydiqa_results,
    xquad_results,
)


def test_mlqa_chinese_is_compared_per_character_and_without_punctuation():
    score = mlqa_results("zh")({"answers": ["北京大学"]}, [" 北京 大学。"])
    assert score == {"exact_match": True, "f1": 1.0}


def test_mlqa_drops_the_context_languages_articles_only():
    assert normalize("El Río, grande", r"\b(un|una|unos|unas|el|la|los|las)\b") == "río grande"
    assert mlqa_results("ar")({"answers": ["الكتاب الأحمر"]}, ["كتاب أحمر"])["exact_match"]
    # German articles are not Spanish ones: "der" stays, one token of two is shared
    assert mlqa_results("es")({"answers": ["der alte Mann"]}, ["alte Mann"])["f1"] == pytest.approx(0.8)


def test_best_reference_wins_and_tydiqa_keeps_other_languages_words():
    doc = {"answers": ["the Red Tree", "Tree"]}
    assert tydiqa_results("en")(doc, ["tree"]) == {"exact_match": True, "f1": 1.0}
    assert tydiqa_results("fi")({"answers": ["the tree"]}, ["tree"])["f1"] == pytest.approx(2 / 3)


def test_xquad_scores_the_first_reference_with_squad_normalization():
    doc = {"answers": {"text": ["The Red Tree", "Tree"], "answer_start": [0, 8]}}
    assert xquad_results(doc, ["red tree!"]) == {"f1": 1.0, "exact_match": 1}
    assert xquad_results(doc, ["Tree"])["exact_match"] == 0


def test_nerel_f1_compares_stemmed_lines_as_sets():
    nerel = pytest.importorskip("lmeval_tasks_multilingual.nerel", exc_type=UsageError)
    # "Москвы" and "Москва" share the stem; the blank line and the repeat count once
    assert nerel.f1(["Москвы\nиван петров\n\nИван Петров"], ["Иван Петров\nМосква"]) == 1.0
    # two predicted, one right, of two expected
    assert nerel.f1(["Москва\nРоссия"], ["Иван Петров\nМосква"]) == pytest.approx(0.5)
    assert nerel.f1(["Россия"], ["Москва"]) == 0.0
    assert nerel.chrf(["Москва — столица."], ["Москва — столица"]) == pytest.approx(1.0)


def test_nerel_without_nltk_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "nltk", None)
    monkeypatch.delitem(sys.modules, "lmeval_tasks_multilingual.nerel", raising=False)
    with pytest.raises(UsageError, match=r"nerel-bench needs nltk.*lmeval-tasks-multilingual\[nerel\]"):
        importlib.import_module("lmeval_tasks_multilingual.nerel")
