#!/usr/bin/env bash
# lmeval-onnx test dependencies, pinned: the runtimes, and the Model Builder's onnx / onnx-ir
# (the tests export a tiny Llama with `python -m onnxruntime_genai.models.builder`).
# Run by scripts/test.sh with PY set to the venv's python; idempotent and quick on rerun.
set -euo pipefail
PY="${PY:-python}"
PINS=(onnxruntime==1.32.0 onnxruntime-genai==0.18.0 onnx==1.23.2 onnx-ir==1.1.0)
missing=$("$PY" - "${PINS[@]}" <<'PYCODE'
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
)
if [ -n "$missing" ]; then
  # shellcheck disable=SC2086
  "$PY" -m pip install -q $missing 2>&1 | { grep -v -E '^WARNING: (Location|The directory)' || true; }
fi
"$PY" -c "import onnxruntime, onnxruntime_genai, onnx, onnx_ir" 
