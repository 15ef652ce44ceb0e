#!/usr/bin/env bash
# Optional libraries the core's tests exercise: sacrebleu for bleu/chrf/ter; matplotlib (the
# [report] extra), headless Chromium and Selenium for `lmeval report`'s page; scipy, against which the paired
# statistics of `lmeval compare` are checked (the core itself never imports it).
set -euo pipefail
"$PY" -c "import sacrebleu" 2>/dev/null || "$PY" -m pip install -q "sacrebleu==2.6.0"
"$PY" -c "import scipy" 2>/dev/null || "$PY" -m pip install -q "scipy==1.17.1"
"$PY" -c "import matplotlib" 2>/dev/null || "$PY" -m pip install -q "matplotlib==3.11.2"
"$PY" -c "import selenium" 2>/dev/null || "$PY" -m pip install -q "selenium==4.51.0"
# Debian's chromium and its driver for the report's browser test (no browser download at run time)
if { ! command -v chromium >/dev/null 2>&1 || [ ! -x /usr/bin/chromedriver ]; } \
    && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  (apt-get install -y -q chromium chromium-driver >/dev/null 2>&1 \
    || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium chromium-driver >/dev/null 2>&1; }) \
    || echo "lmeval-core ci-setup: could not install chromium and chromium-driver; the report's browser tests will be skipped" >&2
fi
