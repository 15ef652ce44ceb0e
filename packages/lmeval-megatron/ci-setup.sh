#!/usr/bin/env bash
# Extra installs for lmeval-megatron's tests: megatron-core (pinned, pure Python, ~17 MB) and
# psutil (megatron-core's distributed-checkpoint writer needs it; the tests write checkpoints).
# Idempotent: does nothing when both are already there.
set -euo pipefail
PY="${PY:-python}"
if ! "$PY" -c "import psutil, sys; from importlib.metadata import version; sys.exit(version('megatron-core') != '0.16.1')" 2>/dev/null; then
  "$PY" -m pip install -q "megatron-core==0.16.1" "psutil" 2>&1 | { grep -v -E '^WARNING: (Location|The directory)' || true; }
fi
