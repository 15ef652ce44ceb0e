"""Fixtures of AfroBench's translation families (called by make_fixtures.py): a few
parallel sentences per config and split, in each Hub dataset's columns. NTREX's and SALT's columns
are those lm-eval's YAML reads (not checked against the Hub here: no network)."""

from __future__ import annotations

from afrobench_translation import FLORES_LANGS, MAFAND_PIVOTS, NTREX_LANGS, SALT_LANGS
from fixture_rows import N, dump


def line(lang: str, split: str, i: int) -> str:
    """A sentence of ``lang``: words shared across languages and splits, so BLEU is not always 0."""
    return f"The {lang} news ({split}) said {i} people met, and {['all', 'some', 'few'][i % 3]} agreed."


def flores() -> None:
    """facebook/flores pair configs: FLORES metadata and one sentence_<code> column per side."""
    for code in FLORES_LANGS:
        for pair in (f"{code}-eng_Latn", f"eng_Latn-{code}"):
            first, second = pair.split("-")
            for split in ("dev", "devtest"):
                dump("facebook/flores", pair, split, [{
                    "id": i + 1, "URL": f"https://en.wikinews.org/wiki/{split}_{i}", "domain": "wikinews",
                    "topic": "health", "has_image": 0, "has_hyperlink": i % 2,
                    f"sentence_{first}": line(first, split, i), f"sentence_{second}": line(second, split, i)}
                    for i in range(N)])


def ntrex() -> None:
    """masakhane/ntrex_african: one config per language, split test."""
    for code in NTREX_LANGS:
        dump("masakhane/ntrex_african", code, "test", [{
            "sentence_eng_Latn": line("eng_Latn", "test", i), f"sentence_{code}": line(code, "test", i)}
            for i in range(N)])


def salt() -> None:
    """Sunbird/salt text-all: English source and target sentences and one column per language."""
    for split in ("dev", "test"):
        dump("Sunbird/salt", "text-all", split, [{
            "id": 100 * len(split) + i, "eng_source_text": line("eng source", split, i),
            **{f"{code}_text": line(code, split, i) for code in SALT_LANGS},
            "eng_target_text": line("eng target", split, i)} for i in range(N)])


def mafand() -> None:
    """masakhane/mafand "<pivot>-<code>" configs: a ``translation`` pair, pivot first."""
    for code, pivot in MAFAND_PIVOTS.items():
        for split in ("train", "validation", "test"):
            dump("masakhane/mafand", f"{pivot}-{code}", split, [{
                "translation": {pivot: line(pivot, split, i), code: line(code, split, i)}} for i in range(N)])


FAMILIES = [flores, ntrex, salt, mafand]
