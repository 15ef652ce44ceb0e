"""LongBench's optional libraries (the pack's ``longbench`` extra, lm-eval 0.4.13's own).

Importing this module imports jieba, fuzzywuzzy and rouge, so a task whose helper module imports
it is refused when it loads, before any model runs, with one line naming the extra.
"""

from __future__ import annotations

from lmeval.requires import require

NEEDED_BY = "LongBench's scoring (longbench_*)"
INSTALL = "'lmeval-tasks-longcontext[longbench]'"

jieba = require("jieba", needed_by=NEEDED_BY, install=INSTALL)
fuzz = require("fuzzywuzzy.fuzz", needed_by=NEEDED_BY, install=INSTALL, library="fuzzywuzzy")
rouge = require("rouge", needed_by=NEEDED_BY, install=INSTALL)
