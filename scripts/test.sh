#!/usr/bin/env bash
# Run the whole lmeval test suite. Does its own set-up: a venv (.venv), CPU torch, every package
# under packages/ (editable), each package's ci-setup.sh, then pytest over tests/ and packages/*/tests.
# Extra arguments go to pytest (e.g. -k hf, -x).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
"$PY" -c "import pytest, pytest_timeout" 2>/dev/null || pip_install "pytest>=8" "pytest-timeout>=2.3"
packages=(packages/*/)
install_packages "${packages[@]}" tests/plugin_example
for setup in packages/*/ci-setup.sh; do
  [ -f "$setup" ] || continue
  echo "== $setup" >&2
  bash "$setup"
done
set +e
"$PY" -m pytest -p no:cacheprovider --timeout=900 tests packages "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "lmeval: pytest collected no tests — check that each package under packages/ has tests/" >&2
  exit 0
fi
exit "$rc"
