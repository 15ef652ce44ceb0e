#!/usr/bin/env bash
# The README's first command: set up a venv with lmeval and its HF backend, then evaluate the
# embedded default model (examples/quickstart: a small model trained by train.py) on the bundled
# tasks and print the results table. No GPU, no network beyond PyPI.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
install_packages packages/lmeval-core packages/lmeval-hf
exec "$VENV/bin/lmeval" run --config examples/quickstart/run.yaml "$@"
