# Shared set-up of the README commands: a venv with CPU torch and the lmeval packages.
# Sourced by scripts/quickstart.sh and scripts/test.sh; idempotent and quick on rerun.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${LMEVAL_VENV:-$ROOT/.venv}"
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
PY="$VENV/bin/python"
export PY ROOT VENV
export PIP_DISABLE_PIP_VERSION_CHECK=1
pip_install() { "$PY" -m pip install -q "$@" 2>&1 | { grep -v -E '^WARNING: (Location|The directory)' || true; }; }
# torch first, pinned: the CPU wheel (a bare `torch` would pull a multi-GB CUDA build)
if ! "$PY" -c "import torch, sys; sys.exit(torch.__version__.split('+')[0] != '2.13.0')" 2>/dev/null; then
  pip_install "torch==2.13.0"
fi
if ! "$PY" -c "import setuptools, wheel" 2>/dev/null; then
  pip_install "setuptools>=68" wheel
fi
# install_packages DIR...: editable installs without build isolation (fast, offline-friendly)
install_packages() {
  local args=()
  for p in "$@"; do args+=(-e "$p"); done
  pip_install --no-build-isolation "${args[@]}"
}
