"""Document preparation and prompt pieces shared by several task families.

Every function here returns new documents; the loaded dataset is never modified in place (the
same documents also serve as few-shot examples).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

LETTERS = ["A", "B", "C", "D"]


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def general_detokenize(text: str) -> str:
    """Undo the tokenizer spacing of PAWS-X/XNLI-style corpora: ``do n't`` → ``don't``, ``( a )`` → ``(a)``."""
    for spaced, joined in ((" n't", "n't"), (" )", ")"), ("( ", "("), ('" ', '"'), (' "', '"')):
        text = text.replace(spaced, joined)
    return re.sub(r" (['.,])", r"\1", text)


# --------------------------------------------------------------------------------- COPA family

def copa_choices(doc: Mapping[str, Any]) -> list[str]:
    """Both alternatives, starting lower-case: they continue the premise's sentence."""
    return [lower_first(doc["choice1"]), lower_first(doc["choice2"])]


def copa_premise(doc: Mapping[str, Any], connectors: Mapping[str, str]) -> str:
    """The premise without its final period, then the connective of the question type."""
    return doc["premise"].strip()[:-1] + f" {connectors[doc['question']]}"


def copa_premise_kept(doc: Mapping[str, Any], connectors: Mapping[str, str]) -> str:
    """The premise with its final period, then the connective (which carries its own space)."""
    return doc["premise"].strip() + connectors[doc["question"]]


def process_docs_copa_ca(docs: Any) -> Any:
    return docs.map(lambda d: {**d, "choice1": lower_first(d["choice1"]), "choice2": lower_first(d["choice2"])})


# ---------------------------------------------------------------------------- paraphrase / NLI

def _both_sentences(doc: Mapping[str, Any]) -> bool:
    return doc["sentence1"] not in (None, "") and doc["sentence2"] not in (None, "")


def _paraphrase(doc: Mapping[str, Any], detokenize: bool) -> dict[str, Any]:
    s1, s2 = doc["sentence1"], doc["sentence2"]
    if detokenize:
        s1, s2 = general_detokenize(s1).strip(), general_detokenize(s2).strip()
    if s1.endswith((".", ",", ";")):
        s1 = s1[:-1]
    return {**doc, "sentence1": s1, "sentence2": lower_first(s2)}


def process_docs_paraphrases(docs: Any) -> Any:
    """Drop pairs with an empty sentence; detokenize; the first sentence loses its final mark and
    the second starts lower-case, to read as "sentence1, right? Yes, sentence2"."""
    return docs.filter(_both_sentences).map(lambda d: _paraphrase(d, detokenize=True))


def process_docs_paraphrases_raw(docs: Any) -> Any:
    """As :func:`process_docs_paraphrases`, without detokenization (PAWS-eu is not tokenized)."""
    return docs.filter(_both_sentences).map(lambda d: _paraphrase(d, detokenize=False))


def process_doc_nli(docs: Any) -> Any:
    """Catalan/Valencian NLI: detokenized; premise without final mark; hypothesis lower-case
    first and ending with a period."""
    def fix(doc: Mapping[str, Any]) -> dict[str, Any]:
        premise = general_detokenize(doc["premise"]).strip()
        hypothesis = general_detokenize(doc["hypothesis"]).strip()
        if premise.endswith((".", ",", "!", "?")):
            premise = premise[:-1]
        hypothesis = lower_first(hypothesis)
        if not hypothesis.endswith("."):
            hypothesis += "."
        return {**doc, "premise": premise, "hypothesis": hypothesis}

    return docs.map(fix)


# ------------------------------------------------------------------------------- Basque exams

def eus_exams_process_docs(docs: Any) -> Any:
    """Keep questions with an answer index 0-3 and at least one non-empty candidate."""
    return docs.filter(lambda d: d["answer"] in (0, 1, 2, 3) and d["candidates"] != ["", "", "", ""])


def eus_letters(doc: Mapping[str, Any]) -> list[str]:
    n = len(doc["candidates"])
    if n < 2:
        raise ValueError(f"a question needs at least two candidates, got {n}")
    return LETTERS[:n]


def _lettered(doc: Mapping[str, Any]) -> str:
    return "\n".join(f"{letter}: {cand}" for letter, cand in zip(eus_letters(doc), doc["candidates"], strict=True))


def eus_trivia_text(doc: Mapping[str, Any]) -> str:
    return f"Galdera: {doc['question']}\n{_lettered(doc)}\nErantzuna:"


def eus_reading_text(doc: Mapping[str, Any]) -> str:
    return f"Pasartea: {doc['context']}\n\nGaldera: {doc['question']}\n{_lettered(doc)}\nErantzuna:"
