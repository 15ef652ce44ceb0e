"""Frequent words extraction (``ruler_fwe``): coded words drawn with Zipf frequencies (alpha 2);
the answer is the three most frequent after the noise word ``...``. As lm-eval 0.4.13 builds it."""

from __future__ import annotations

import random
import string
from typing import Any

from lmeval_tasks_longcontext.ruler.libraries import numpy, special
from lmeval_tasks_longcontext.ruler.tokenizer import token_count

TEMPLATE = ("Read the following coded text and track the frequency of each coded word. Find the three most "
            "frequently appeared coded words. {context}\nQuestion: Do not provide any explanation. Please ignore "
            "the dots '....'. What are the three most frequently appeared words in the above coded text?")
ANSWER_PREFIX = " Answer: According to the coded text above, the three most frequently appeared words are:"
TEMPLATE += ANSWER_PREFIX
SEED = 42
TOKENS_TO_GENERATE = 50
SAMPLES = 500


def input_output(rng: random.Random, max_len: int, tok: Any, num_words: int = -1, coded_wordlen: int = 6,
                 vocab_size: int = 2000, incremental: int = 10, alpha: float = 2.0) -> tuple[str, list[str], int]:
    vocab = ["".join(rng.choices(string.ascii_lowercase, k=coded_wordlen)) for _ in range(vocab_size)]
    while len(set(vocab)) < vocab_size:
        vocab.append("".join(rng.choices(string.ascii_lowercase, k=coded_wordlen)))
    vocab = sorted(set(vocab))
    random.Random(SEED).shuffle(vocab)
    vocab[0] = "..."  # the most frequent is noise

    def text_of(n: int) -> tuple[str, list[str]]:
        ranks = numpy.arange(1, len(vocab) + 1)
        counts = n * (ranks ** -alpha) / special.zeta(alpha)
        drawn = [w for w, c in zip(vocab, counts.astype(int), strict=False) for _ in range(c)]
        random.Random(SEED).shuffle(drawn)
        return TEMPLATE.format(context=" ".join(drawn), query=""), vocab[1:4]

    if num_words > 0:
        text, answer = text_of(num_words)
        while token_count(tok, text) > max_len:
            num_words -= incremental
            text, answer = text_of(num_words)
    else:
        num_words = max_len // coded_wordlen
        text, answer = text_of(num_words)
        while token_count(tok, text) < max_len:
            num_words += incremental
            text, answer = text_of(num_words)
        num_words -= incremental
    text, answer = text_of(num_words)
    return text, answer, num_words


def documents(rng: random.Random, tok: Any, max_seq_length: int, num_samples: int = SAMPLES) -> list[dict]:
    vocab_size = max_seq_length // 50
    step = max_seq_length // 32
    _, _, num_words = input_output(rng, max_seq_length, tok, vocab_size=vocab_size, incremental=step)
    out = []
    for index in range(num_samples):
        text, answer, _ = input_output(rng, max_seq_length, tok, num_words=num_words, vocab_size=vocab_size,
                                       incremental=step)
        length = token_count(tok, text) + TOKENS_TO_GENERATE
        out.append({"index": index, "input": text[:text.rfind(ANSWER_PREFIX)].strip(), "outputs": answer,
                    "length": length, "max_length": max_seq_length, "gen_prefix": ANSWER_PREFIX.strip()})
    return out
