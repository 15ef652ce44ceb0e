"""LongProc's pseudocode-to-code score: the answer's ```` ```cpp ```` block, after SPoC's header
of includes, compiled with ``g++ -std=c++11 -O`` and run on the document's first ten test cases
(3 s each); ``score`` 1 when every output equals the expected one, as lm-eval 0.4.13 scores it.

The program is model output: it is compiled and run in a fresh temporary folder, with an empty
environment, in its own session (killed whole on timeout), under CPU, memory, file-size and
process limits; the verdict is computed here, from its output. The task is ``unsafe_code``: it
runs only with ``--confirm_run_unsafe_code``.
"""

from __future__ import annotations

import hashlib
import os
import re
import resource
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from typing import Any

HEADER = "".join(f"#include <{name}>\n" for name in (
    "cstdio", "iostream", "vector", "algorithm", "numeric", "cmath", "cstring", "set", "map", "queue", "stack",
    "list", "fstream", "climits", "cassert", "iomanip", "sstream", "bitset")) + "using namespace std;\n"
_MEMORY = 1 << 30


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (5, 5))
    resource.setrlimit(resource.RLIMIT_AS, (_MEMORY, _MEMORY))
    resource.setrlimit(resource.RLIMIT_FSIZE, (16 << 20, 16 << 20))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _run(exe: str, stdin: bytes, cwd: str) -> tuple[str, bytes]:
    proc = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                            env={}, start_new_session=True, preexec_fn=_limits)  # noqa: PLW1509
    try:
        out, _ = proc.communicate(stdin, timeout=3)
        return "done", out
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return "timeout", b""


def run_spoc(code: str, testcases: Sequence[Sequence[Sequence[str]]]) -> tuple[bool, str]:
    """(passed, why not) for ``code`` on the test cases (inputs, outputs)."""
    program = HEADER + code
    name = hashlib.sha1(program.encode("utf-8")).hexdigest()[-16:]  # noqa: S324 - a file name
    work = tempfile.mkdtemp(prefix="lmeval_longproc_spoc_")
    try:
        source, exe = os.path.join(work, f"{name}.cpp"), os.path.join(work, f"{name}.bin")
        with open(source, "w", encoding="utf-8") as handle:
            handle.write(program)
        try:
            subprocess.run(["g++", "-std=c++11", "-O", "-o", exe, source], cwd=work, capture_output=True,
                           check=True, timeout=120)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
            return False, "compilation error"
        except FileNotFoundError:
            return False, "g++ not found"
        for inputs, outputs in list(testcases)[:10]:
            status, out = _run(exe, ("\n".join(inputs) + "\n").encode("utf-8"), work)
            if status != "done":
                return False, status
            try:
                if out.decode("utf-8") != "\n".join(outputs) + "\n":
                    return False, "inconsistent"
            except UnicodeDecodeError:
                return False, "decode error"
        return True, ""
    finally:
        shutil.rmtree(work, ignore_errors=True)


def process_results_pseudo_to_code(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, float]:
    found = re.search(r"```cpp([\s\S]*)```", re.sub(r"```c\+\+", "```cpp", results[0]))
    if found is None:
        return {"score": 0.0, "accuracy": 0.0, "partial_accuracy": 0.0, "extraction_rate": 0.0}
    passed, _ = run_spoc(found.group(1), doc["metadata_parsed"]["testcases"])
    value = 1.0 if passed else 0.0
    return {"score": value, "accuracy": value, "partial_accuracy": value, "extraction_rate": 1.0}
