#!/usr/bin/env bash
# Test dependencies of lmeval-llamacpp, installed into the venv of $PY (run from the repo root;
# scripts/test.sh does). Idempotent and cached under $LMEVAL_BUILD_CACHE (~/.cache/lmeval-build):
#   sdist/llama_cpp_python-$VER.tar.gz   the sdist: its vendored llama.cpp holds the GGUF
#                                                converter the tests use, and the server sources
#   wheels/llama_cpp_python-$VER-*.whl   llama-cpp-python built from it (~8 min on 2 cores,
#                                                once per machine; pip does not cache wheels it
#                                                builds from a local sdist file)
#   llama-server/$VER/bin/llama-server   llama.cpp's own server (~8-15 min, once)
# A rerun with everything cached takes a few seconds.
set -euo pipefail

PY="${PY:-python}"
VER="0.3.36"
CACHE="${LMEVAL_BUILD_CACHE:-$HOME/.cache/lmeval-build}"  # per machine: a fresh clone (CI) reuses earlier builds
SDIST="$CACHE/sdist/llama_cpp_python-$VER.tar.gz"

if [ ! -f "$SDIST" ]; then
    echo "lmeval-llamacpp ci-setup: downloading the llama-cpp-python $VER sdist"
    "$PY" -m pip download --quiet --no-deps --no-binary :all: -d "$CACHE/sdist" "llama-cpp-python==$VER"
fi

installed="$("$PY" -c 'import importlib.metadata as m; print(m.version("llama_cpp_python"))' 2>/dev/null || true)"
if [ "$installed" != "$VER" ] || ! "$PY" -c 'import llama_cpp.server, uvicorn' 2>/dev/null; then
    wheel="$(ls "$CACHE"/wheels/llama_cpp_python-"$VER"-*.whl 2>/dev/null | head -n1 || true)"
    if [ -z "$wheel" ]; then
        echo "lmeval-llamacpp ci-setup: building llama-cpp-python $VER (about 8 minutes, once)"
        CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}" \
            "$PY" -m pip wheel --quiet --no-deps -w "$CACHE/wheels" "$SDIST"
        wheel="$(ls "$CACHE"/wheels/llama_cpp_python-"$VER"-*.whl | head -n1)"
    fi
    "$PY" -m pip install --quiet "$wheel" "llama-cpp-python[server]==$VER" --find-links "$CACHE/wheels"
fi

bash "$(dirname "$0")/scripts/build-llama-server.sh" "$SDIST" "$CACHE"
"$PY" -c 'import llama_cpp; print("lmeval-llamacpp ci-setup: llama-cpp-python", llama_cpp.__version__)'
