#!/usr/bin/env bash
# Optional libraries the core's tests exercise: sacrebleu for bleu/chrf/ter.
set -euo pipefail
"$PY" -c "import sacrebleu" 2>/dev/null || "$PY" -m pip install -q "sacrebleu==2.6.0"
