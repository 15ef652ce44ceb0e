#!/usr/bin/env bash
# GPU check of the nemo backend against hf on a tiny random model built on the spot (see
# engine_check.py). A few minutes on one GPU. Prints a table; exit 0 pass, 1 fail, 3 skipped
# (engine not installed here). PY: the python of an environment with torch (CUDA), lmeval-core,
# lmeval-hf and the backend package (editable installs of this checkout are added if missing).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PY="${PY:-python}"
for pkg in lmeval-core lmeval-hf lmeval-megatron lmeval-nemo; do
  mod="${pkg//-/_}"; [ "$mod" = lmeval_core ] && mod=lmeval
  "$PY" -c "import $mod" 2>/dev/null || "$PY" -m pip install -q --no-deps --no-build-isolation -e "$ROOT/packages/$pkg"
done
exec timeout "${LMEVAL_GPU_CHECK_TIMEOUT:-900}" "$PY" "$ROOT/benchmarks/gpu/engine_check.py" nemo "$@"
