#!/usr/bin/env bash
# Fill the git-ignored .whl/ folder with the wheels the GPU machine's image lacks for
# gpu_bench.sh: lm-eval 0.4.13 and the few of its needs that its hf path imports (datasets,
# dill, multiprocess; the image has torch, transformers, accelerate, peft, pandas, pyarrow,
# sacrebleu, scikit-learn, xxhash, fsspec, huggingface-hub), and megatron-core for the
# megatron part. Python 3.12, manylinux x86-64, no dependencies resolved (the device has no
# network; its own packages are used). Checks that the wheels plus the working tree stay
# inside the device tool's 64 MiB carry limit.
#
#   bash benchmarks/gpu/fetch_wheels.sh            # into .whl/ at the repository root
#   DEST=/tmp/w bash benchmarks/gpu/fetch_wheels.sh  # elsewhere (to measure)
#
# Why these versions: lm-eval's own pin; datasets 5.0.0 is the newest that takes pyarrow>=21
# (5.2.0 wants >=24, which the image may not have) and huggingface-hub 1.x (the image has
# 1.33); dill and multiprocess within datasets' bounds; megatron-core as lmeval-megatron pins.
# lm-eval's other requirements (evaluate, pytablewriter, rouge-score, sqlitedict,
# word2number, more-itertools) are imported only by tasks, caching and table printing that
# the benchmark does not use (checked: gpu_bench's lm-eval side ran with them blocked).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DEST="${DEST:-$ROOT/.whl}"
PY="${PY:-python3}"
WHEELS=(lm-eval==0.4.13 datasets==5.0.0 dill==0.4.1 multiprocess==0.70.19 megatron-core==0.16.1)
LIMIT_MIB=64

mkdir -p "$DEST"
"$PY" -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 \
  --platform manylinux_2_24_x86_64 --platform manylinux_2_17_x86_64 \
  --platform manylinux2014_x86_64 --platform manylinux1_x86_64 \
  -d "$DEST" "${WHEELS[@]}"

# one version of each: two of the same name stop the whole install on the device
dupes=$(ls "$DEST"/*.whl | xargs -n1 basename | cut -d- -f1 | tr 'A-Z-' 'a-z_' | sort | uniq -d)
if [ -n "$dupes" ]; then
  echo "fetch_wheels: more than one wheel of: $dupes (in $DEST); remove the old ones" >&2
  exit 1
fi

wheels=$(du -cb "$DEST"/*.whl | tail -1 | cut -f1)
cd "$ROOT"
tree=$( { git ls-files -z; git ls-files -z --others --exclude-standard; } \
        | xargs -0 -r stat -c %s 2>/dev/null | awk '{s += $1} END {print s + 0}')
total=$((wheels + tree))
ls -l "$DEST"/*.whl | awk '{printf "  %8.2f MiB  %s\n", $5 / 1048576, $9}'
awk -v w="$wheels" -v t="$tree" -v s="$total" -v l="$LIMIT_MIB" 'BEGIN {
  printf "wheels %.1f MiB + working tree %.1f MiB = %.1f MiB of the %d MiB carry limit\n",
         w / 1048576, t / 1048576, s / 1048576, l }'
if [ "$total" -gt $((LIMIT_MIB * 1048576)) ]; then
  echo "fetch_wheels: over the carry limit" >&2
  exit 1
fi
