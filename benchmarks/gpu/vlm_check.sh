#!/usr/bin/env bash
# GPU check of vllm-vlm against hf-multimodal on a tiny random Llava built on the spot (see
# vlm_check.py): generations must be equal; both timed. A few minutes on one GPU.
# Exit 0 pass, 1 fail, 3 skipped (no vLLM / torchvision / GPU).
# PY: the python of an environment with a CUDA torch, torchvision, vllm and pillow; editable
# installs of lmeval-core, lmeval-hf, lmeval-vllm and lmeval-testkit from this checkout are added
# if missing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PY="${PY:-python}"
for pkg in lmeval-core lmeval-hf lmeval-vllm lmeval-testkit; do
  mod="${pkg//-/_}"; [ "$mod" = lmeval_core ] && mod=lmeval
  "$PY" -c "import $mod" 2>/dev/null || "$PY" -m pip install -q --no-deps --no-build-isolation -e "$ROOT/packages/$pkg"
done
exec timeout "${LMEVAL_GPU_CHECK_TIMEOUT:-900}" "$PY" "$ROOT/benchmarks/gpu/vlm_check.py" "$@"
