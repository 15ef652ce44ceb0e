"""A corpus of broken task YAML: each file gets its one-line ``file:line: field: message``
from ``lmeval validate`` and from ``lmeval run``, exit codes 1 / 2, and no traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lmeval.cli import main
from lmeval_system_helpers import run_cli

CORPUS = Path(__file__).parent / "broken_yaml"


def _header(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^# (expect|warn|field|line|run): ?(.*)$", line)
        if m:
            out[m.group(1)] = m.group(2).strip()
    return out


CASES = sorted(p for p in CORPUS.glob("*.yaml") if "expect" in _header(p))


def test_corpus_is_large_enough():
    assert len(CASES) >= 50


def _check_line(line: str, path: Path, header: dict[str, str], kind: str = "expect") -> None:
    assert header[kind] in line, line
    m = re.match(r"^(?P<file>[^:]+):(?P<line>\d+)?:? ?(?P<rest>.*)$", line)
    assert m, line
    if header.get("field"):
        assert m.group("rest").startswith(header["field"] + ": "), line
    if header.get("line"):
        assert m.group("line") == header["line"], line


def _cli(capsys, *args: str) -> tuple[int, str, str]:
    """The CLI in-process (a subprocess per case would cost a second each)."""
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_validate_reports_one_located_line(path, capsys):
    header = _header(path)
    code, out, err = _cli(capsys, "validate", str(path))
    assert code == 1, out + err
    lines = [ln for ln in out.splitlines() if ln.strip()]
    assert len(lines) == 1, out
    _check_line(lines[0], path, header)
    assert "Traceback" not in out + err


RUNNABLE = [p for p in CASES if _header(p).get("run")]


@pytest.mark.parametrize("path", RUNNABLE, ids=lambda p: p.stem)
def test_run_reports_the_same_error_without_traceback(path, capsys):
    header = _header(path)
    code, out, err_text = _cli(capsys, "run", "--model", "dummy", "--tasks", header["run"],
                               "--include_path", str(CORPUS))
    assert code == 2, out + err_text
    err = err_text.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("lmeval: error: "), err_text
    _check_line(err[0][len("lmeval: error: "):], path, header)
    assert "Traceback" not in err_text


WARNED = sorted(p for p in CORPUS.glob("*.yaml") if "warn" in _header(p))


def test_warned_cases_exist():
    assert WARNED, "the corpus has no file that is accepted with a warning"


@pytest.mark.parametrize("path", WARNED, ids=lambda p: p.stem)
def test_validate_warns_in_one_located_line_and_passes(path, capsys):
    header = _header(path)
    code, out, err = _cli(capsys, "validate", str(path))
    assert code == 0, out + err
    lines = [ln for ln in out.splitlines() if ln.strip()]
    assert len(lines) == 1, out
    _check_line(lines[0], path, header, kind="warn")
    assert ": warning: " in lines[0] and "0 problem(s), 1 warning(s)" in err


@pytest.mark.parametrize("path", [p for p in WARNED if _header(p).get("run")], ids=lambda p: p.stem)
def test_run_accepts_what_lm_eval_accepts(path, capsys, tmp_path):
    code, out, err = _cli(capsys, "run", "--model", "dummy", "--tasks", _header(path)["run"],
                          "--include_path", str(CORPUS), "--output_path", str(tmp_path))
    assert code == 0, out + err


def test_a_duplicate_key_keeps_its_last_value_as_in_lm_eval():
    from lmeval.tasks.yamlio import duplicate_keys, load_config

    raw = load_config(CORPUS / "duplicate_key.yaml")
    assert raw["test_split"] == "train" and raw.line_of("test_split") == 16
    assert [(d.key, d.line, d.first_line) for d in duplicate_keys(raw)] == [("test_split", 16, 11)]


def test_run_error_in_a_subprocess_has_no_traceback():
    proc = run_cli("run", "--model", "dummy", "--tasks", "broken_unknown_field", "--include_path",
                   str(CORPUS))
    assert proc.returncode == 2
    assert proc.stderr.startswith("lmeval: error: ") and "Traceback" not in proc.stderr


def test_verbose_shows_traceback():
    proc = run_cli("run", "--model", "dummy", "--tasks", "broken_unknown_field", "--include_path",
                   str(CORPUS), "--verbose")
    assert proc.returncode != 0
    assert "Traceback" in proc.stderr


def test_valid_file_passes():
    proc = run_cli("validate", str(CORPUS / "ok_task.yaml"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
