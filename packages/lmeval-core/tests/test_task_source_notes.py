"""``register(path, notes=...)`` of ``lmeval_register_task_sources``: the notes a pack attaches
to its tasks and groups are the ``notes`` column of ``lmeval ls tasks`` / ``ls groups``."""

from __future__ import annotations

import pytest
from lmeval.cli import main
from lmeval.errors import PluginError
from lmeval.plugins import PluginManager

TASK = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: data.jsonl
test_split: test
output_type: generate_until
doc_to_text: "{{{{q}}}}"
doc_to_target: a
"""

PLUGIN = """from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_task_sources(register):
    register({root!r}, {keyword}={notes!r})
"""


def _pack(tmp_path, keyword: str = "notes", notes: object = None) -> str:
    root = tmp_path / "tasks"
    root.mkdir()
    (root / "data.jsonl").write_text('{"q": "x", "a": "y"}\n')
    for name in ("noted_long", "plain_task"):
        (root / f"{name}.yaml").write_text(TASK.format(name=name))
    (root / "noted_group.yaml").write_text("group: noted_group\ntask:\n  - noted_long\n  - plain_task\n")
    plugin = tmp_path / "notes_plugin.py"
    plugin.write_text(PLUGIN.format(root=str(root), keyword=keyword, notes=notes))
    return str(plugin)


def _table(out: str) -> tuple[list[str], dict[str, str]]:
    lines = out.splitlines()
    start = lines[0].index("notes") if "notes" in lines[0] else None
    rows = {line.split()[0]: (line[start:].strip() if start is not None else "") for line in lines[1:] if line.strip()}
    return lines[0].split(), rows


def test_lmeval_register_task_sources_notes_are_listed_by_ls(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    plugin = _pack(tmp_path, notes={"noted_long": "long context: 128k tokens",
                                    "noted_group": "needs the [x] extra"})
    assert main(["ls", "tasks", "--plugins", plugin]) == 0
    headers, rows = _table(capsys.readouterr().out)
    assert headers[-1] == "notes"
    assert rows["noted_long"] == "long context: 128k tokens" and rows["plain_task"] == ""
    assert main(["ls", "groups", "--plugins", plugin]) == 0
    headers, rows = _table(capsys.readouterr().out)
    assert headers[-1] == "notes" and rows["noted_group"] == "needs the [x] extra"


def test_lmeval_register_task_sources_without_notes_keeps_three_columns(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    plugin = _pack(tmp_path, notes=None)
    monkeypatch.setenv("LMEVAL_DISABLE_AUTOLOAD", "1")  # installed packs may register notes
    assert main(["ls", "tasks", "--plugins", plugin]) == 0
    headers, _ = _table(capsys.readouterr().out)
    assert headers == ["task", "distribution", "config"]


def test_lmeval_register_task_sources_misspelled_notes_keyword_names_the_plugin(tmp_path):
    plugin = _pack(tmp_path, keyword="note", notes={"noted_long": "x"})
    pm = PluginManager(plugins=[plugin], builtins=False)
    with pytest.raises(PluginError, match=r"unknown keyword 'note'.*notes"):
        pm.task_sources()
