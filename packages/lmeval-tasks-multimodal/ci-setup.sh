#!/usr/bin/env bash
# Libraries the pack's tests need (its [test] extra): pyarrow reads the fixture mirror's parquet
# files, Pillow draws and decodes their images (hf-multimodal's [multimodal] extra too).
set -euo pipefail
PY="${PY:-python}"
"$PY" -c "import pyarrow" 2>/dev/null || "$PY" -m pip install -q "pyarrow>=14"
"$PY" -c "import PIL" 2>/dev/null || "$PY" -m pip install -q "pillow>=10"
