"""docs/cli.md is generated from the argparse definitions and must match them (it cannot drift)."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
GENERATOR = ROOT / "docs" / "generate_cli.py"

if not GENERATOR.is_file():
    pytest.skip("docs/ is not beside this package (an installed copy, not the repository)",
                allow_module_level=True)


def _generator():
    spec = importlib.util.spec_from_file_location("lmeval_docs_generate_cli", GENERATOR)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cli_reference_is_up_to_date():
    expected = _generator().render()
    current = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert current == expected, "docs/cli.md is out of date: run python docs/generate_cli.py"


def test_cli_reference_names_every_subcommand_and_flag():
    """The renderer itself leaves nothing out: every option string of every subcommand appears."""
    from lmeval.cli import build_parser

    page = _generator().render()
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert sub.choices, "no subcommands"
    for name, subparser in sub.choices.items():
        section = page.split(f"## `lmeval {name}`", 1)[1].split("\n## ", 1)[0]
        for action in subparser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            for option in action.option_strings:
                assert f"`{option}`" in section, f"lmeval {name} {option} missing from docs/cli.md"
            if action.help:
                assert " ".join(action.help.split()).replace("|", "\\|") in section
