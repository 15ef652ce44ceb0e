"""The ``custom_dataset`` functions of RULER's tasks: each gets the task's metadata (lmeval merges
``--model_args`` and ``--metadata`` into it), loads the tokenizer it names, and builds 500
documents per length of ``max_seq_lengths`` (default ``[4096]``).

The draws come from a generator seeded 0 (and numpy's seeded 1234, variable tracking's values),
the state lm-eval 0.4.13's default ``--seed`` leaves Python's and numpy's global generators in
when it builds a RULER task alone. lm-eval draws from the global generators, so in a run of
several RULER tasks each task's documents depend on the tasks built before it; here each task
starts from the seed (a deliberate difference; see the pack README).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from lmeval.errors import UsageError

from lmeval_tasks_longcontext.ruler import cwe, fwe, niah, qa, sources, vt
from lmeval_tasks_longcontext.ruler.libraries import numpy
from lmeval_tasks_longcontext.ruler.scoring import DEFAULT_SEQ_LENGTHS
from lmeval_tasks_longcontext.ruler.tokenizer import load_tokenizer, tokenizer_name

RANDOM_SEED = 0
NUMPY_SEED = 1234


def lengths(metadata: dict[str, Any]) -> list[int]:
    """``max_seq_lengths`` from the metadata: a list of positive integers (one line when not)."""
    value = metadata.get("max_seq_lengths", list(DEFAULT_SEQ_LENGTHS))
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, (list, tuple)) or not value or not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value):
        raise UsageError(f"RULER: metadata max_seq_lengths must be a list of positive integers, e.g. "
                         f"--metadata '{{\"max_seq_lengths\": [4096, 8192]}}'; got {value!r}")
    return list(value)


def _build(metadata: dict[str, Any], make: Callable[..., list[dict]]) -> dict[str, list[dict]]:
    seqs = lengths(metadata)
    tok = load_tokenizer(tokenizer_name(metadata))
    rng, nprng = random.Random(RANDOM_SEED), numpy.random.RandomState(NUMPY_SEED)
    docs: list[dict] = []
    for seq in seqs:
        docs += make(rng, nprng, tok, seq)
    return {"test": docs}


def _niah(task: str) -> Callable[..., dict[str, list[dict]]]:
    def build(**metadata: Any) -> dict[str, list[dict]]:
        return _build(metadata, lambda rng, _np, tok, seq: niah.documents(task, rng, tok, seq))
    build.__name__ = build.__qualname__ = task
    return build


niah_single_1 = _niah("niah_single_1")
niah_single_2 = _niah("niah_single_2")
niah_single_3 = _niah("niah_single_3")
niah_multikey_1 = _niah("niah_multikey_1")
niah_multikey_2 = _niah("niah_multikey_2")
niah_multikey_3 = _niah("niah_multikey_3")
niah_multivalue = _niah("niah_multivalue")
niah_multiquery = _niah("niah_multiquery")


def get_vt_dataset(**metadata: Any) -> dict[str, list[dict]]:
    return _build(metadata, vt.documents)


def get_cw_dataset(**metadata: Any) -> dict[str, list[dict]]:
    words = cwe.Words()
    return _build(metadata, lambda rng, _np, tok, seq: cwe.documents(words, rng, tok, seq))


def fwe_download(**metadata: Any) -> dict[str, list[dict]]:
    return _build(metadata, lambda rng, _np, tok, seq: fwe.documents(rng, tok, seq))


def _qa(read: Callable[[], tuple[list[dict], list[str]]]) -> Callable[..., dict[str, list[dict]]]:
    def build(**metadata: Any) -> dict[str, list[dict]]:
        lengths(metadata), tokenizer_name(metadata)  # reported before the download
        qas, docs = read()
        return _build(metadata, lambda rng, _np, tok, seq: qa.documents(rng, tok, qas, docs, seq))
    return build


get_squad = _qa(sources.squad)
get_hotpotqa = _qa(sources.hotpotqa)
