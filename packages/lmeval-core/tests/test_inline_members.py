"""Group members written inline, as lm-eval's flan and mmlu-flan groups write them.

lm-eval 0.4.13's rules: an inline ``group:`` not in the index becomes ``<parent>::<name>``; its
own task-level keys are defaults that the caller's overrides beat; a member dict's keys beat the
overrides pushed to it; an inline task not in the index is named ``<group>::<task>``. An inline
member's ``include`` is read from beside the group file (lm-eval 0.4.13 passes it to its
``TaskConfig`` and fails with a TypeError; older releases merged it, which is what the flan files
expect).
"""

from __future__ import annotations

import json

import pytest
from lmeval.cli import main
from lmeval.errors import ConfigError
from lmeval.plugins import PluginManager
from lmeval.tasks.index import TaskIndex
from lmeval.tasks.loader import Group, TaskLoader

TEMPLATE = """dataset_path: json
dataset_kwargs:
  data_files:
    test: data.jsonl
test_split: test
output_type: multiple_choice
doc_to_choice: "{{choices}}"
doc_to_target: answer
metadata:
  version: 1.0
"""

SUITE = """group: suite
num_fewshot: 0
task:
  # an inline subgroup: not in the index
  - group: sub_a
    group_alias: Sub A
    target_delimiter: "|"
    aggregate_metric_list:
      - metric: acc
        weight_by_size: True
    task:
      - task: prompt_0
        task_alias: p0
        include: _template_yaml
        doc_to_text: "A: {{question}}"
      - existing
  # a registered task with its own override
  - task: existing
    num_fewshot: 1
    task_alias: again
aggregate_metric_list:
  - metric: acc
"""


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "tasks"
    root.mkdir()
    rows = [{"question": f"q{i}", "choices": ["a", "b"], "answer": i % 2} for i in range(4)]
    (root / "data.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (root / "_template_yaml").write_text(TEMPLATE)
    (root / "existing.yaml").write_text('task: existing\ninclude: _template_yaml\n'
                                        'doc_to_text: "E: {{question}}"\ntarget_delimiter: " "\n')
    (root / "suite.yaml").write_text(SUITE)
    return root


def _loader(root):
    pm = PluginManager(plugins=())
    return TaskLoader(TaskIndex([(root, "include_path")]), pm)


def test_inline_members_load_with_lm_evals_precedence(tree):
    suite = _loader(tree).group("suite")
    sub, again = suite.children
    assert isinstance(sub, Group) and sub.name == "suite::sub_a" and sub.alias == "Sub A"
    prompt, existing = sub.children
    assert prompt.name == "suite::sub_a::prompt_0"
    assert prompt.config.task_alias == "p0"
    assert prompt.config.dataset_path == "json"  # from the include, read beside suite.yaml
    assert prompt.config.doc_to_text == "A: {{question}}"
    assert prompt.config.target_delimiter == "|"  # the inline group's own default
    assert prompt.config.num_fewshot == 0  # pushed down from the top group
    assert existing.name == "existing" and existing.config.doc_to_text == "E: {{question}}"
    assert existing.config.target_delimiter == "|" and existing.config.num_fewshot == 0
    assert again.name == "existing" and again.config.num_fewshot == 1
    assert again.config.task_alias == "again" and again.config.target_delimiter == " "
    docs = prompt.eval_docs
    assert prompt.doc_to_text(docs[0]) == "A: q0"


def test_a_caller_override_beats_an_inline_groups_default(tree):
    loader = _loader(tree)
    suite = loader.group("suite", {"target_delimiter": "#"})
    prompt = suite.children[0].children[0]
    assert prompt.config.target_delimiter == "#"


def test_an_inline_include_that_is_missing_is_located(tree):
    (tree / "suite.yaml").write_text(SUITE.replace("include: _template_yaml", "include: _nope_yaml"))
    with pytest.raises(ConfigError, match="included file '_nope_yaml' not found") as err:
        _loader(tree).group("suite")
    assert str(err.value).startswith(f"{tree / 'suite.yaml'}:14: include:")


def test_the_suite_runs_end_to_end(tree, tmp_path, capsys):
    code = main(["run", "--model", "dummy", "--tasks", "suite", "--include_path", str(tree),
                 "--output_path", str(tmp_path / "out")])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "Sub A" in out.out and "p0" in out.out


def test_validate_checks_inline_groups_member_by_member(tree, capsys):
    """An inline group's `task:` list is its members, not a name: each is checked, located."""
    (tree / "nested.yaml").write_text(
        "group: nested\ntask:\n  - group: sub\n    task:\n      - no_such_task\n      - existing\n"
        "  - group: sub2\n    task: [also_missing]\n  - {num_fewshot: 1}\n")
    assert main(["validate", str(tree / "suite.yaml")]) == 0, capsys.readouterr().out
    capsys.readouterr()
    assert main(["validate", str(tree / "nested.yaml"), "--include_path", str(tree)]) == 1
    out = capsys.readouterr().out.splitlines()
    # each unknown name may be followed by the closest installed names ("did you mean ..."),
    # which depend on the task packs installed beside the core
    want = [f"{tree / 'nested.yaml'}:4: task: unknown task, group or tag 'no_such_task'",
            f"{tree / 'nested.yaml'}:8: task: unknown task, group or tag 'also_missing'",
            f"{tree / 'nested.yaml'}:9: a group member needs `task: <name>` or "
            "`group: <name>`, got ['num_fewshot']"]
    assert len(out) == len(want) and all(o.startswith(w) for o, w in zip(out, want, strict=True)), out
    assert out[2] == want[2], out


def test_helpers_of_two_folders_each_get_their_own_sibling_module(tmp_path):
    """`import utils` inside a task folder's helper is that folder's utils.py, not the utils.py
    of the folder whose helper was imported first."""
    from lmeval.tasks.yamlio import FunctionRef

    refs = []
    for name in ("one", "two"):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "utils.py").write_text(f"WHO = {name!r}\n")
        (folder / "helpers.py").write_text("import utils\n\n\ndef who(_=None):\n    return utils.WHO\n")
        refs.append(FunctionRef("helpers.who", str(folder), str(folder / "t.yaml"), 1))
    assert [ref.resolve()() for ref in refs] == ["one", "two"]


@pytest.mark.parametrize("kind", ["module", "package"])
@pytest.mark.parametrize("stale_origin", ["elsewhere", None])
def test_a_same_named_module_imported_elsewhere_does_not_shadow_the_sibling(tmp_path, kind, stale_origin):
    """Code outside lmeval that imported another folder's ``utils`` by a plain name (a test, a
    notebook) leaves it in ``sys.modules``; a helper's ``import utils`` is still its own sibling,
    and the other ``utils`` is back in place afterwards."""
    import sys
    import types

    from lmeval.tasks.yamlio import FunctionRef

    stale = types.ModuleType("utils")
    if stale_origin:
        stale.__file__ = str(tmp_path / stale_origin / "utils.py")
    stale.WHO = "stale"
    folder = tmp_path / "one"
    folder.mkdir()
    if kind == "module":
        (folder / "utils.py").write_text("WHO = 'one'\n")
    else:
        (folder / "utils").mkdir()
        (folder / "utils" / "__init__.py").write_text("WHO = 'one'\n")
    (folder / "helpers.py").write_text("import utils\n\n\ndef who(_=None):\n    return utils.WHO\n")
    saved = sys.modules.get("utils")
    sys.modules["utils"] = stale
    try:
        assert FunctionRef("helpers.who", str(folder), str(folder / "t.yaml"), 1).resolve()() == "one"
        assert sys.modules["utils"] is stale
    finally:
        if saved is None:
            sys.modules.pop("utils", None)
        else:
            sys.modules["utils"] = saved


@pytest.mark.parametrize("member", ["{task: not_installed, task_alias: shown}",
                                    "{task: not_installed, num_fewshot: 5}"])
def test_a_member_that_only_overrides_a_missing_task_is_an_unknown_name(tree, member):
    """`task: mmlu_anatomy` with an alias or shot count names a task (from a pack that may not be
    installed); with no `dataset_path`, `include`, `class` or `custom_dataset` it cannot be an
    inline task, so the error names the missing task instead of a missing prompt."""
    (tree / "bundle.yaml").write_text(f"group: bundle\ntask:\n  - existing\n  - {member}\n")
    with pytest.raises(ConfigError, match="unknown task, group or tag 'not_installed'") as err:
        _loader(tree).group("bundle")
    assert str(err.value).startswith(str(tree / "bundle.yaml"))
