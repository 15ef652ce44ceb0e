"""docs/task-guide.md lists every field of the task, few-shot and group configs with its real
default, and its walk-through quotes tests/custom_task verbatim (so neither can drift)."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from lmeval.tasks.config import AggregateMetric, FewshotConfig, GroupConfig, TaskConfig

ROOT = Path(__file__).resolve().parents[3]
GUIDE = ROOT / "docs" / "task-guide.md"

if not GUIDE.is_file():
    pytest.skip("docs/ is not beside this package (an installed copy, not the repository)",
                allow_module_level=True)

NOT_YAML = {"source", "overrides"}  # bookkeeping attributes, not fields a YAML file sets


def _section(title: str) -> str:
    text = GUIDE.read_text(encoding="utf-8")
    assert f"\n## {title}\n" in text, f"docs/task-guide.md has no '## {title}' section"
    return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def _rows(table_text: str) -> dict[str, str]:
    """``field → default cell`` of the ``| `field` | default | meaning |`` rows."""
    return {m.group(1): m.group(2).strip()
            for m in re.finditer(r"^\| `(\w+)` \| ([^|]*) \|", table_text, flags=re.M)}


def _expected_default(f: dataclasses.Field) -> str:
    if f.default is dataclasses.MISSING:
        return "—"  # required (or a list that must be given)
    if f.default is None:
        return "unset"
    return f"`{json.dumps(f.default)}`"


def _check(cls: type, rows: dict[str, str]) -> None:
    fields = [f for f in dataclasses.fields(cls) if f.name not in NOT_YAML]
    for f in fields:
        assert f.name in rows, f"{cls.__name__}.{f.name} is not documented in docs/task-guide.md"
        assert rows[f.name] == _expected_default(f), f"{cls.__name__}.{f.name}: default"
    assert set(rows) - {f.name for f in fields} == set(), "documented fields that do not exist"


def test_every_task_field_with_its_default():
    _check(TaskConfig, _rows(_section("Task fields")))


def test_every_fewshot_field_with_its_default():
    _check(FewshotConfig, _rows(_section("Few-shot fields")))


def test_every_group_and_aggregate_field_with_its_default():
    group_table, aggregate_table = _section("Group fields").split("Each `aggregate_metric_list` entry", 1)
    _check(GroupConfig, _rows(group_table))
    _check(AggregateMetric, _rows(aggregate_table))


def test_walk_through_quotes_the_custom_task_files_verbatim():
    text = GUIDE.read_text(encoding="utf-8")
    quotes = re.findall(r"<!-- from: (\S+) -->\n```\w*\n(.*?)```", text, flags=re.S)
    assert {p for p, _ in quotes} >= {f"tests/custom_task/tasks/{n}" for n in (
        "my_benchmark.yaml", "my_benchmark_local.yaml", "my_benchmark_mc.yaml",
        "my_benchmark_regex.yaml", "utils.py", "my_group.yaml")}
    for path, block in quotes:
        assert block in (ROOT / path).read_text(encoding="utf-8"), f"docs/task-guide.md misquotes {path}"
