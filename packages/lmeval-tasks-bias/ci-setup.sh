#!/usr/bin/env bash
# Optional libraries the pack's tests exercise: the [discrim-eval] extra (statsmodels' mixed
# linear model on a pandas frame), which discrim_eval's bias scores come from.
set -euo pipefail
"$PY" -c "import statsmodels, pandas" 2>/dev/null || "$PY" -m pip install -q "statsmodels==0.15.0" "pandas>=2"
