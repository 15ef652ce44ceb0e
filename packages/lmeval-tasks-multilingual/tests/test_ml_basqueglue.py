"""BasqueGLUE's own code: the stance F1, the coreference prompt, the WiC clean-up."""

from __future__ import annotations

import pytest
from lmeval_tasks_multilingual.basqueglue import coref_doc_to_text, process_wic_docs, vaxx_f1_score
from lmeval_tasks_multilingual.scoring import micro_f1_score


@pytest.mark.parametrize(("pairs", "expected"), [
    # F1(against)=2/3, F1(for)=1 -> 5/6; neutral golds and predictions count only as the others' errors
    ([(0, 0), (0, 1), (2, 2), (1, 1)], (2 / 3 + 1.0) / 2),
    ([(1, 1), (1, 1)], 0.0),                  # no against/for at all: both F1 are 0 (scikit-learn's zero_division)
    ([(0, 2), (2, 0)], 0.0),
    ([(0, 0), (2, 2)], 1.0),
])
def test_vaxx_f1_is_the_mean_of_against_and_for(pairs, expected):
    assert vaxx_f1_score(pairs) == pytest.approx(expected, rel=1e-15)


def test_bec_and_bhtc_use_micro_f1():
    assert micro_f1_score([(0, 0), (1, 2), (2, 2)]) == pytest.approx(2 / 3, rel=1e-15)


def test_coref_prompt_stars_both_mentions():
    doc = {"text": "Mikel etorri da eta gero berak esan du &quot; bai &quot; .", "span1_text": "Mikel",
           "span1_index": 0, "span2_text": "berak esan", "span2_index": 6}
    assert coref_doc_to_text(doc) == (
        'Testua: *Mikel* etorri da eta gero *berak esan* du "bai".\n'
        'Galdera: Aurreko testuan, "*Mikel*" eta "*berak esan*" gauza bera dira?\nErantzuna:')


class _Docs(list):
    def map(self, function):
        return _Docs(function(d) for d in self)


def test_wic_sentences_are_cleaned_and_re_decoded():
    stored = "Etxe" + "à".encode().decode("latin-1") + " ( handia ) ."
    (doc,) = process_wic_docs(_Docs([{"sentence1": stored, "sentence2": "Bat &amp; bi .", "word": "etxe"}]))
    # the rule for ")" runs first, so the "( x )" rule no longer matches: lm-eval's order, kept
    assert doc["sentence1"] == "Etxeà ( handia)."
    assert doc["sentence2"] == "Bat & bi."
    with pytest.raises(UnicodeEncodeError):  # as in lm-eval: text outside Latin-1 cannot be re-decoded
        process_wic_docs(_Docs([{"sentence1": "ŝ", "sentence2": "", "word": ""}]))
