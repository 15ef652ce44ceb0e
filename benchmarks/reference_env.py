"""The reference tool for benchmarks: lm-eval 0.4.13 in its own venv (never an lmeval dependency).

`python benchmarks/reference_env.py` creates or reuses `benchmarks/.work/ref-venv` and prints the
path of its python. Set LMEVAL_REFERENCE_VENV to use an existing venv instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work"
REFERENCE = "lm-eval[hf]==0.4.13"


def reference_python() -> Path:
    venv = Path(os.environ.get("LMEVAL_REFERENCE_VENV", WORK / "ref-venv"))
    python = venv / "bin" / "python"
    marker = venv / ".lmeval-reference-ok"
    if marker.exists():
        return python
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(python), "-m", "pip", "install", "-q"]
    subprocess.run([*pip, "torch==2.13.0"], check=True)  # the CPU wheel; first, so nothing pulls CUDA
    subprocess.run([*pip, REFERENCE], check=True)
    marker.write_text(REFERENCE + "\n")
    return python


if __name__ == "__main__":
    print(reference_python())
