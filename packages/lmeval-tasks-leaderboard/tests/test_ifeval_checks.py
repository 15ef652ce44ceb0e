"""IFEval's instruction checks, one kind at a time: a response that follows it and one that breaks
it (lm-eval 0.4.13's verdicts), then the strict and loose scores and their aggregation."""

from __future__ import annotations

import importlib.util

import pytest

MISSING = [m for m in ("langdetect", "nltk", "immutabledict") if importlib.util.find_spec(m) is None]
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"the [ifeval] extra is not installed ({', '.join(MISSING)})")

#: (instruction id, arguments, a response that follows it, one that breaks it)
CASES = [
    ("keywords:existence", {"keywords": ["waves", "salt"]}, "Salt and WAVES.", "Only waves here."),
    ("keywords:frequency", {"keyword": "tea", "frequency": 2, "relation": "at least"}, "Tea, then tea.", "Just tea."),
    ("keywords:frequency", {"keyword": "tea", "frequency": 2, "relation": "less than"}, "Just tea.", "tea tea"),
    ("keywords:forbidden_words", {"forbidden_words": ["cheap"]}, "Cheaper than ever.", "Not cheap at all."),
    ("keywords:letter_frequency", {"letter": "z", "let_frequency": 3, "let_relation": "at least"},
     "Zoe's zany Zebra", "a lazy dog"),
    ("keywords:letter_frequency", {"letter": "q", "let_frequency": 2, "let_relation": "less than"}, "quiet", "Quite quiet"),
    ("language:response_language", {"language": "de"},
     "Die Kinder spielen heute im Garten und essen danach gemeinsam einen großen Kuchen mit Sahne.",
     "The children play in the garden today and then eat a large cake with cream together."),
    ("length_constraints:number_sentences", {"num_sentences": 2, "relation": "less than"},
     "Mr. Smith arrived at 5 p.m. today.", "One. Two. Three."),
    ("length_constraints:number_sentences", {"num_sentences": 3, "relation": "at least"}, "One. Two. Three!", "One. Two."),
    ("length_constraints:number_paragraphs", {"num_paragraphs": 2}, "First.\n***\nSecond.\n***", "A\n***\n***\nB"),
    ("length_constraints:number_words", {"num_words": 3, "relation": "at least"}, "one two-three", "one two"),
    ("length_constraints:number_words", {"num_words": 3, "relation": "less than"}, "one two", "it's one two"),
    ("length_constraints:nth_paragraph_first_word", {"num_paragraphs": 2, "nth_paragraph": 2, "first_word": "however"},
     "Intro.\n\n\"However, yes.", "Intro.\n\nBut however.\n\nThird."),
    ("detectable_content:number_placeholders", {"num_placeholders": 2}, "At [place] on [date].", "At [place]."),
    ("detectable_content:postscript", {"postscript_marker": "P.S."}, "Hi.\np. s. see you", "Hi.\nPS see you"),
    ("detectable_content:postscript", {"postscript_marker": "P.P.S"}, "Hi.\nP.P.S more", "Hi.\nP.S. more"),
    ("detectable_content:postscript", {"postscript_marker": "Note:"}, "Hi.\nnote: more", "Hi."),
    ("detectable_format:number_bullet_lists", {"num_bullets": 2}, "* one\n- two\n**bold**", "* one\n* two\n- three"),
    ("detectable_format:constrained_response", {}, "Well... My answer is maybe.", "My answer is perhaps."),
    ("detectable_format:number_highlighted_sections", {"num_highlights": 2}, "*one* and **two**", "*one* and * *"),
    ("detectable_format:multiple_sections", {"section_spliter": "Section", "num_sections": 2},
     "Section 1\na\nSection 2\nb", "Section 1\na\nSECTION 2\nb"),
    ("detectable_format:json_format", {}, '```JSON\n{"a": [1, 2]}\n```', '{"a": 1'),
    ("detectable_format:title", {}, "<<My title>>\ntext", "<< >>\n<<\ntitle>>"),
    ("combination:two_responses", {}, "Yes.\n******\nNo.", "Yes.\n******\nYes."),
    ("combination:repeat_prompt", {"prompt_to_repeat": "Write a poem."}, "  write a POEM. Roses...", "Sure. Write a poem."),
    ("startend:end_checker", {"end_phrase": "Any other questions?"}, 'Done. any other questions?"  ', "Any other questions? Bye."),
    ("startend:quotation", {}, '  "quoted"\n', '"unterminated'),
    ("change_case:capital_word_frequency", {"capital_frequency": 2, "capital_relation": "at least"},
     "NASA and ESA agree.", "Only NASA here."),
    ("change_case:capital_word_frequency", {"capital_frequency": 2, "capital_relation": "less than"},
     "Only NASA here.", "NASA, ESA, and JAXA."),
    ("change_case:english_capital", {}, "THIS IS AN ENGLISH SENTENCE ABOUT THE WEATHER TODAY AND TOMORROW.",
     "THIS IS an english sentence about the weather."),
    ("change_case:english_lowercase", {}, "this is an english sentence about the weather today and tomorrow.",
     "This is an English sentence about the weather today."),
    ("punctuation:no_comma", {}, "No commas here.", "One, two."),
]


def _verdict(instruction_id: str, kwargs: dict, response: str) -> bool:
    from lmeval_tasks_leaderboard.ifeval.checks import INSTRUCTIONS

    return INSTRUCTIONS[instruction_id](**kwargs)(response)


@pytest.mark.parametrize(("instruction_id", "kwargs", "follows", "breaks"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_instruction_is_followed_and_broken(instruction_id, kwargs, follows, breaks):
    assert _verdict(instruction_id, kwargs, follows) is True
    assert _verdict(instruction_id, kwargs, breaks) is False


def test_every_registered_instruction_kind_is_tested():
    from lmeval_tasks_leaderboard.ifeval.checks import INSTRUCTIONS

    assert len(INSTRUCTIONS) == 25
    assert {c[0] for c in CASES} == set(INSTRUCTIONS)


def test_undetectable_language_counts_as_followed():
    assert _verdict("language:response_language", {"language": "fr"}, "1234 5678") is True


def test_an_unknown_relation_is_refused():
    with pytest.raises(ValueError, match="less than"):
        _verdict("length_constraints:number_words", {"num_words": 3, "relation": "at most"}, "x")


def _doc(ids_and_args):
    return {"key": 1, "prompt": "p", "instruction_id_list": [i for i, _ in ids_and_args],
            "kwargs": [{"num_words": None, **a} for _, a in ids_and_args]}


def test_loose_drops_a_preamble_line_and_markdown_stars():
    from lmeval_tasks_leaderboard.ifeval.scoring import process_results

    doc = _doc([("change_case:english_lowercase", {}), ("startend:quotation", {})])
    answer = 'Sure! Here it is:\n"**this is an english sentence about the weather today and tomorrow**"'
    scores = process_results(doc, [answer])
    assert scores == {"prompt_level_strict_acc": False, "inst_level_strict_acc": [False, False],
                      "prompt_level_loose_acc": True, "inst_level_loose_acc": [True, True]}


def test_a_blank_response_follows_nothing():
    from lmeval_tasks_leaderboard.ifeval.scoring import process_results

    doc = _doc([("keywords:forbidden_words", {"forbidden_words": ["x"]}), ("punctuation:no_comma", {})])
    assert process_results(doc, [" \n "]) == {
        "prompt_level_strict_acc": False, "inst_level_strict_acc": [False, False],
        "prompt_level_loose_acc": False, "inst_level_loose_acc": [False, False]}


def test_false_arguments_are_dropped_as_in_lm_eval():
    from lmeval_tasks_leaderboard.ifeval.scoring import follows_strict

    # forbidden_words=[] is dropped, so two words are drawn instead of none being forbidden
    doc = _doc([("keywords:existence", {"keywords": ["a"], "forbidden_words": [], "relation": None})])
    assert follows_strict(doc, "a b") == [True]


def test_instruction_level_accuracy_pools_every_instruction():
    from lmeval_tasks_leaderboard.ifeval.scoring import agg_inst_level_acc

    assert agg_inst_level_acc([[True, False, False], [True]]) == 0.5


def test_hostile_responses_never_raise():
    from lmeval_tasks_leaderboard.ifeval.checks import INSTRUCTIONS

    hostile = ["[" * 5000 + "]" * 5000, "\x00\x1b[2J", "*" * 3000, "\n" * 500, "<<" * 400, "é" * 1000]
    for instruction_id, kwargs, _, _ in CASES:
        check = INSTRUCTIONS[instruction_id](**kwargs)
        for text in hostile:
            assert check(text) in (True, False)


def test_sentences_come_from_the_shipped_punkt_model(monkeypatch):
    from lmeval_tasks_leaderboard.ifeval import libraries, text

    monkeypatch.setattr(libraries.nltk.data, "path", [str(libraries.NLTK_DATA)])
    text._sentence_splitter.cache_clear()
    try:
        assert text.count_sentences("Dr. Who met Mr. Smith at 5 p.m. on Jan. 3. They talked. Fine!") == 3
        assert text.word_tokens("NASA's test-case, done.") == ["NASA", "'s", "test-case", ",", "done", "."]
    finally:
        text._sentence_splitter.cache_clear()
