#!/usr/bin/env bash
# The README's first command: set up a venv with lmeval, then evaluate the embedded default
# (examples/quickstart) and print the results table. No GPU, no network beyond PyPI.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
install_packages packages/lmeval-core
exec "$VENV/bin/lmeval" run --config examples/quickstart/run.yaml "$@"
