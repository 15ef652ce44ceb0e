"""Fixture rows of the issue-28 question-answering datasets (SQuAD v2, TriviaQA, Natural
Questions, RACE, Social IQa) and of LAMBADA's original release (``cimec/lambada``), in their
Hub columns; ``write_all(write)`` is called by ``make_fixtures.py``. Invented text, shaped to
exercise each scorer (unanswerable questions, several gold answers, articles and punctuation)."""

from __future__ import annotations

from collections.abc import Callable

Write = Callable[[str, "str | None", str, list[dict]], None]

_SQUAD_ANSWERS = [["the Norman conquest", "Norman conquest"], [], ["1066"], [],
                  ["King Harold II of England"], ["a castle", "castle at Hastings"]]


def squad_v2(split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        answers = _SQUAD_ANSWERS[(i + len(split)) % len(_SQUAD_ANSWERS)]
        context = (f"Paragraph {i} of {split}: In 1066 the Norman conquest began; King Harold II "
                   f"of England fell, and a castle at Hastings was raised.")
        rows.append({"id": f"{split}-sq-{i:03d}", "title": f"Normans_{i % 3}", "context": context,
                     "question": f"What happened in example {i} ({split})?",
                     "answers": {"text": answers, "answer_start": [context.find(a) for a in answers]}})
    return rows


def trivia_qa(split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        value = ["The Beatles", "Paris", "H2O", "Mount Everest", "J. R. R. Tolkien"][(i + len(split)) % 5]
        aliases = [value, value.lower(), value.replace(".", "").replace("The ", "")]
        rows.append({
            "question": f"Which answer belongs to trivia question {i} of {split}",
            "question_id": f"tc_{split}_{i}", "question_source": "http://www.example.org/",
            "entity_pages": {"doc_source": [], "filename": [], "title": [], "wiki_context": []},
            "search_results": {"description": [], "filename": [], "rank": [], "title": [],
                               "url": [], "search_context": []},
            "answer": {"aliases": aliases, "normalized_aliases": [a.lower() for a in aliases],
                       "matched_wiki_entity_name": "", "normalized_matched_wiki_entity_name": "",
                       "normalized_value": value.lower(), "type": "WikipediaEntity", "value": value},
        })
    return rows


def nq_open(split: str, n: int) -> list[dict]:
    answers = [["the Pacific Ocean", "Pacific"], ["1969"], ["an apple"], ["Marie Curie", "Curie"]]
    return [{"question": f"where is natural question {i} of {split} answered",
             "answer": answers[(i + len(split)) % len(answers)]} for i in range(n)]


def race(n: int) -> list[dict]:
    rows = []
    for i in range(n):
        problems = [
            {"answer": "ABCD"[(i + k) % 4],
             "options": [f"option {j} of problem {k}" for j in range(4)],
             "question": (f"The writer of article {i} thinks that  _  ." if k % 2 else
                          f"What is question {k} of article {i} about?")}
            for k in range(1 + i % 3)
        ]
        rows.append({"example_id": f"high{i}.txt", "article": f"Article {i}. A student walked to school.",
                     "problems": repr(problems)})
    return rows


def siqa(split: str, n: int) -> list[dict]:
    return [{"context": f"Tracy walked the dog number {i} in the {split} park.",
             "question": "How would Tracy feel afterwards?",
             "answerA": f"tired {i}", "answerB": "happy", "answerC": "like a dog person",
             "label": str(1 + (i + len(split)) % 3)} for i in range(n)]


def lambada_standard(split: str, n: int) -> list[dict]:
    """``cimec/lambada``: the original LAMBADA passages (the last word is the target)."""
    words = ["door", "garden", "Sarah", "it"]
    return [{"text": f"\"Come in,\" he said, holding the {split} door {i} open for {words[i % 4]} . "
                     f"She smiled and stepped through the {words[(i + 1) % 4]}",
             "domain": None} for i in range(n)]


def write_all(write: Write) -> None:
    for split, n in (("validation", 3), ("test", 4)):
        write("cimec/lambada", None, split, lambada_standard(split, n))
    for split, n in (("train", 6), ("validation", 6)):
        write("lighteval/squad_v2", None, split, squad_v2(split, n))
        write("mandarjoshi/trivia_qa", "rc.nocontext", split, trivia_qa(split, n))
        write("google-research-datasets/nq_open", None, split, nq_open(split, n))
        write("lighteval/siqa", None, split, siqa(split, n))
    write("EleutherAI/race", "high", "test", race(5))
