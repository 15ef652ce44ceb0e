#!/usr/bin/env bash
# Optional library the pack's tests exercise: rouge-score (the [rouge] extra), which
# cnn_dailymail_abisee's ROUGE-1/2/L come from; its goldens are lm-eval's values.
set -euo pipefail
"$PY" -c "import rouge_score" 2>/dev/null || "$PY" -m pip install -q "rouge-score==0.1.2"
