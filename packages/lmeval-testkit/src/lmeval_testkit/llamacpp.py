"""Test kit: convert a tiny transformers model to GGUF and start a llama.cpp server on it.

Nothing is downloaded. The converter is llama.cpp's ``convert_hf_to_gguf.py`` as vendored in the
llama-cpp-python sdist (with its own ``gguf-py``), run in a subprocess. A locally trained BPE
tokenizer never matches the converter's table of known pre-tokenizers (it identifies them by a
hash of token ids), so the run maps an unrecognised one to the name the tokenizer declares in
``tokenizer_config.json`` as ``gguf_pre_tokenizer`` (lmeval-hf's test tokenizers declare
``"gpt-2"``, whose regex they use).

    src = vendored_llama_cpp(".cache/sdist/llama_cpp_python-0.3.36.tar.gz", ".cache")
    gguf = convert_to_gguf(model_dir, tmp / "model.gguf", src)
    with LlamaServer.start(gguf, binary="llama-server", parallel=2) as server:
        lm = GGUFLM(base_url=server.url)
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

_NEEDED = ("convert_hf_to_gguf.py", "conversion/", "gguf-py/")

_RUNNER = r"""
import json, runpy, sys
from pathlib import Path
src = sys.argv.pop(1)
sys.path[:0] = [src, src + "/gguf-py"]
import conversion.base as base
original = base.TextModel.get_vocab_base_pre
def get_vocab_base_pre(self, tokenizer):
    try:
        return original(self, tokenizer)
    except NotImplementedError:
        config = Path(self.dir_model) / "tokenizer_config.json"
        declared = json.loads(config.read_text()).get("gguf_pre_tokenizer") if config.is_file() else None
        if not declared:
            raise
        return declared
base.TextModel.get_vocab_base_pre = get_vocab_base_pre
sys.argv[0] = src + "/convert_hf_to_gguf.py"
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def vendored_llama_cpp(sdist: str | os.PathLike[str], cache: str | os.PathLike[str]) -> Path:
    """The converter files of the llama.cpp vendored in a llama-cpp-python sdist, extracted once."""
    sdist = Path(sdist)
    version = sdist.name.removesuffix(".tar.gz").removeprefix("llama_cpp_python-")
    dest = Path(cache) / "llama.cpp-convert" / version
    if (dest / "convert_hf_to_gguf.py").is_file():
        return dest
    tmp = dest.with_name(dest.name + f".tmp{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    prefix = f"{sdist.name.removesuffix('.tar.gz')}/vendor/llama.cpp/"
    with tarfile.open(sdist) as tar:
        members = []
        for m in tar.getmembers():
            if m.name.startswith(prefix):
                rel = m.name[len(prefix):]
                if any(rel == n or rel.startswith(n) for n in _NEEDED) and (m.isfile() or m.isdir()):
                    m.name = rel
                    members.append(m)
        tar.extractall(tmp, members=members, filter="data")
    shutil.rmtree(dest, ignore_errors=True)
    os.replace(tmp, dest)
    return dest


def convert_to_gguf(model_dir: str | os.PathLike[str], out: str | os.PathLike[str],
                    llama_cpp_src: str | os.PathLike[str], outtype: str = "f32") -> Path:
    """Convert a transformers model directory to one GGUF file (``outtype`` f32, f16, q8_0...)."""
    out = Path(out)
    if out.is_file() and out.stat().st_mtime >= Path(model_dir, "config.json").stat().st_mtime:
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".part")
    proc = subprocess.run([sys.executable, "-c", _RUNNER, str(llama_cpp_src), str(model_dir),
                           "--outfile", str(tmp), "--outtype", outtype],
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NO_LOCAL_GGUF": "1"})
    if proc.returncode != 0:
        raise RuntimeError(f"GGUF conversion failed:\n{proc.stderr[-4000:]}")
    os.replace(tmp, out)
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LlamaServer:
    """A llama.cpp server process (``llama-server`` or ``python -m llama_cpp.server``)."""

    proc: subprocess.Popen
    url: str
    log: Path

    @classmethod
    def start(cls, gguf: str | os.PathLike[str], *, binary: str | None = None,
              parallel: int = 2, ctx_size: int = 1024, threads: int = 2,
              log: str | os.PathLike[str] | None = None, timeout: float = 180,
              extra: Sequence[str] = ()) -> LlamaServer:
        """``binary``: a ``llama-server`` executable, or None for llama-cpp-python's server."""
        port = free_port()
        if binary:
            cmd = [binary, "-m", str(gguf), "--host", "127.0.0.1", "--port", str(port),
                   "--parallel", str(parallel), "-c", str(ctx_size * parallel), "-t", str(threads),
                   "--no-webui", "--seed", "0", *extra]
        else:
            cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf),
                   "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(ctx_size),
                   "--n_threads", str(threads), "--logits_all", "true", "--seed", "0", *extra]
        log_path = Path(log) if log else Path(os.devnull)
        with open(log_path, "wb") as fh:
            proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT)
        server = cls(proc, f"http://127.0.0.1:{port}", log_path)
        server._wait(timeout, "/health" if binary else "/v1/models")
        return server

    def _wait(self, timeout: float, path: str) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"llama.cpp server exited with {self.proc.returncode}:\n"
                                   f"{self._tail()}")
            try:
                with urllib.request.urlopen(self.url + path, timeout=2) as resp:
                    if resp.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"llama.cpp server not ready after {timeout:.0f}s:\n{self._tail()}")

    def _tail(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def __enter__(self) -> LlamaServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
