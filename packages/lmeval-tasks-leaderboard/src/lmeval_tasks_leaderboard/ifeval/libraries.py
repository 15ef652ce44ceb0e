"""IFEval's optional libraries (the pack's ``ifeval`` extra) and the English Punkt data it ships.

Importing this module imports langdetect, nltk and immutabledict (lm-eval's ``ifeval`` extra
installs the same three), so a task whose helper module imports it is refused when it loads,
before any model runs, with one line naming the extra. nltk's sentence splitter reads the
``punkt_tab`` English model from the pack's ``data/nltk_data`` when no other copy is installed:
nothing is downloaded.
"""

from __future__ import annotations

from pathlib import Path

from lmeval.requires import require

NEEDED_BY = "IFEval's scoring (ifeval, leaderboard_ifeval)"
INSTALL = "'lmeval-tasks-leaderboard[ifeval]'"
NLTK_DATA = Path(__file__).resolve().parents[1] / "data" / "nltk_data"

langdetect = require("langdetect", needed_by=NEEDED_BY, install=INSTALL)
immutabledict = require("immutabledict", needed_by=NEEDED_BY, install=INSTALL)
nltk = require("nltk", needed_by=NEEDED_BY, install=INSTALL)

if str(NLTK_DATA) not in nltk.data.path:
    nltk.data.path.append(str(NLTK_DATA))  # after the user's own nltk_data folders, as a fallback
