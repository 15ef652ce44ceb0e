"""The engine starts while the tasks are built (``VLLM.start_early``, :mod:`lmeval.run.early_start`).

Which engines start in a thread (in-process, or an engine-core process made by ``spawn``; not
vLLM's default ``fork`` from a thread, not Ray replicas), and real ``lmeval run --model vllm``
processes on the tiny Llama: the start is under way while the task's documents are processed and
the scores are those of the engine built the old way; a bad document and Ctrl-C end the command
at once, in one line, while the engine is still starting.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lmeval_vllm.models import VLLM, early_start_safe

TASKS = Path(__file__).parent / "tasks"
UTILS = '''import os, threading

from lmeval.run import early_start

def process_docs(dataset):
    begun = bool(early_start._begun)
    alive = any(t.name.startswith("lmeval-start-") for t in threading.enumerate())
    with open(os.environ["VLLM_EARLY_LOG"], "a", encoding="utf-8") as fh:
        fh.write(f"docs begun={begun} alive={alive}\\n")
    return dataset
'''
# Loaded (as sitecustomize) into the commands that test what happens *while* the engine starts:
# the real engine start waits until the task's documents are being processed, so a fast start
# (vLLM's compile cache warm from an earlier test) cannot finish before the event under test.
HOLD = '''import os, time
from pathlib import Path
from lmeval_vllm.models import VLLM

_start_early = VLLM.start_early.__func__

def _held(cls, args):
    build = _start_early(cls, args)
    if build is None:
        return None
    log = Path(os.environ["VLLM_EARLY_LOG"])

    def held():
        while not log.exists():
            time.sleep(0.01)
        return build()
    return held

VLLM.start_early = classmethod(_held)
'''


@pytest.mark.parametrize(("env", "args", "safe"), [
    ({"VLLM_ENABLE_V1_MULTIPROCESSING": "0"}, {}, True),
    ({"VLLM_ENABLE_V1_MULTIPROCESSING": "false"}, {}, True),
    ({}, {}, False),  # vLLM's default: an engine-core process forked from the thread
    ({"VLLM_ENABLE_V1_MULTIPROCESSING": "1", "VLLM_WORKER_MULTIPROC_METHOD": "fork"}, {}, False),
    ({"VLLM_WORKER_MULTIPROC_METHOD": "spawn"}, {}, True),
    ({"VLLM_ENABLE_V1_MULTIPROCESSING": "0"}, {"data_parallel_size": 2}, False),  # Ray replicas
    ({"VLLM_ENABLE_V1_MULTIPROCESSING": "0"}, {"data_parallel_size": "1"}, True),
])
def test_which_engines_start_in_a_thread(env, args, safe, monkeypatch):
    assert early_start_safe(args, env) is safe
    for key in ("VLLM_ENABLE_V1_MULTIPROCESSING", "VLLM_WORKER_MULTIPROC_METHOD"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    build = VLLM.start_early({"pretrained": "m", **args})
    assert (build is not None) is safe
    if build is not None:
        assert build.func is VLLM and build.keywords == {"pretrained": "m", **args}


def _task_folder(tmp_path: Path, bad_at: int | None = None) -> Path:
    folder = tmp_path / "tasks"
    folder.mkdir()
    docs = [json.loads(line) for line in (TASKS / "vllm_mc.jsonl").read_text().splitlines()]
    if bad_at is not None:
        docs[bad_at]["answer"] = 9
    (folder / "vllm_mc.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    yaml = (TASKS / "vllm_mc.yaml").read_text().replace(
        "output_type:", "process_docs: !function early_utils.process_docs\noutput_type:")
    (folder / "vllm_early.yaml").write_text(yaml.replace("task: vllm_mc", "task: vllm_early"))
    (folder / "early_utils.py").write_text(UTILS)
    return folder


def _command(tiny_llama: str, folder: Path, engine_args: dict, *extra: str) -> list[str]:
    args = ",".join(f"{k}={v}" for k, v in {"pretrained": tiny_llama, **engine_args}.items())
    return [sys.executable, "-m", "lmeval", "run", "--model", "vllm", "--model_args", args,
            "--tasks", "vllm_early", "--include_path", str(folder), "--num_fewshot", "2", *extra]


def _env(tmp_path: Path, engine_env: dict, hold: bool = False) -> dict:
    env = {**os.environ, **engine_env, "LMEVAL_CACHE_DIR": str(tmp_path / "idx"),
           "VLLM_EARLY_LOG": str(tmp_path / "events.log")}
    env.pop("LMEVAL_EARLY_START", None)
    if hold:
        site = tmp_path / "hold"
        site.mkdir()
        (site / "sitecustomize.py").write_text(HOLD)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    return env


def test_the_engine_starts_while_the_task_is_built_and_scores_as_before(
        vllm_lm, tiny_llama, engine_args, engine_env, tmp_path, monkeypatch):
    import lmeval

    folder = _task_folder(tmp_path)
    env = _env(tmp_path, engine_env)
    run = subprocess.run([*_command(tiny_llama, folder, engine_args), "--batch_size", "auto",
                          "--output_path", str(tmp_path / "out")], capture_output=True,
                         text=True, timeout=900, env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    # begun before the documents; still alive then unless vLLM's warm compile cache won the race
    (line,) = set((tmp_path / "events.log").read_text().splitlines())
    assert line.startswith("docs begun=True ")
    (file,) = sorted((tmp_path / "out").rglob("results_*.json"))
    ours = json.loads(file.read_text())["results"]["vllm_early"]
    # the session's engine, built in the main thread before any task
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx"))
    monkeypatch.setenv("VLLM_EARLY_LOG", str(tmp_path / "in-process.log"))
    theirs = lmeval.evaluate(model=vllm_lm, tasks=["vllm_early"], include_path=str(folder),
                             num_fewshot=2)["results"]["vllm_early"]
    (line,) = set((tmp_path / "in-process.log").read_text().splitlines())
    assert line.endswith(" alive=False")
    assert {k: v for k, v in ours.items() if k != "alias"} == \
        {k: v for k, v in theirs.items() if k != "alias"}


def test_a_bad_document_ends_the_command_in_one_line_while_the_engine_starts(
        tiny_llama, engine_args, engine_env, tmp_path):
    folder = _task_folder(tmp_path, bad_at=5)
    run = subprocess.run(_command(tiny_llama, folder, engine_args), capture_output=True,
                         text=True, timeout=600, env=_env(tmp_path, engine_env, hold=True))
    assert run.returncode == 2, run.stderr[-3000:]
    assert "Traceback" not in run.stderr
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("lmeval: error: ") and "document 5" in last
    assert set((tmp_path / "events.log").read_text().splitlines()) == {"docs begun=True alive=True"}


def test_ctrl_c_while_the_engine_starts_exits_130_without_a_traceback(
        tiny_llama, engine_args, engine_env, tmp_path):
    folder = _task_folder(tmp_path)
    proc = subprocess.Popen(_command(tiny_llama, folder, engine_args), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env=_env(tmp_path, engine_env, hold=True))
    log = tmp_path / "events.log"
    deadline = time.monotonic() + 300
    while not log.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 130, err[-3000:]
    assert "Traceback" not in err and "SIGINT" in err
    assert set(log.read_text().splitlines()) == {"docs begun=True alive=True"}
