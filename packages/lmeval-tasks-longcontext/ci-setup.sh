#!/usr/bin/env bash
# The pack's extras for its tests on a fresh machine: [longbench] (jieba, fuzzywuzzy, rouge:
# LongBench's scoring, as lm-eval 0.4.13's longbench extra) and [ruler]'s libraries beyond the
# test venv's own (wonderwords for random words, scipy); transformers and nltk come from the
# hf and leaderboard set-ups.
set -euo pipefail
"$PY" -c "import jieba, fuzzywuzzy, rouge" 2>/dev/null \
    || "$PY" -m pip install -q "jieba==0.42.1" "fuzzywuzzy==0.18.0" "rouge==1.0.1"
"$PY" -c "import wonderwords, scipy" 2>/dev/null \
    || "$PY" -m pip install -q "wonderwords==3.0.1" "scipy>=1.11"
# [libra] (pymorphy3 and its Russian dictionaries), [infinitebench]/[scrolls] (rouge-score) and
# [longproc] (pandas) for LIBRA's, InfiniteBench's, SCROLLS' and LongProc's scores
"$PY" -c "import pymorphy3, rouge_score, pandas" 2>/dev/null \
    || "$PY" -m pip install -q "pymorphy3==2.0.6" "rouge-score>=0.1.2" "pandas"
