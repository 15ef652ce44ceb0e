"""Benchmark contamination of training data: the "janitor" of GPT-3 and lm-eval.

Text is compared as word n-grams (``ngram_n`` = 13): words are split on whitespace, then
lowercased (ASCII) with ASCII punctuation deleted; words that become empty are skipped.

Two directions, as in lm-eval:

* :func:`find_overlaps`: which *task documents* share an n-gram with the training corpus
  (a document with fewer than ``ngram_n`` words never overlaps). A task takes part when its
  YAML sets ``should_decontaminate: true``; its n-grams come from
  ``doc_to_decontamination_query`` (``doc_to_text`` by default).
* :class:`Janitor`: cleaning *training documents*. Each n-gram match is cut out together with
  ``window_to_remove`` characters on each side, which splits the document into chunks; chunks
  of at most ``minimum_slice_length`` characters are dropped, and a document with more than
  ``too_dirty_cutoff`` matching n-grams is dropped whole. OpenAI's values are the defaults.

Differences from lm-eval's ``janitor.py``, on purpose: a document without any match is kept
whole, however short (lm-eval drops clean documents under 200 characters); the contaminant and
the cleaned text are split into words the same way (lm-eval normalizes the contaminant before
splitting and the training text after, so punctuation-only words make them disagree); chunk
boundaries are plain half-open character ranges.
"""

from __future__ import annotations

import re
import string
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

NGRAM_N = 13
WINDOW_TO_REMOVE = 200
MINIMUM_SLICE_LENGTH = 200
TOO_DIRTY_CUTOFF = 10

_TRANSLATION = str.maketrans(string.ascii_uppercase, string.ascii_lowercase, string.punctuation)
_WORD = re.compile(r"\S+")


def normalize(word: str) -> str:
    """Lowercase ASCII letters and delete ASCII punctuation, as lm-eval's janitor."""
    return word.translate(_TRANSLATION)


def words_with_spans(text: str) -> list[tuple[str, int, int]]:
    """``(normalized word, start, end)`` for each whitespace-separated word that is not empty
    after normalization; ``text[start:end]`` is the original word."""
    out = []
    for m in _WORD.finditer(text):
        word = normalize(m.group(0))
        if word:
            out.append((word, m.start(), m.end()))
    return out


def ngrams(text: str, n: int = NGRAM_N) -> Iterator[str]:
    """The normalized word n-grams of ``text``, each joined by single spaces."""
    words = [w for w, _, _ in words_with_spans(text)]
    for i in range(len(words) - n + 1):
        yield " ".join(words[i:i + n])


def ngram_spans(text: str, n: int = NGRAM_N) -> Iterator[tuple[str, int, int]]:
    """``(n-gram, start, end)``: the n-grams of ``text`` with their character range."""
    words = words_with_spans(text)
    for i in range(len(words) - n + 1):
        window = words[i:i + n]
        yield " ".join(w for w, _, _ in window), window[0][1], window[-1][2]


@dataclass
class Janitor:
    """Removes registered contaminant n-grams from training documents (see the module doc)."""

    ngram_n: int = NGRAM_N
    window_to_remove: int = WINDOW_TO_REMOVE
    minimum_slice_length: int = MINIMUM_SLICE_LENGTH
    too_dirty_cutoff: int = TOO_DIRTY_CUTOFF
    dirt_ngrams: set[str] = field(default_factory=set)

    def register_contaminant(self, text: str) -> None:
        """Remember the n-grams of ``text`` (e.g. a benchmark document) as contamination."""
        self.dirt_ngrams.update(ngrams(text, self.ngram_n))

    def matches(self, text: str) -> list[tuple[int, int]]:
        """Character ranges of the contaminated n-grams of ``text``, in order."""
        return [(start, end) for gram, start, end in ngram_spans(text, self.ngram_n)
                if gram in self.dirt_ngrams]

    def clean(self, text: str) -> list[str]:
        """The clean chunks of ``text``: ``[text]`` when it has no match, ``[]`` when it is too
        dirty or no chunk is long enough."""
        return self.cut(text, self.matches(text))

    def cut(self, text: str, hits: list[tuple[int, int]]) -> list[str]:
        """The chunks of ``text`` left after removing ``hits`` (from :meth:`matches`) and their windows."""
        if not hits:
            return [text]
        if len(hits) > self.too_dirty_cutoff:
            return []
        chunks = []
        kept_from = 0
        for start, end in hits:
            cut_start = max(0, start - self.window_to_remove)
            if cut_start - kept_from > self.minimum_slice_length:
                chunks.append(text[kept_from:cut_start])
            kept_from = max(kept_from, min(len(text), end + self.window_to_remove))
        if len(text) - kept_from > self.minimum_slice_length:
            chunks.append(text[kept_from:])
        return chunks


@dataclass
class Overlaps:
    """Task documents that share an n-gram with the corpus: ``{task: {doc_id: [n-gram, ...]}}``."""

    ngram_n: int
    documents: dict[str, int] = field(default_factory=dict)
    contaminated: dict[str, dict[int, list[str]]] = field(default_factory=dict)
    corpus_documents: int = 0


def find_overlaps(queries: dict[str, Iterable[tuple[int, str]]], corpus: Iterable[str], *,
                  n: int = NGRAM_N, examples: int = 3) -> Overlaps:
    """Scan ``corpus`` (training documents) for the n-grams of each task's decontamination
    queries (``{task: [(doc_id, query), ...]}``); keeps up to ``examples`` n-grams per document."""
    lookup: dict[str, list[tuple[str, int]]] = defaultdict(list)
    result = Overlaps(ngram_n=n)
    for task, docs in queries.items():
        count = 0
        for doc_id, query in docs:
            count += 1
            for gram in set(ngrams(str(query), n)):
                lookup[gram].append((task, doc_id))
        result.documents[task] = count
        result.contaminated[task] = {}
    for text in corpus:
        result.corpus_documents += 1
        for gram in ngrams(text, n):
            for task, doc_id in lookup.get(gram, ()):
                found = result.contaminated[task].setdefault(doc_id, [])
                if len(found) < examples and gram not in found:
                    found.append(gram)
    return result
