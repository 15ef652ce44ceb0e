"""The Pile (Gao et al., 2020, arXiv:2101.00027) as lm-eval 0.4.13 has it (folders ``pile`` and
``pile_10k``): perplexity from rolling log-likelihoods of each document's text.

``pile_<subset>`` reads ``EleutherAI/pile``'s config of that name, split ``train`` (lm-eval's
choice); ``pile_10k`` the first 10,000 documents, ``NeelNanda/pile-10k``. No groups or tags.
"""

from __future__ import annotations

from pathlib import Path

from _common import reset_dir, write_yaml
from _perplexity import rolling

SCRIPT = "pile.py"
SUBSETS = ("arxiv", "bookcorpus2", "books3", "dm-mathematics", "enron", "europarl", "freelaw",
           "github", "gutenberg", "hackernews", "nih-exporter", "opensubtitles", "openwebtext2",
           "philpapers", "pile-cc", "pubmed-abstracts", "pubmed-central", "stackexchange",
           "ubuntu-irc", "uspto", "wikipedia", "youtubesubtitles")


def subset(name: str) -> dict:
    task = f"pile_{name}"
    return rolling(task=task, dataset_path="EleutherAI/pile", dataset_name=task,
                   output_type="loglikelihood_rolling", test_split="train", doc_to_text="",
                   doc_to_target="{{text}}", should_decontaminate=True,
                   doc_to_decontamination_query="{{text}}", metadata={"version": 2.0})


def pile_10k() -> dict:
    # doc_to_target names the column (lm-eval reads a bare column name as that column)
    return rolling(task="pile_10k", dataset_path="NeelNanda/pile-10k", dataset_name=None,
                   output_type="loglikelihood_rolling", test_split="train", doc_to_text="",
                   doc_to_target="text", metadata={"version": 1.0})


def main(root: Path) -> None:
    out = reset_dir(root / "pile")
    comment = "# The Pile (Gao et al., 2020, arXiv:2101.00027): rolling perplexity of one subset.\n"
    for name in SUBSETS:
        write_yaml(out / f"pile_{name}.yaml", subset(name), SCRIPT, comment)
    out = reset_dir(root / "pile_10k")
    write_yaml(out / "pile_10k.yaml", pile_10k(), SCRIPT,
               "# The first 10,000 documents of the Pile (NeelNanda/pile-10k): rolling perplexity.\n")
