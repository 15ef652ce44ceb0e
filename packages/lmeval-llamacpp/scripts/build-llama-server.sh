#!/usr/bin/env bash
# Build llama.cpp's `llama-server` from the sources vendored in the llama-cpp-python sdist, once
# per machine, into .cache/llama-server/<version>/bin/llama-server (static libs, CPU only, no web
# UI download, no OpenSSL). Cost: ~8-10 min on 2 cores the first time; a rerun is instant.
#   usage: build-llama-server.sh <llama_cpp_python sdist .tar.gz> <cache root>
set -euo pipefail
SDIST=$1
ROOT=$2
VER=$(basename "$SDIST" .tar.gz | sed 's/^llama_cpp_python-//')
DEST="$ROOT/llama-server/$VER"
if [ -x "$DEST/bin/llama-server" ]; then
    echo "llama-server $VER cached at $DEST/bin/llama-server"
    exit 0
fi
WORK="$ROOT/llama-server/build-$VER"
mkdir -p "$WORK"
if [ ! -d "$WORK/src" ]; then
    tar xzf "$SDIST" -C "$WORK"
    mv "$WORK/llama_cpp_python-$VER/vendor/llama.cpp" "$WORK/src"
    rm -rf "$WORK/llama_cpp_python-$VER"
fi
cmake -S "$WORK/src" -B "$WORK/build" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
    -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_APP=OFF \
    -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_OPENSSL=OFF \
    -DGGML_NATIVE=OFF -DGGML_OPENMP=OFF > "$WORK/configure.log"
cmake --build "$WORK/build" --target llama-server -j "${LLAMA_BUILD_JOBS:-2}" > "$WORK/build.log"
mkdir -p "$DEST/bin"
cp "$WORK/build/bin/llama-server" "$DEST/bin/llama-server.tmp"
mv "$DEST/bin/llama-server.tmp" "$DEST/bin/llama-server"
rm -rf "$WORK"
echo "built llama-server $VER at $DEST/bin/llama-server"
