"""Write the fixture mirror of the perplexity corpora (pile, pile_10k, paloma, uncheatable_eval)::

    .venv/bin/python packages/lmeval-tasks-classic/tests/tools/make_perplexity_fixtures.py

Invented documents in each dataset's Hub schema: runs of white space, tabs, blank lines, a
trailing newline, non-ASCII letters and emoji (the word and byte counts see each), code.
"""

from __future__ import annotations

import json
from pathlib import Path

MIRROR = Path(__file__).resolve().parents[1] / "fixtures" / "datasets"
TEXTS = (
    "The quick brown fox jumps over the lazy dog.\nA second line, with  two spaces.\n",
    "def area(r):\n\treturn 3.14159 * r ** 2\n\n\nprint(area(2))",
    "Zoë's café served crème brûlée — 12 €; the review said “superb” 🍮.",
    "  Leading spaces, then words split\r\nby a carriage return and   \t tabs\t.\n\n",
    "Ein Satz auf Deutsch über Größe. 中文句子没有空格。 Une phrase française à la fin.",
)
PILE_SUBSETS = ("arxiv", "bookcorpus2", "books3", "dm-mathematics", "enron", "europarl", "freelaw",
                "github", "gutenberg", "hackernews", "nih-exporter", "opensubtitles", "openwebtext2",
                "philpapers", "pile-cc", "pubmed-abstracts", "pubmed-central", "stackexchange",
                "ubuntu-irc", "uspto", "wikipedia", "youtubesubtitles")
PALOMA_SOURCES = ("4chan_meta_sep", "c4_100_domains", "c4_en", "dolma-v1_5",
                  "dolma_100_programing_languages", "dolma_100_subreddits", "falcon-refinedweb", "gab",
                  "m2d2_s2orc_unsplit", "m2d2_wikipedia_unsplit", "manosphere_meta_sep", "mc4", "ptb",
                  "redpajama", "twitterAAE_HELM_fixed", "wikitext_103")
UNCHEATABLE_CATEGORIES = ("wikipedia_english", "wikipedia_nonenglish", "github_python", "github_cpp",
                          "github_javascript", "github_markdown", "github_other", "bbc_news",
                          "arxiv_physics", "arxiv_math", "arxiv_cs", "arxiv_other", "biorxiv_all",
                          "ao3_english", "ao3_nonenglish")


def write(path: str, name: str, split: str, rows: list[dict]) -> None:
    out = MIRROR / path / name / f"{split}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def text(i: int, label: str) -> str:
    return f"[{label} {i}] " + TEXTS[i % len(TEXTS)]


def main() -> None:
    for k, subset in enumerate(PILE_SUBSETS):
        rows = [{"text": text(i + k, subset), "meta": {"pile_set_name": subset}} for i in range(4)]
        write("EleutherAI/pile", f"pile_{subset}", "train", rows)
    write("NeelNanda/pile-10k", "default", "train",
          [{"text": text(i, "pile-10k"), "meta": {"pile_set_name": "Pile-CC"}} for i in range(5)])
    for k, source in enumerate(PALOMA_SOURCES):
        for split in ("val", "test"):
            rows = [{"text": text(i + k, f"{source} {split}"), "id": f"{source}-{split}-{i}",
                     "source": source, "subdomain": source, "added": "2023-11-01", "created": "2023-01-01",
                     "metadata": "{}"} for i in range(4)]
            write("allenai/paloma", source, split, rows)
    rows = []  # interleaved, as the snapshot is one split of every category
    for i in range(4):
        for k, category in enumerate(UNCHEATABLE_CATEGORIES):
            rows.append({"id": f"{category}-{i}", "category": category, "content": text(i + k, category),
                         "date": "2026-07-01"})
    write("Jellyfish042/UncheatableEval-2026-07", "default", "test", rows)


if __name__ == "__main__":
    main()
