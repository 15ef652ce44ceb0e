#!/usr/bin/env bash
# Optional libraries the pack's tests exercise (its [bertscore] and [rouge] extras, both in its
# [test] extra): bert-score for DarijaBench's BERTScore (tiny stand-ins of its Hub models are
# served by the tests), rouge-score for XL-Sum's and DarijaBench's ROUGE.
set -euo pipefail
"$PY" -c "import bert_score" 2>/dev/null || "$PY" -m pip install -q "bert-score==0.3.13"
"$PY" -c "import rouge_score" 2>/dev/null || "$PY" -m pip install -q "rouge-score==0.1.2"
