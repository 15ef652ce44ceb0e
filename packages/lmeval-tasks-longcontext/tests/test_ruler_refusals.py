"""RULER's tasks are refused in one line, before the model loads, when the run names no tokenizer,
when ``max_seq_lengths`` is not a list of lengths, and without the ``[ruler]`` extra."""

from __future__ import annotations

import sys

import pytest
from lmeval.errors import UsageError


def _run(capsys, tmp_path, *extra: str) -> tuple[int, str]:
    from lmeval.cli import main

    code = main(["run", "--model", "dummy", "--tasks", "niah_single_1", "--output_path", str(tmp_path), *extra])
    return code, capsys.readouterr().err


def test_no_tokenizer_is_one_line_before_the_model(capsys, tmp_path):
    code, err = _run(capsys, tmp_path)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "need a tokenizer" in err and "pretrained=" in err, err
    assert "Traceback" not in err and not any(tmp_path.iterdir())


def test_a_bad_length_list_is_one_line(capsys, tmp_path):
    code, err = _run(capsys, tmp_path, "--metadata", '{"tokenizer": "x", "max_seq_lengths": "4k"}')
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "max_seq_lengths must be a list of positive integers" in err


def test_an_unloadable_tokenizer_is_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    code, err = _run(capsys, tmp_path, "--metadata", f'{{"tokenizer": "{tmp_path / "nothing-here"}"}}')
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "cannot load tokenizer" in err, err


@pytest.mark.parametrize("library", ["wonderwords", "nltk"])
def test_a_missing_library_names_the_extra(library, monkeypatch):
    for name in [n for n in sys.modules if n.startswith("lmeval_tasks_longcontext.ruler")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, library, None)
    with pytest.raises(UsageError) as err:
        __import__("lmeval_tasks_longcontext.ruler.builders")
    message = str(err.value)
    assert "\n" not in message and f"needs {library}" in message
    assert message.endswith("pip install 'lmeval-tasks-longcontext[ruler]'")
