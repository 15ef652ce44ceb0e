"""Needle in a haystack (``niah_*``): needles ``One of the special magic <values> for <key> is:
<value>.`` hidden in a haystack (repeated noise sentences, Paul Graham's essays cut at sentence
ends, or other needles), built as lm-eval 0.4.13 (after NVIDIA's RULER) builds them: the same
random draws in the same order, so a seed gives the same documents."""

from __future__ import annotations

import random
import uuid
from functools import cache, lru_cache
from typing import Any

from lmeval_tasks_longcontext.ruler import sources
from lmeval_tasks_longcontext.ruler.libraries import nltk, numpy, wonderwords
from lmeval_tasks_longcontext.ruler.tokenizer import token_count

TEMPLATE = ("Some special magic {type_needle_v} are hidden within the following text. Make sure to memorize it. "
            "I will quiz you about the {type_needle_v} afterwards.\n{context}\nWhat are all the special magic "
            "{type_needle_v} for {query} mentioned in the provided text?")
NEEDLE = sources.NEEDLE
NEEDLE_SHUFFLE_SEED = 42
#: insertion depths (percent) the needles are drawn from
DEPTHS = [int(d) for d in numpy.round(numpy.linspace(0, 100, num=40, endpoint=True)).astype(int)]
SAMPLES = 500
TOKENS_TO_GENERATE = 128


@cache
def words() -> list[str]:
    """Every ``<adjective>-<noun>`` of wonderwords' lists, sorted (the keys drawn)."""
    categories = wonderwords.RandomWord()._categories
    return sorted({f"{adj}-{noun}" for adj in categories["adjectives"] for noun in categories["nouns"]})


@lru_cache(maxsize=1024)
def sentences(text: str) -> list[str]:
    return nltk.sent_tokenize(text)


def draw(kind: str, rng: random.Random) -> str:
    if kind == "numbers":
        return str(rng.randint(10**6, 10**7 - 1))
    if kind == "words":
        return rng.choice(words())
    if kind == "uuids":
        return str(uuid.UUID(int=rng.getrandbits(128), version=4))
    raise NotImplementedError(f"{kind} is not implemented.")


def input_output(rng: random.Random, num_haystack: int, haystack: Any, *, type_haystack: str,
                 num_needle_k: int, type_needle_k: str, num_needle_v: int, type_needle_v: str,
                 num_needle_q: int = 1) -> tuple[str, list[str], str]:
    keys, values, needles = [], [], []
    for _ in range(num_needle_k):
        keys.append(draw(type_needle_k, rng))
        value = []
        for _ in range(num_needle_v):
            value.append(draw(type_needle_v, rng))
            needles.append(NEEDLE.format(type_needle_v=type_needle_v, key=keys[-1], value=value[-1]))
        values.append(value)
    random.Random(NEEDLE_SHUFFLE_SEED).shuffle(needles)

    if type_haystack == "essay":
        sents = sentences(" ".join(haystack[:num_haystack]).strip())
        cuts = [0] + sorted(int(len(sents) * (d / 100)) for d in rng.sample(DEPTHS, len(needles))) + [len(sents)]
        parts = []
        for i in range(1, len(cuts)):
            parts.append(" ".join(sents[cuts[i - 1]:cuts[i]]))
            if i - 1 < len(needles):
                parts.append(needles[i - 1])
        context = " ".join(parts)
    else:
        if type_haystack == "repeat":
            lines = [haystack] * num_haystack
        else:
            lines = [haystack.format(type_needle_v=type_needle_v, key=draw(type_needle_k, rng),
                                     value=draw(type_needle_v, rng)) for _ in range(num_haystack)]
        for index, needle in zip(sorted(rng.sample(range(num_haystack), len(needles)), reverse=True), needles,
                                 strict=False):
            lines.insert(index, needle)
        context = "\n".join(lines)

    picked = rng.sample(range(num_needle_k), num_needle_q)
    queries = [keys[i] for i in picked]
    answers = [a for i in picked for a in values[i]]
    query = ", ".join(queries[:-1]) + ", and " + queries[-1] if len(queries) > 1 else queries[0]
    template = TEMPLATE
    if num_needle_q * num_needle_v == 1:
        for old, new in (("Some", "A"), ("are all", "is"), ("are", "is"), ("answers", "answer")):
            template = template.replace(old, new)
        type_needle_v = type_needle_v[:-1]
    return template.format(type_needle_v=type_needle_v, context=context, query=query), answers, query


def samples(rng: random.Random, tok: Any, haystack: Any, *, max_seq_length: int, type_haystack: str,
            type_needle_k: str, type_needle_v: str, num_needle_k: int = 1, num_needle_v: int = 1,
            num_needle_q: int = 1, num_samples: int = SAMPLES) -> list[dict]:
    """``num_samples`` documents of at most ``max_seq_length`` tokens (with the answer's budget)."""
    num_needle_k = max(num_needle_k, num_needle_q)
    num_needles = num_needle_k * num_needle_v
    step = 500 if type_haystack == "essay" else 25
    if type_haystack != "essay" and max_seq_length < 4096:
        step = 5
    spec = {"type_haystack": type_haystack, "num_needle_k": num_needle_k, "type_needle_k": type_needle_k,
            "num_needle_v": num_needle_v, "type_needle_v": type_needle_v, "num_needle_q": num_needle_q}

    num_haystack = max(step, num_needles)
    total = 0
    while total + TOKENS_TO_GENERATE < max_seq_length:
        text, answer, _ = input_output(rng, num_haystack, haystack, **spec)
        total = token_count(tok, text + " ".join(answer))
        if total + TOKENS_TO_GENERATE > max_seq_length:
            num_haystack -= step
            break
        if type_haystack == "essay" and num_haystack > len(haystack):
            num_haystack = len(haystack)
            break
        if num_haystack > max_seq_length:
            raise ValueError(f"RULER: the {type_haystack!r} haystack grew past {max_seq_length} units without "
                             f"reaching {max_seq_length} tokens: the tokenizer under-reports lengths")
        num_haystack += step
    num_haystack = max(num_haystack, num_needles)

    out = []
    for index in range(num_samples):
        used, sample = num_haystack, None
        while used > 0:
            try:
                text, answer, query = input_output(rng, used, haystack, **spec)
                length = token_count(tok, text) + TOKENS_TO_GENERATE
                if length <= max_seq_length:
                    sample = (text, answer, query, length)
                    break
            except Exception:  # noqa: BLE001 - as lm-eval: any failure means "try a smaller haystack"
                pass
            used -= step
        if sample is None:
            continue
        text, answer, query, length = sample
        plural = num_needle_q * num_needle_v != 1
        gen_prefix = (f"The special magic {type_needle_v} for {query} mentioned in the provided text are" if plural
                      else f"The special magic {type_needle_v[:-1]} for {query} mentioned in the provided text is")
        if not answer or answer[0] not in text:
            raise RuntimeError(f"RULER: needle not in the document {index} built ({type_haystack})")
        out.append({"index": index, "input": text, "outputs": answer, "length": length,
                    "max_length": max_seq_length, "gen_prefix": gen_prefix})
    if not out:
        raise ValueError(f"RULER: no {type_haystack!r} document fits max_seq_length={max_seq_length} (the "
                         f"template, {num_needles} needle(s) and {TOKENS_TO_GENERATE} generated tokens); raise "
                         "max_seq_lengths")
    return out


#: task -> (haystack, key kind, value kind, keys, values per key, queries)
VARIANTS: dict[str, tuple[str, str, str, int, int, int]] = {
    "niah_single_1": ("repeat", "words", "numbers", 1, 1, 1),
    "niah_single_2": ("essay", "words", "numbers", 1, 1, 1),
    "niah_single_3": ("essay", "words", "uuids", 1, 1, 1),
    "niah_multikey_1": ("essay", "words", "numbers", 4, 1, 1),
    "niah_multikey_2": ("needle", "words", "numbers", 1, 1, 1),
    "niah_multikey_3": ("needle", "uuids", "uuids", 1, 1, 1),
    "niah_multivalue": ("essay", "words", "numbers", 1, 4, 1),
    "niah_multiquery": ("essay", "words", "numbers", 1, 1, 4),
}


def documents(task: str, rng: random.Random, tok: Any, max_seq_length: int) -> list[dict]:
    kind, key_kind, value_kind, keys, values, queries = VARIANTS[task]
    return samples(rng, tok, sources.haystack(kind), max_seq_length=max_seq_length, type_haystack=kind,
                   type_needle_k=key_kind, type_needle_v=value_kind, num_needle_k=keys,
                   num_needle_v=values, num_needle_q=queries)
