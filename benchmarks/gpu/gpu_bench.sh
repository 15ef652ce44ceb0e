#!/usr/bin/env bash
# The GPU benchmark on a lent device machine (issues 20 and 23): lmeval against lm-eval 0.4.13
# on one GPU (gpu_bench.py; benchmarks/gpu/README.md has the device call and what it prints).
#
#   bash benchmarks/gpu/gpu_bench.sh [gpu_bench.py options]     # e.g. --parts hf --budget 500
#
# 1. installs the wheels carried in .whl/ (fetch_wheels.sh: lm-eval 0.4.13, datasets, dill,
#    multiprocess, megatron-core) into /tmp/site, without network or dependency resolution;
# 2. installs this checkout's lmeval-core, lmeval-hf, lmeval-megatron and lmeval-vllm in
#    editable mode (no dependencies: the image has torch, transformers, accelerate, pluggy,
#    PyYAML, Jinja2), or, where that fails, puts their sources on PYTHONPATH and loads their
#    plugins through LMEVAL_PLUGINS;
# 3. runs gpu_bench.py with its report going to $OUT (the device tool's returned folder) or
#    benchmarks/.work/gpu, and the whole log beside it (gpu_bench.log).
# PY: the python to use (default python3, the image's).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PY="${PY:-python3}"
OUTDIR="${OUT:-$ROOT/benchmarks/.work/gpu}"
WORK="${LMEVAL_GPU_WORK:-/tmp/lmeval-gpu-bench}"
mkdir -p "$OUTDIR" "$WORK"
export PYTHONUNBUFFERED=1 TQDM_DISABLE=1
{
  date -u +"start %FT%TZ"
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 || true
  if compgen -G "$ROOT/.whl/*.whl" >/dev/null; then
    "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
      --target /tmp/site "$ROOT"/.whl/*.whl || { echo "gpu_bench.sh: wheel install failed"; exit 4; }
    export PYTHONPATH="/tmp/site${PYTHONPATH:+:$PYTHONPATH}"
    echo "carried wheels: $(cd "$ROOT/.whl" && ls *.whl | tr '\n' ' ')"
  else
    echo "no .whl/ folder: lm-eval and megatron-core only if the image has them"
  fi
  fallback=()
  for pkg in lmeval-core lmeval-hf lmeval-megatron lmeval-vllm; do
    mod="${pkg//-/_}"; [ "$mod" = lmeval_core ] && mod=lmeval
    "$PY" -c "import $mod" 2>/dev/null && continue
    "$PY" -m pip install -q --no-deps --no-build-isolation -e "$ROOT/packages/$pkg" 2>&1 | tail -3
    "$PY" -c "import $mod" 2>/dev/null || fallback+=("$pkg")
  done
  if [ ${#fallback[@]} -gt 0 ]; then
    echo "editable install failed for: ${fallback[*]}; using their sources on PYTHONPATH"
    plugins=()
    for pkg in "${fallback[@]}"; do
      export PYTHONPATH="$ROOT/packages/$pkg/src:$PYTHONPATH"
      [ "$pkg" != lmeval-core ] && plugins+=("${pkg//-/_}.plugin")
    done
    LMEVAL_PLUGINS="$(IFS=,; echo "${plugins[*]}")"
    export LMEVAL_PLUGINS
  fi
  date -u +"set up %FT%TZ"
  # a hard stop inside the device call's 600 s (gpu_bench.py's --budget stops new evaluations)
  timeout "$(( ${LMEVAL_GPU_BENCH_TIMEOUT:-585} - SECONDS ))" "$PY" "$ROOT/benchmarks/gpu/gpu_bench.py" \
    --out "$OUTDIR" --work "$WORK" "$@"
  rc=$?
  date -u +"end %FT%TZ (exit $rc)"
  exit $rc
} 2>&1 | tee "$OUTDIR/gpu_bench.log"
exit "${PIPESTATUS[0]}"
