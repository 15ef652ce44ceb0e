#!/usr/bin/env bash
# Optional libraries the pack's tests exercise (its [bertscore] and [rouge] extras, both in its
# [test] extra): bert-score for DarijaBench's BERTScore (tiny stand-ins of its Hub models are
# served by the tests), rouge-score for XL-Sum's and DarijaBench's ROUGE.
set -euo pipefail
"$PY" -c "import bert_score" 2>/dev/null || "$PY" -m pip install -q "bert-score==0.3.13"
"$PY" -c "import rouge_score" 2>/dev/null || "$PY" -m pip install -q "rouge-score==0.1.2"
# the [japanese] extra (japanese_leaderboard's MeCab tokens and text normalisation) and the
# [nerel] extra (nltk): the tests score with them where installed
"$PY" -c "import fugashi, unidic_lite, neologdn, emoji" 2>/dev/null || "$PY" -m pip install -q \
  "fugashi==1.5.2" "unidic-lite==1.0.8" "neologdn==0.5.6" "emoji==2.16.0"
"$PY" -c "import nltk" 2>/dev/null || "$PY" -m pip install -q "nltk>=3.9.1"
