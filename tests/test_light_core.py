"""`import lmeval`, `lmeval --help` and `lmeval ls plugins` never import torch, numpy, datasets,
transformers or any backend library — also with every installed plugin loaded."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("torch", "numpy", "transformers", "datasets", "vllm", "onnxruntime", "onnxruntime_genai", "openvino",
         "sglang", "megatron", "nemo", "httpx", "openai", "anthropic", "llama_cpp", "matplotlib",
         "sacrebleu", "jinja2_ext_unused")

PROBE = """
import io, json, sys, contextlib
from lmeval.cli import main
for argv in {argvs!r}:
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            main(argv)
        except SystemExit:
            pass
print(json.dumps(sorted({{m.split(".")[0] for m in sys.modules}})))
"""


def _loaded(*argvs: list[str]) -> set[str]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(argvs=list(argvs))], capture_output=True,
                         text=True, check=True, timeout=120)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_import_lmeval_is_light():
    out = subprocess.run([sys.executable, "-c", "import json, sys, lmeval; "
                          "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))"],
                         capture_output=True, text=True, check=True)
    assert not set(json.loads(out.stdout)) & set(HEAVY)


def test_help_and_ls_plugins_import_no_heavy_library():
    loaded = _loaded(["--help"], ["ls", "plugins"], ["ls", "models"], ["run", "--help"])
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_ls_tasks_import_no_heavy_library():
    assert not _loaded(["ls", "tasks"]) & set(HEAVY)
