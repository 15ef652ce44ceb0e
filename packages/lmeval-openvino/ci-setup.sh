#!/usr/bin/env bash
# lmeval-openvino test dependencies, pinned: the runtime, and optimum-intel's exporter (the tests
# export the tiny Llama with `optimum-cli export openvino`). optimum-intel 2.2.0 declares
# transformers<5.6, which would downgrade the venv's transformers; it goes in with --no-deps, and
# lmeval_testkit.openvino runs the export on a transformers 5.5.4 overlay when the venv's is newer.
# Run by scripts/test.sh with PY set to the venv's python; idempotent and quick on rerun.
set -euo pipefail
PY="${PY:-python}"
PINS=(openvino==2026.4.1 openvino-tokenizers==2026.4.1.0)
NODEPS=(optimum==2.3.0 optimum-intel==2.2.0)
missing() {
  "$PY" - "$@" <<'PYCODE'
import sys
from importlib import metadata
for pin in sys.argv[1:]:
    name, version = pin.split("==")
    try:
        if metadata.version(name) != version:
            print(pin)
    except metadata.PackageNotFoundError:
        print(pin)
PYCODE
}
quiet() { { grep -v -E '^WARNING: (Location|The directory)' || true; }; }
todo=$(missing "${PINS[@]}")
# shellcheck disable=SC2086
[ -z "$todo" ] || "$PY" -m pip install -q $todo 2>&1 | quiet
todo=$(missing "${NODEPS[@]}")
# shellcheck disable=SC2086
[ -z "$todo" ] || "$PY" -m pip install -q --no-deps $todo 2>&1 | quiet
"$PY" -c "import openvino, openvino_tokenizers, optimum.commands"
