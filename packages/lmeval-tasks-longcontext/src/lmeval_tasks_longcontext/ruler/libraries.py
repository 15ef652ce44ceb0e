"""RULER's optional libraries (the pack's ``ruler`` extra): the tokenizer (transformers), random
words (wonderwords), sentence splitting (nltk), numpy and scipy. Importing this module imports
them, so a RULER task is refused when it loads, before any model runs, with one line naming the
extra. nltk's English Punkt model is read from the pack's ``data/nltk_data`` when no other copy
is installed: nothing is downloaded.
"""

from __future__ import annotations

from pathlib import Path

from lmeval.requires import require

NEEDED_BY = "RULER's documents (niah_*, ruler_*)"
INSTALL = "'lmeval-tasks-longcontext[ruler]'"
NLTK_DATA = Path(__file__).resolve().parents[1] / "data" / "nltk_data"

numpy = require("numpy", needed_by=NEEDED_BY, install=INSTALL)
wonderwords = require("wonderwords", needed_by=NEEDED_BY, install=INSTALL)
nltk = require("nltk", needed_by=NEEDED_BY, install=INSTALL)
special = require("scipy.special", needed_by=NEEDED_BY, install=INSTALL, library="scipy")

if str(NLTK_DATA) not in nltk.data.path:
    nltk.data.path.append(str(NLTK_DATA))  # after the user's own nltk_data folders, as a fallback


def transformers():
    """transformers, imported when a tokenizer is loaded."""
    return require("transformers", needed_by=NEEDED_BY, install=INSTALL)
