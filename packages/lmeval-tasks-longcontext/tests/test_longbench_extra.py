"""Without the ``[longbench]`` extra, LongBench's tasks are refused when they load, in one line
naming it, before the model loads."""

from __future__ import annotations

import sys

import pytest
from lmeval.errors import UsageError

MODULES = ("lmeval_tasks_longcontext.longbench.libraries", "lmeval_tasks_longcontext.longbench.answers",
           "lmeval_tasks_longcontext.longbench.scoring")


def _forget(monkeypatch):
    for name in MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    for name, module in list(sys.modules.items()):  # the tasks' helper modules, as the core keys them
        if name.startswith("lmeval_taskfn_") and "longbench" in str(getattr(module, "__file__", "")):
            monkeypatch.delitem(sys.modules, name)


@pytest.mark.parametrize("library", ["jieba", "fuzzywuzzy", "rouge"])
def test_a_missing_library_is_one_line_naming_the_extra(library, monkeypatch):
    _forget(monkeypatch)
    monkeypatch.setitem(sys.modules, library, None)  # importing it raises ImportError
    if library == "fuzzywuzzy":
        monkeypatch.setitem(sys.modules, "fuzzywuzzy.fuzz", None)
    with pytest.raises(UsageError) as err:
        __import__("lmeval_tasks_longcontext.longbench.scoring")
    message = str(err.value)
    assert "\n" not in message
    assert f"needs {library}, which is not installed" in message
    assert message.endswith("pip install 'lmeval-tasks-longcontext[longbench]'")


def test_a_run_without_the_extra_stops_before_the_model(monkeypatch, capsys, tmp_path):
    from lmeval.cli import main

    _forget(monkeypatch)
    monkeypatch.setitem(sys.modules, "rouge", None)
    code = main(["run", "--model", "dummy", "--tasks", "longbench_gov_report", "--output_path", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "pip install 'lmeval-tasks-longcontext[longbench]'" in err and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and not any(tmp_path.iterdir())
