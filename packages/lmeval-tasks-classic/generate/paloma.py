"""Paloma (Magnusson et al., 2023, arXiv:2312.10523) as lm-eval 0.4.13 has it: perplexity from
rolling log-likelihoods over ``allenai/paloma``'s sources (``test`` split, ``val`` for
validation), one task per source, all tagged ``paloma``; the text is ``str(doc["text"])``
(``tasks/paloma/paloma_text.py``, hand-written).
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml
from _perplexity import rolling

SCRIPT = "paloma.py"
#: dataset config -> task alias (the task is paloma_<config>)
SOURCES = {
    "4chan_meta_sep": "4chan", "c4_100_domains": "C4 100 Domains", "c4_en": "C4",
    "dolma-v1_5": "Dolma V1.5", "dolma_100_programing_languages": "100 PLs",
    "dolma_100_subreddits": "100 Subreddits", "falcon-refinedweb": "Falcon", "gab": "Gab",
    "m2d2_s2orc_unsplit": "M2D2 S2ORC", "m2d2_wikipedia_unsplit": "M2D2 Wikipedia",
    "manosphere_meta_sep": "Manosphere", "mc4": "mC4", "ptb": "PTB", "redpajama": "RedPajama",
    "twitterAAE_HELM_fixed": "Twitter AAE", "wikitext_103": "Wikitext-103",
}


def source(name: str, alias: str) -> dict:
    target = Function("paloma_text.doc_to_target")
    return rolling(tag=["paloma"], task=f"paloma_{name}", task_alias=alias,
                   dataset_path="allenai/paloma", dataset_name=name,
                   output_type="loglikelihood_rolling", validation_split="val", test_split="test",
                   doc_to_text="", doc_to_target=target, should_decontaminate=True,
                   doc_to_decontamination_query=target, metadata={"version": 1})


def main(root: Path) -> None:
    out = reset_dir(root / "paloma")
    comment = "# Paloma (Magnusson et al., 2023, arXiv:2312.10523): rolling perplexity of one source.\n"
    for name, alias in SOURCES.items():
        write_yaml(out / f"paloma_{name}.yaml", source(name, alias), SCRIPT, comment)
