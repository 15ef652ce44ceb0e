"""lmeval.requires: one "pip install" error for every missing optional library."""

from __future__ import annotations

import sys

import pytest
from lmeval.errors import UsageError
from lmeval.requires import missing_library, require


def test_an_absent_library_names_what_needs_it_and_the_install_line():
    with pytest.raises(UsageError) as err:
        require("lmeval_no_such_lib.sub", needed_by="the thing", install="'pkg[extra]'",
                note="(or use the other thing)")
    assert str(err.value) == ("the thing needs lmeval_no_such_lib, which is not installed: "
                              "pip install 'pkg[extra]' (or use the other thing)")
    assert err.value.__cause__ is None and err.value.__suppress_context__


def test_a_library_that_fails_to_import_says_so_with_the_error(tmp_path, monkeypatch):
    (tmp_path / "lmeval_broken_lib.py").write_text("raise ImportError('libfoo.so: cannot open')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(UsageError, match=r"the thing needs broken, which failed to import "
                                         r"\(libfoo.so: cannot open\): pip install broken-lib"):
        require("lmeval_broken_lib", needed_by="the thing", library="broken",
                install="broken-lib")
    # a dependency of the library missing: the library is there but does not import
    (tmp_path / "lmeval_dep_lib.py").write_text("import lmeval_missing_dependency\n")
    with pytest.raises(UsageError, match=r"failed to import \(No module named "
                                         r"'lmeval_missing_dependency'\): pip install dep"):
        require("lmeval_dep_lib", needed_by="x", install="dep")


def test_an_installed_library_is_returned():
    assert require("json", needed_by="x") is sys.modules["json"]


def test_missing_library_for_a_caught_error():
    absent = ModuleNotFoundError("No module named 'nemo'", name="nemo")
    err = missing_library("NeMo 2", needed_by="nemo_lm", install="'nemo_toolkit[llm]'",
                          error=absent, module="nemo.lightning")
    assert str(err) == ("nemo_lm needs NeMo 2, which is not installed (No module named 'nemo'): "
                        "pip install 'nemo_toolkit[llm]'")
    broken = ModuleNotFoundError("No module named 'apex'", name="apex")
    assert "NeMo 2, which failed to import (No module named 'apex')" in str(missing_library(
        "NeMo 2", needed_by="nemo_lm", error=broken, module="nemo"))


def test_the_cli_exits_2_without_a_traceback(tmp_path, capsys, monkeypatch):
    from lmeval.cli import main

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    (tmp_path / "results.json").write_text('{"results": {}}')
    code = main(["report", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "pip install 'lmeval-core[report]'" in err and "Traceback" not in err
