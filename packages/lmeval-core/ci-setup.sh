#!/usr/bin/env bash
# Optional libraries the core's tests exercise: sacrebleu for bleu/chrf/ter; matplotlib (the
# [report] extra) and headless Chromium for `lmeval report`; scipy, against which the paired
# statistics of `lmeval compare` are checked (the core itself never imports it).
set -euo pipefail
"$PY" -c "import sacrebleu" 2>/dev/null || "$PY" -m pip install -q "sacrebleu==2.6.0"
"$PY" -c "import scipy" 2>/dev/null || "$PY" -m pip install -q "scipy==1.17.1"
"$PY" -c "import matplotlib" 2>/dev/null || "$PY" -m pip install -q "matplotlib==3.11.2"
if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  (apt-get install -y -q chromium >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1; }) \
    || echo "lmeval-core ci-setup: could not install chromium; the report rendering test will be skipped" >&2
fi
