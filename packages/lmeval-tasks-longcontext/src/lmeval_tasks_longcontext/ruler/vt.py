"""Variable tracking (``ruler_vt``): chains ``VAR X = 12345``, ``VAR Y = VAR X`` ... hidden in
noise sentences; the answer is every variable of the first chain. One worked example (built at 500
tokens, its names redrawn) comes first. As lm-eval 0.4.13 builds it, draw for draw."""

from __future__ import annotations

import random
import string
from typing import Any

from lmeval_tasks_longcontext.ruler.tokenizer import token_count

QUESTION = ("Memorize and track the chain(s) of variable assignment hidden in the following text.\n\n{context}\n"
            "Question: Find all variables that are assigned the value {query} in the text above.")
ANSWER_PREFIX = (" Answer: According to the chain(s) of variable assignment in the text above, {num_v} variables "
                 "are assgined the value {query}, they are: ")
TEMPLATE = QUESTION + ANSWER_PREFIX
NOISE = "The grass is green. The sky is blue. The sun is yellow. Here we go. There and back again.\n"
TOKENS_TO_GENERATE = 30
SAMPLES = 500
#: draws at the smallest size before giving up (lm-eval draws forever)
MAX_RETRIES = 1000


def _name(rng: random.Random, k: int) -> str:
    return "".join(rng.choices(string.ascii_uppercase, k=k)).upper()


def chains(rng: random.Random, nprng: Any, num_chains: int, num_hops: int,
           is_icl: bool = False) -> tuple[list[list[str]], list[list[str]]]:
    k = 3 if is_icl else 5
    num_hops = min(10, num_hops) if is_icl else num_hops
    names = [_name(rng, k) for _ in range((num_hops + 1) * num_chains)]
    while len(set(names)) < num_chains * (num_hops + 1):
        names.append(_name(rng, k))
    all_vars, all_chains = [], []
    for i in range(0, len(names), num_hops + 1):
        these = names[i:i + num_hops + 1]
        all_vars.append(these)
        chain = [f"VAR {these[0]} = {nprng.randint(10000, 99999)}"]
        chain += [f"VAR {these[j + 1]} = VAR {these[j]} " for j in range(num_hops)]
        all_chains.append(chain)
    return all_vars, all_chains


def input_output(rng: random.Random, nprng: Any, num_noises: int, num_chains: int, num_hops: int,
                 is_icl: bool = False) -> tuple[str, list[str]]:
    names, all_chains = chains(rng, nprng, num_chains, num_hops, is_icl=is_icl)
    lines = [NOISE] * num_noises
    if len(lines) <= len(all_chains[0]):
        lines = [n + "." if n.strip() else n for n in (x for noise in lines for x in noise.split("."))]
        if len(lines) <= len(all_chains[0]):
            all_chains = [chain[:len(lines) - 1] for chain in all_chains]
    for chain in all_chains:
        positions = sorted(rng.sample(range(len(lines)), len(chain)))
        for j, position in enumerate(positions):
            lines.insert(position + j, chain[j])
    context = " ".join(lines).replace(". \n", ".\n")
    value = all_chains[0][0].split("=")[-1].strip()
    return TEMPLATE.format(context=context, query=value, num_v=num_hops + 1), names[0]


def _randomized(rng: random.Random, example: str) -> str:
    """The worked example with each answer name replaced by fresh letters of the same length."""
    cut = example.index(ANSWER_PREFIX[-10:])
    for item in example[cut + 10:].strip().split():
        example = example.replace(item, "".join(rng.choices(string.ascii_uppercase, k=len(item))).upper())
    return example


def samples(rng: random.Random, nprng: Any, tok: Any, *, num_samples: int, max_seq_length: int,
            incremental: int = 10, num_chains: int = 1, num_hops: int = 4,
            icl_example: dict | None = None) -> list[dict]:
    example_text, example_tokens = None, 0
    if icl_example is not None:
        example_text = icl_example["input"] + " " + " ".join(icl_example["outputs"]) + "\n\n"
        example_tokens = token_count(tok, example_text)
    is_icl = icl_example is None

    num_noises, total = incremental, 0
    while total + TOKENS_TO_GENERATE + example_tokens < max_seq_length:
        text, answer = input_output(rng, nprng, num_noises, num_chains, num_hops, is_icl=is_icl)
        total = token_count(tok, text + f" {answer}")
        if total + TOKENS_TO_GENERATE + example_tokens > max_seq_length:
            num_noises -= incremental
            break
        num_noises += incremental

    out = []
    for index in range(num_samples):
        used, retries = num_noises, 0
        while True:  # shrink the noise until the document fits
            try:
                text, answer = input_output(rng, nprng, used, num_chains, num_hops, is_icl=is_icl)
                length = token_count(tok, text) + TOKENS_TO_GENERATE + example_tokens
                if length <= max_seq_length:
                    break
            except ValueError:  # no noise left to hide the chain in: as lm-eval, draw again
                pass
            if used > incremental:
                used -= incremental
            elif (retries := retries + 1) > MAX_RETRIES:  # lm-eval would draw again forever
                raise ValueError(f"RULER: no variable-tracking document fits max_seq_length={max_seq_length}; "
                                 "raise max_seq_lengths")
        if example_text is not None:
            cut = text.index(QUESTION[:20])
            text = text[:cut] + _randomized(rng, example_text) + "\n\n" + text[cut:]
        prefix_at = text.rfind(" Answer: According to the chain(s) of variable assignment")
        gen_prefix = text[prefix_at:].strip()
        if icl_example is not None:
            text = text[:prefix_at]
        out.append({"index": index, "input": text, "outputs": answer, "length": length,
                    "max_length": max_seq_length, "gen_prefix": gen_prefix.strip()})
    return out


def documents(rng: random.Random, nprng: Any, tok: Any, max_seq_length: int) -> list[dict]:
    example = samples(rng, nprng, tok, num_samples=1, max_seq_length=500, incremental=5)[0]
    return samples(rng, nprng, tok, num_samples=SAMPLES, max_seq_length=max_seq_length, icl_example=example)
