"""Task code that never ends is an error naming the file, not a hang.

Generated per class: a ``!function`` module that loops or sleeps at import (also one that
swallows every ``Exception``), a ``doc_to_text``/``doc_to_target``/``doc_to_choice`` function
that loops on one document past the first, a ``process_docs`` that loops, a Jinja template with
nested loops over large ranges; each under ``LMEVAL_TASK_CODE_TIMEOUT``, for ``run`` (before the
model loads) and ``validate``. A recursive macro and ``range(10**12)`` are template errors at once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import loadwatch
import pytest
from lmeval.errors import ConfigError
from lmeval.evaluator import evaluate

LIMIT = 1.0
HANG_AT = 4  # the document whose rendering never ends

TASK = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: {name}.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: {text}
doc_to_choice: {choice}
doc_to_target: {target}
{extra}"""

LOOP = "        while True:\n            pass\n"
IMPORT_HANGS = {
    "busy-loop": "while True:\n    pass\n",
    "sleep": "import time\ntime.sleep(10**6)\n",
    "swallows-exceptions": "import time\nwhile True:\n    try:\n        time.sleep(10)\n"
                           "    except Exception:\n        pass\n",
    "in-a-function-it-calls": "def spin():\n    n = 0\n    while True:\n        n += 1\n\nspin()\n",
}
CALL_HANGS = {  # (YAML field using the helper, its YAML value, the helper's body)
    "doc_to_text": ("text", "!function helper.fn", f"def fn(doc):\n    if doc['i'] == {HANG_AT}:\n{LOOP}"
                                                   "    return doc['q']\n"),
    "doc_to_target": ("target", "!function helper.fn", f"def fn(doc):\n    if doc['i'] == {HANG_AT}:\n{LOOP}"
                                                       "    return doc['answer']\n"),
    "doc_to_choice": ("choice", "!function helper.fn", f"def fn(doc):\n    if doc['i'] == {HANG_AT}:\n{LOOP}"
                                                       "    return doc['choices']\n"),
}
TEMPLATE_HANGS = {
    "nested-for": '"{% if i == ' + str(HANG_AT) + ' %}{% for a in range(1000000) %}{% for b in '
                  'range(1000000) %}{% endfor %}{% endfor %}{% endif %}{{q}}"',
    "for-with-sum": '"{% if i == ' + str(HANG_AT) + ' %}{% for a in range(1000000) %}'
                    '{{ range(1000000)|sum }}{% endfor %}{% endif %}{{q}}"',
}


def write(root: Path, name: str, *, text: str = '"{{q}}"', choice: str = "choices", target: str = "answer",
          extra: str = "", helper: str | None = None, n: int = 8) -> Path:
    docs = [{"i": i, "q": f"{i}?", "choices": ["a", "b", "c"], "answer": i % 3} for i in range(n)]
    (root / f"{name}.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    if helper is not None:
        (root / "helper.py").write_text(helper)
    path = root / f"{name}.yaml"
    path.write_text(TASK.format(name=name, text=text, choice=choice, target=target, extra=extra))
    return path


def _run(tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch, limit: float = LIMIT) -> ConfigError:
    monkeypatch.setenv("LMEVAL_TASK_CODE_TIMEOUT", str(limit))
    loads = tmp_path / "loads.log"
    monkeypatch.setenv("LMEVAL_LOADWATCH", str(loads))
    start = time.monotonic()
    with pytest.raises(ConfigError) as err:
        evaluate("loadwatch", None, [name], include_path=str(tmp_path), bootstrap_iters=0,
                 plugins=[loadwatch])
    assert time.monotonic() - start < 60 * limit
    assert not loads.exists(), "the model was built"
    assert "\n" not in err.value.located()
    return err.value


@pytest.mark.parametrize("kind", list(IMPORT_HANGS))
def test_a_helper_that_never_finishes_importing(tmp_path, monkeypatch, kind):
    yaml_path = write(tmp_path, "t_imp", text="!function helper.fn", helper=IMPORT_HANGS[kind])
    exc = _run(tmp_path, "t_imp", monkeypatch)
    assert exc.file == str(yaml_path) and exc.field == "doc_to_text" and exc.line == 8, exc.located()
    assert exc.message.startswith("!function helper.fn: ")
    assert f"importing {tmp_path / 'helper.py'} ran for more than 1 s (an endless loop?)" in exc.message
    assert f"stopped at {tmp_path / 'helper.py'}:" in exc.message
    assert "LMEVAL_TASK_CODE_TIMEOUT" in exc.message
    assert not any(m.startswith("lmeval_taskfn_") and getattr(sys.modules[m], "__file__", "") ==
                   str(tmp_path / "helper.py") for m in list(sys.modules))


@pytest.mark.parametrize("field", list(CALL_HANGS))
def test_a_helper_that_loops_on_one_document(tmp_path, monkeypatch, field):
    key, value, helper = CALL_HANGS[field]
    yaml_path = write(tmp_path, "t_call", helper=helper, **{key: value})
    exc = _run(tmp_path, "t_call", monkeypatch)
    assert Path(exc.file).resolve() == yaml_path.resolve() and exc.field == field, exc.located()
    assert f"task 't_call', document {HANG_AT} " in exc.message
    assert "rendering the document ran for more than 1 s" in exc.message
    assert f"stopped at {tmp_path / 'helper.py'}:" in exc.message


@pytest.mark.parametrize("kind", list(TEMPLATE_HANGS))
def test_a_template_that_loops_on_one_document(tmp_path, monkeypatch, kind):
    yaml_path = write(tmp_path, "t_tpl", text=TEMPLATE_HANGS[kind])
    exc = _run(tmp_path, "t_tpl", monkeypatch)
    assert Path(exc.file).resolve() == yaml_path.resolve() and exc.field == "doc_to_text", exc.located()
    assert f"document {HANG_AT} " in exc.message and "stopped at a Jinja template" in exc.message


def test_process_docs_that_never_returns(tmp_path, monkeypatch):
    yaml_path = write(tmp_path, "t_pd", extra="process_docs: !function helper.process\n",
                      helper="def process(docs):\n    while True:\n        pass\n")
    exc = _run(tmp_path, "t_pd", monkeypatch, limit=0.2)
    assert Path(exc.file).resolve() == yaml_path.resolve() and exc.field == "process_docs"
    assert "process_docs on split 'test' ran for more than 2 s" in exc.message
    assert f"stopped at {tmp_path / 'helper.py'}:2" in exc.message


@pytest.mark.parametrize("text,words", [
    ('"{% macro m(n) %}{{ m(n) }}{% endmacro %}{{ m(1) }}{{q}}"', "RecursionError"),
    ('"{{ range(10**12)|list|length }}{{q}}"', "range(1000000000000) gives 1,000,000,000,000 items"),
])
def test_templates_that_fail_fast(tmp_path, monkeypatch, text, words):
    write(tmp_path, "t_fast", text=text)
    exc = _run(tmp_path, "t_fast", monkeypatch, limit=30)
    assert exc.field == "doc_to_text" and words in exc.message, exc.located()


def test_the_limit_is_off_with_0_and_a_bad_value_is_one_line(tmp_path, monkeypatch):
    write(tmp_path, "t_ok", helper="import time\ntime.sleep(1.5)\ndef fn(doc):\n    return doc['q']\n",
          text="!function helper.fn")
    monkeypatch.setenv("LMEVAL_TASK_CODE_TIMEOUT", "0")
    out = evaluate("dummy", None, ["t_ok"], include_path=str(tmp_path), bootstrap_iters=0)
    assert "acc,none" in out["results"]["t_ok"]
    monkeypatch.setenv("LMEVAL_TASK_CODE_TIMEOUT", "soon")
    with pytest.raises(Exception, match=r"LMEVAL_TASK_CODE_TIMEOUT: expected a number of seconds"):
        evaluate("dummy", None, ["t_ok"], include_path=str(tmp_path), bootstrap_iters=0)


def test_an_alarm_set_by_someone_else_is_restored(tmp_path, monkeypatch):
    import signal

    from lmeval.run.timelimit import TimeLimit

    fired: list[int] = []
    old = signal.signal(signal.SIGALRM, lambda s, f: fired.append(s))
    try:
        # 2 s: the alarm must still be pending after the block, even if this process is not
        # scheduled for a while on a loaded machine (0.5 s left only ~0.45 s for that)
        signal.setitimer(signal.ITIMER_REAL, 2.0)
        with TimeLimit(10):
            time.sleep(0.05)
        assert 0 < signal.getitimer(signal.ITIMER_REAL)[0] <= 2.0
        assert fired == []
        deadline = time.monotonic() + 30
        while not fired and time.monotonic() < deadline:
            time.sleep(0.05)
        assert fired == [signal.SIGALRM], "the restored alarm never fired"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(cwd / "cache"), "LMEVAL_TASK_CODE_TIMEOUT": "1"}
    return subprocess.run([sys.executable, "-m", "lmeval", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env=env)


@pytest.mark.parametrize("case", ["import", "call", "template"])
def test_validate_and_run_say_which_file(tmp_path, case):
    if case == "import":
        write(tmp_path, "t_v", text="!function helper.fn", helper=IMPORT_HANGS["busy-loop"])
        words = f"importing {tmp_path / 'helper.py'} ran for more than 1 s"
    elif case == "call":
        key, value, helper = CALL_HANGS["doc_to_target"]
        write(tmp_path, "t_v", helper=helper, **{key: value})
        words = f"document {HANG_AT} "
    else:
        write(tmp_path, "t_v", text=TEMPLATE_HANGS["nested-for"])
        words = "stopped at a Jinja template"
    validate = _cli("validate", str(tmp_path / "t_v.yaml"), cwd=tmp_path)
    assert validate.returncode == 1, validate.stdout + validate.stderr
    (line,) = validate.stdout.strip().splitlines()
    assert line.startswith(f"{tmp_path / 't_v.yaml'}:") and words in line, line
    run = _cli("run", "--model", "loadwatch", "--plugins", loadwatch.__file__, "--tasks", "t_v",
               "--include_path", str(tmp_path), cwd=tmp_path)
    assert run.returncode == 2 and "Loading" not in run.stderr
    (line,) = run.stderr.strip().splitlines()
    assert line.startswith(f"lmeval: error: {tmp_path / 't_v.yaml'}:") and words in line, line
