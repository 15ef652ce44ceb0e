"""``LM.start_early``: a backend's model builds in a thread while the tasks are built.

``slowstart`` (tests/slowstart.py) logs when its start begins, waits for the task's
``process_docs`` to log ``docs``, and logs ``ready``: the order of the lines, not timings, shows
the overlap. Errors found after the start began (a bad document, Ctrl-C) still end the run at
once with their one line, and the engine nobody will use is closed or left behind.
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
import slowstart
from lmeval.errors import ConfigError, UsageError
from lmeval.evaluator import evaluate

PLUGIN = Path(slowstart.__file__)
UTILS = '''import os

def process_docs(dataset):
    with open(os.environ["LMEVAL_SLOWSTART_LOG"], "a", encoding="utf-8") as fh:
        fh.write("docs\\n")
    return dataset
'''
TASK = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: {name}.jsonl
test_split: test
output_type: multiple_choice
process_docs: !function slowstart_utils.process_docs
doc_to_text: "{{{{q}}}}"
doc_to_choice: choices
doc_to_target: answer
"""


def write_task(folder: Path, name: str = "t_early", bad_at: int | None = None) -> str:
    docs = [{"q": f"{i}+1?", "choices": [str(i), str(i + 1), str(i + 2)], "answer": 1}
            for i in range(6)]
    if bad_at is not None:
        docs[bad_at]["answer"] = 7  # outside the choices: refused before the model is needed
    (folder / f"{name}.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    (folder / f"{name}.yaml").write_text(TASK.format(name=name))
    (folder / "slowstart_utils.py").write_text(UTILS)
    return name


@pytest.fixture
def log(tmp_path, monkeypatch):
    path = tmp_path / "events.log"
    monkeypatch.setenv("LMEVAL_SLOWSTART_LOG", str(path))
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("LMEVAL_EARLY_START", raising=False)
    return path


def run(model: str, folder: Path, model_args: str = "", **kwargs):
    return evaluate(model, model_args, [write_task(folder)], include_path=str(folder),
                    bootstrap_iters=0, plugins=[slowstart], **kwargs)


def test_the_model_starts_in_a_thread_before_the_tasks_are_built_and_scores_the_same(tmp_path, log,
                                                                                    monkeypatch):
    early = run("slowstart", tmp_path)
    assert log.read_text().split() == ["start:False", "docs", "ready", "closed"]
    log.unlink()
    monkeypatch.setenv("LMEVAL_EARLY_START", "0")  # the switch: built after the tasks, as before
    serial = run("slowstart", tmp_path)
    assert log.read_text().split() == ["docs", "start:True", "ready", "closed"]
    assert early["results"] == serial["results"]
    assert early["config"]["model_args"] == serial["config"]["model_args"]


def test_a_backend_without_the_capability_is_built_after_the_tasks_in_the_main_thread(tmp_path, log):
    run("plainstart", tmp_path)
    assert log.read_text().split() == ["docs", "start:True", "ready", "closed"]


def test_a_bad_model_argument_is_refused_before_anything_starts(tmp_path, log):
    with pytest.raises(UsageError, match="has no model argument 'hodl'.*'hold'"):
        run("slowstart", tmp_path, "hodl=1")
    assert not log.exists()


def test_limit_0_is_refused_before_anything_starts(tmp_path, log):
    with pytest.raises(UsageError, match="--limit: expected a count >= 1"):
        run("slowstart", tmp_path, limit=0)
    assert not log.exists()


def test_a_failed_start_raises_its_own_error_where_the_model_is_needed(tmp_path, log):
    with pytest.raises(UsageError, match="the engine failed to start"):
        run("slowstart", tmp_path, "fail=True")
    assert log.read_text().split() == ["start:False", "docs"]


def test_a_bad_document_does_not_wait_for_the_start_and_the_model_is_closed_once_built(tmp_path, log):
    folder = tmp_path / "tasks"
    folder.mkdir()
    name = write_task(folder, bad_at=4)
    with pytest.raises(ConfigError, match="document 4"):
        evaluate("slowstart", "wait_for=go,hold=60", [name], include_path=str(folder),
                 plugins=[slowstart])
    assert log.read_text().split() == ["start:False", "docs"]  # the start is still waiting
    slowstart.event("go")
    deadline = time.monotonic() + 60
    while "closed" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert log.read_text().split() == ["start:False", "docs", "go", "ready", "closed"]


def _cli(folder: Path, log: Path, model_args: str) -> subprocess.Popen:
    env = {**os.environ, "LMEVAL_SLOWSTART_LOG": str(log), "LMEVAL_CACHE_DIR": str(folder / "cache")}
    env.pop("LMEVAL_EARLY_START", None)
    return subprocess.Popen(
        [sys.executable, "-m", "lmeval", "run", "--model", "slowstart", "--plugins", str(PLUGIN),
         "--model_args", model_args, "--tasks", "t_early", "--include_path", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=folder, env=env)


def test_cli_a_bad_document_is_one_line_and_exit_2_while_the_engine_is_still_starting(tmp_path):
    log = tmp_path / "events.log"
    write_task(tmp_path, bad_at=3)
    proc = _cli(tmp_path, log, "wait_for=never,hold=600")  # a start that would take 10 minutes
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 2, err
    (line,) = err.strip().splitlines()
    assert line.startswith("lmeval: error: ") and "document 3" in line
    assert log.read_text().split() == ["start:False", "docs"]


def test_cli_ctrl_c_while_waiting_for_the_engine_exits_130_at_once(tmp_path):
    log = tmp_path / "events.log"
    write_task(tmp_path)
    proc = _cli(tmp_path, log, "wait_for=never,hold=600")
    deadline = time.monotonic() + 120
    while "docs" not in slowstart_events(log) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # the main thread is in the join now
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "SIGINT" in err
    assert slowstart_events(log) == ["start:False", "docs"]


def slowstart_events(log: Path) -> list[str]:
    return log.read_text().split() if log.exists() else []
