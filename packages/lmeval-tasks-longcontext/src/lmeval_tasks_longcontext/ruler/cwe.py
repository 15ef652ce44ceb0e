"""Common words extraction (``ruler_cwe``): a numbered list of words, ten of them repeated more
often; the answer is those ten. A worked example comes with each document (in ``input_example``,
not in the prompt, as in lm-eval 0.4.13). Built as lm-eval builds it, draw for draw: the word
list is shuffled by its own ``Random(42)``, the draws by the run's generator."""

from __future__ import annotations

import random
from typing import Any

from lmeval_tasks_longcontext.ruler.libraries import wonderwords
from lmeval_tasks_longcontext.ruler.tokenizer import token_count

QUESTION = ("Below is a numbered list of words. In these words, some appear more often than others. Memorize the "
            "ones that appear most often.\n{context}\nQuestion: What are the 10 most common words in the above list?")
ANSWER_PREFIX = " Answer: The top 10 words that appear most often in the list are:"
TEMPLATE = QUESTION + ANSWER_PREFIX
TOKENS_TO_GENERATE = 120
SAMPLES = 500
WORDS_SEED = 42
#: draws at the smallest size before giving up (lm-eval draws forever)
MAX_RETRIES = 1000


class Words:
    """wonderwords' nouns, adjectives and verbs, sorted, shuffled by ``Random(42)``; that generator
    also shuffles each list drawn and carries over from length to length (lm-eval keeps one
    per process: one per build here)."""

    def __init__(self) -> None:
        categories = wonderwords.RandomWord()._categories
        self.rng = random.Random(WORDS_SEED)
        self.words = sorted({w for kind in ("noun", "adjective", "verb") for w in categories[kind]})
        self.rng.shuffle(self.words)

    def example(self, rng: random.Random, num_words: int, common_repeats: int, uncommon_repeats: int,
                common_nums: int = 10) -> tuple[str, list[str]]:
        drawn = rng.sample(self.words, num_words)
        common, uncommon = drawn[:common_nums], drawn[common_nums:]
        listed = common * int(common_repeats) + uncommon * int(uncommon_repeats)
        self.rng.shuffle(listed)
        return " ".join(f"{i + 1}. {word}" for i, word in enumerate(listed)), common


def _numbered(words: list[str]) -> str:
    return " ".join(f"{i + 1}. {word}" for i, word in enumerate(words))


def input_output(words: Words, rng: random.Random, num_words: int, max_seq_length: int) -> tuple[str, str, list[str]]:
    if max_seq_length < 4096:
        example_context, example_answer = words.example(rng, 20, 3, 1)
        context, answer = words.example(rng, num_words, 6, 1)
    else:
        example_context, example_answer = words.example(rng, 40, 10, 3)
        context, answer = words.example(rng, num_words, 30, 3)
    example = TEMPLATE.format(context=example_context, query="") + _numbered(example_answer)
    return example, TEMPLATE.format(context=context, query=""), answer


def documents(words: Words, rng: random.Random, tok: Any, max_seq_length: int, num_samples: int = SAMPLES,
              incremental: int = 10) -> list[dict]:
    """One length's documents; ``words`` (and its generator) carries over from length to length."""
    num_words, total = incremental, 0
    while total + TOKENS_TO_GENERATE < max_seq_length:
        example, text, answer = input_output(words, rng, num_words, max_seq_length)
        total = token_count(tok, example + "\n" + text + " " + _numbered(answer))
        if total + TOKENS_TO_GENERATE > max_seq_length:
            num_words -= incremental
            break
        num_words += incremental
        if num_words > len(words.words):
            num_words = len(words.words)
            break

    out = []
    for index in range(num_samples):
        used, retries = num_words, 0
        while True:  # shrink the list until the document fits
            example, text, answer = input_output(words, rng, used, max_seq_length)
            length = token_count(tok, text) + TOKENS_TO_GENERATE
            if length <= max_seq_length:
                break
            if used > incremental:
                used -= incremental
            elif (retries := retries + 1) > MAX_RETRIES:  # lm-eval would draw again forever
                raise ValueError(f"RULER: no common-words document fits max_seq_length={max_seq_length}; "
                                 "raise max_seq_lengths")
        out.append({"index": index, "input": text[:text.rfind(ANSWER_PREFIX)].strip(), "input_example": example,
                    "outputs": answer, "length": length, "max_length": max_seq_length,
                    "gen_prefix": ANSWER_PREFIX.strip()})
    return out
