"""With a real backend, bad input is refused before the weights load.

``--model hf`` on the test kit's tiny GPT-2 prints transformers' ``Loading weights`` when it
builds the model: a good task shows it (so its absence means something), and a bad document
past the first, a YAML alias bomb, a dangling ``--use_cache`` and a helper that never finishes
importing never reach it: one line, exit 2.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("lmeval_hf", reason="the hf backend (lmeval-hf) is not installed")
hf_kit = pytest.importorskip("lmeval_testkit.hf", reason="lmeval-testkit builds the tiny model")

TASK = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: {name}.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: {text}
doc_to_choice: choices
doc_to_target: answer
"""


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory) -> Path:
    return Path(hf_kit.build_tiny_gpt2(tmp_path_factory.mktemp("tiny") / "gpt2"))


def _task(root: Path, name: str, bad: dict | None = None, text: str = '"{{q}}"', tail: str = "") -> None:
    docs = [{"q": f"{i}?", "choices": ["a", "b", "c", "d"], "answer": 1} for i in range(30)]
    if bad:
        docs[17].update(bad)
    (root / f"{name}.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    (root / f"{name}.yaml").write_text(TASK.format(name=name, text=text) + tail)


def _run(root: Path, gpt2: Path, name: str, *extra: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(root / "cache"), "LMEVAL_TASK_CODE_TIMEOUT": "2"}
    return subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "hf", "--model_args",
                           f"pretrained={gpt2}", "--tasks", name, "--include_path", str(root),
                           "--bootstrap_iters", "0", *extra],
                          capture_output=True, text=True, timeout=600, env=env, cwd=root)


def test_a_good_task_loads_the_weights(tmp_path, gpt2):
    _task(tmp_path, "good")
    proc = _run(tmp_path, gpt2, "good", "--limit", "2")
    assert proc.returncode == 0, proc.stderr
    assert "Loading weights" in proc.stderr


BOMB = "metadata:\n  l0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"  l{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n" for i in range(1, 9))


@pytest.mark.parametrize("case", ["gold-outside", "choice-not-string", "alias-bomb", "dangling-cache",
                                  "import-loops"])
def test_bad_input_never_loads_the_weights(tmp_path, gpt2, case):
    extra: list[str] = []
    if case == "gold-outside":
        _task(tmp_path, "bad", {"answer": 7})
        words = "document 17 (split 'test' of bad.jsonl): gold index 7 is outside the 4 choices"
    elif case == "choice-not-string":
        _task(tmp_path, "bad", {"choices": ["a", None, "c", "d"]})
        words = "document 17 (split 'test' of bad.jsonl): choice 1 is None None, not a string"
    elif case == "alias-bomb":
        _task(tmp_path, "bad", tail=BOMB)
        words = "metadata: its aliases (*name) expand to more than 1,000,000 values"
    elif case == "dangling-cache":
        _task(tmp_path, "bad")
        (tmp_path / "cache-link").symlink_to(tmp_path / "nowhere")
        extra = ["--use_cache", str(tmp_path / "cache-link")]
        words = "--use_cache: cannot write to"
    else:
        _task(tmp_path, "bad", text="!function helper.fn")
        (tmp_path / "helper.py").write_text("while True:\n    pass\n")
        words = "importing " + str(tmp_path / "helper.py") + " ran for more than 2 s"
    proc = _run(tmp_path, gpt2, "bad", *extra)
    assert proc.returncode == 2, proc.stderr
    assert "Loading" not in proc.stderr and "Traceback" not in proc.stderr
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith("lmeval: error: ") and words in line, line
