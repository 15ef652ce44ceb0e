"""The task index names files as lm-eval 0.4.13 names them, over a tree of many YAML styles.

The reference here is lm-eval's naming rules applied to a real PyYAML parse of every file: the
``include`` chain merged (later includes win, the file's own keys win), ``class`` → task,
``group`` → group, ``task`` → task, the first file in path order keeping a name, tags from tasks.
The index must list exactly those names, kinds, files and tag members — from its quick scan,
its fallback parse and its cache alike.
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pytest
import yaml
from lmeval.cli import main
from lmeval.errors import UsageError
from lmeval.tasks.index import TaskIndex
from lmeval.tasks.yamlscan import full_scan, quick_scan
from test_yaml_scan import STYLES, _documents, _task_like

TASK = ("dataset_path: json\ndataset_kwargs:\n  data_files:\n    test: {data}\ntest_split: test\n"
        "output_type: multiple_choice\ndoc_to_text: \"Q: {{{{question}}}}\\nA:\"\n"
        "doc_to_choice: \"{{{{choices}}}}\"\ndoc_to_target: answer\n")


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(cache))
    return cache


class _FunctionAsText(yaml.CSafeLoader):
    pass


_FunctionAsText.add_constructor("!function", lambda loader, node: loader.construct_scalar(node))


def reference_names(root: Path) -> dict[str, tuple]:
    """lm-eval 0.4.13's index rules over a full PyYAML load of every file (``.yml`` too, which
    lmeval also reads): name -> (kind, file, tags of a task or members of a tag)."""

    def load(path: Path, chain: tuple[Path, ...]) -> dict:
        cfg = yaml.load(path.read_bytes(), Loader=_FunctionAsText)  # noqa: S506
        if not isinstance(cfg, dict):
            raise ValueError("not a mapping")
        if "include" not in cfg:
            return cfg
        includes = cfg.pop("include")
        merged: dict = {}
        for inc in includes if isinstance(includes, list) else [includes]:
            inc_path = path.parent / inc  # TypeError for a name that is no string: skipped
            if inc_path.resolve() in chain:
                raise ValueError("cycle")
            merged.update(load(inc_path, (*chain, path.resolve())))
        merged.update(cfg)
        return merged

    index: dict[str, list] = {}
    files = sorted((p for p in root.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()),
                   key=lambda p: p.as_posix())
    for path in files:
        try:
            cfg = load(path, (path.resolve(),))
        except Exception:  # noqa: BLE001 - lm-eval skips any file it cannot load
            continue
        if "class" in cfg:
            kind, name = "task", cfg.get("task")
        elif "group" in cfg:
            kind, name = "group", cfg["group"]
        elif "task" in cfg:
            kind, name = "task", cfg["task"]
        else:
            continue
        if not isinstance(name, str) or name in index:
            continue
        tags = cfg.get("tag") if kind == "task" else None
        tags = [tags] if isinstance(tags, str) else [t for t in tags or [] if isinstance(t, str)] \
            if isinstance(tags, list) or tags is None else []
        index[name] = [kind, str(path), tags]
        for tag in tags:
            if tag not in index:
                index[tag] = ["tag", None, []]
            if index[tag][0] == "tag":
                index[tag][2].append(name)
    return {n: (k, p, tuple(sorted(t)) if k == "tag" else tuple(t)) for n, (k, p, t) in index.items()}


def _index_names(root: Path) -> dict[str, tuple]:
    index = TaskIndex([(root, "include_path")])
    return {n: (e.kind, e.path, tuple(sorted(e.tags)) if e.kind == "tag" else tuple(e.tags))
            for n, e in index.entries.items()}


def _write_tree(root: Path) -> None:
    """Hand-made naming cases, every style of the scan tests, and random documents."""
    files = {
        "inc/_base_yaml": "task: from_template\ntag: tmpl_tag\ndataset_path: json\n",
        "inc/named_by_include.yaml": "include: _base_yaml\ndataset_name: x\n",
        "inc/_a_yaml": "tag: from_a\n",
        "inc/_b_yaml": "tag: from_b\n",
        "inc/later_include_wins.yaml": "task: two_includes\ninclude: [_a_yaml, _b_yaml]\n",
        "inc/own_key_wins.yaml": '"include": "_base_yaml"\n"task": "own_name"\n',
        "inc/nested/deeper.yaml": "include: ../_base_yaml\ntask: deeper\n",
        "inc/missing.yaml": "task: has_missing_include\ninclude: _nowhere_yaml\n",
        "inc/cycle_a.yaml": "task: cyc_a\ninclude: cycle_b.yaml\n",
        "inc/cycle_b.yaml": "task: cyc_b\ninclude: cycle_a.yaml\n",
        "kinds/class_and_group.yaml": "task: py_task\ngroup: not_this\nclass: !function m.C\n",
        "kinds/group_and_task_string.yaml": "group: grp_named\ntask: a_member\n",
        "kinds/task_list_without_group.yaml": "task:\n  - x\n  - y\n",
        "kinds/group_list.yaml": "group: [g1, g2]\ntask: legacy\n",
        "kinds/template_only.yaml": "dataset_path: json\n",
        "kinds/yml_extension.yml": "task: from_yml\n",
        "dups/a.yaml": "task: duplicated\ntag: dup_tag\n",
        "dups/b.yaml": "task: duplicated\ntag: other_tag\n",
        "dups/c_tag_first.yaml": "task: tagger\ntag: z_later_task\n",
        "dups/z_later_task.yaml": "task: z_later_task\n",
        "broken/invalid.yaml": "task: broken_yaml\n  bad: [\n",
        "broken/not_a_mapping.yaml": "- task: in_a_list\n",
        "broken/deep_open_flow.yaml": "task: deep_open_flow\nmetadata:\n  x: [1,\n",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    generated = root / "generated"
    generated.mkdir()
    rng = random.Random(5)
    for i, text in enumerate(_documents(250, seed=9) + _task_like(250, seed=13)):
        if quick_scan(text) is not None and "_error" in full_scan(text.encode()):
            continue  # broken below the top level: listed by lmeval (see the test below)
        (generated / f"doc_{i:03d}{rng.choice(['.yaml', '.yaml', '.yml'])}").write_text(text)


def test_the_index_lists_what_lm_eval_lists(tmp_path, cache_dir):
    root = tmp_path / "tasks"
    _write_tree(root)
    expected = reference_names(root)
    cold = _index_names(root)
    assert cold == expected
    assert _index_names(root) == expected  # warm, from the built cache
    for built in (cache_dir / "index").glob("built-*"):
        built.unlink()
    assert _index_names(root) == expected
    names = set(expected)
    for name in ("from_template", "own_name", "deeper", "py_task", "grp_named", "from_yml",
                 "duplicated", "tagger"):
        assert name in names, name
    assert expected["two_includes"][2] == ("from_b",)
    assert expected["duplicated"][1].endswith("a.yaml")
    assert "z_later_task" not in names or expected["z_later_task"][0] == "tag"
    for name in ("has_missing_include", "cyc_a", "broken_yaml", "in_a_list", "not_this", "legacy",
                 "deep_open_flow"):
        assert name not in names, name


@pytest.mark.parametrize(("ident", "text"), [(s[0], s[1]) for s in STYLES], ids=[s[0] for s in STYLES])
def test_each_style_alone_is_named_as_lm_eval_names_it(tmp_path, cache_dir, ident, text):
    root = tmp_path / "tasks"
    root.mkdir()
    (root / "one.yaml").write_bytes(text.encode("utf-16") if ident == "UTF-16" else text.encode())
    assert _index_names(root) == reference_names(root)


def test_a_file_broken_below_the_top_level_is_listed_and_its_error_located(tmp_path, cache_dir, capsys):
    """lm-eval skips such a file without a word; lmeval lists its name (the quick scan does not
    parse nested values) and ``run`` / ``validate`` say where the YAML is broken."""
    root = tmp_path / "tasks"
    root.mkdir()
    (root / "deep.yaml").write_text("task: deep_error\nmetadata:\n  x: a: b\n")
    assert "deep_error" not in reference_names(root)
    assert "deep_error" in _index_names(root)
    assert main(["run", "--model", "dummy", "--tasks", "deep_error", "--include_path", str(root)]) == 2
    err = capsys.readouterr().err
    assert f"{root / 'deep.yaml'}:3" in err and "invalid YAML" in err, err
    assert main(["validate", str(root / "deep.yaml")]) == 1
    assert "invalid YAML" in capsys.readouterr().out


def test_a_file_that_defines_nothing_is_named_in_the_error(tmp_path, cache_dir):
    root = tmp_path / "tasks"
    _write_tree(root)
    index = TaskIndex([(root, "include_path")])
    for name, file, why in (("has_missing_include", "inc/missing.yaml:2: include",
                             "included file '_nowhere_yaml' not found"),
                            ("cyc_a", "inc/cycle_", "include cycle"),
                            ("broken_yaml", "broken/invalid.yaml:2", "invalid YAML")):
        with pytest.raises(UsageError, match=why) as err:  # the error `run` gives, located
            index.match([name])
        assert str(err.value).startswith(str(root / file)), err.value
    with pytest.raises(UsageError, match="did you mean"):
        index.get("own_nam")


def test_a_name_taken_twice_in_one_source_warns_and_keeps_the_first(tmp_path, cache_dir, caplog):
    root = tmp_path / "tasks"
    root.mkdir()
    (root / "a.yaml").write_text("task: same\n")
    (root / "b.yaml").write_text('"task": "same"\n')
    for _ in range(2):  # cold, then warm
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="lmeval"):
            assert _index_names(root)["same"][1] == str(root / "a.yaml")
        assert any("b.yaml is ignored" in r.getMessage() for r in caplog.records)


def test_an_include_outside_the_source_is_followed_when_it_changes(tmp_path, cache_dir):
    shared, root = tmp_path / "shared", tmp_path / "tasks"
    shared.mkdir()
    root.mkdir()
    (shared / "common.yaml").write_text("tag: old_tag\n")
    (root / "t.yaml").write_text("task: t\ninclude: ../shared/common.yaml\n")
    assert _index_names(root)["t"][2] == ("old_tag",)
    (shared / "common.yaml").write_text("tag: new_tag_longer\n")
    assert _index_names(root)["t"][2] == ("new_tag_longer",)


def test_quoted_keys_list_and_run(tmp_path, cache_dir, capsys):
    """The issue's case: a generator's file with quoted keys is listed and runs."""
    root = tmp_path / "tasks"
    root.mkdir()
    (root / "data.jsonl").write_text("\n".join(json.dumps({"question": f"q{i}", "choices": ["a", "b"],
                                                           "answer": i % 2}) for i in range(4)) + "\n")
    (root / "_template_yaml").write_text(TASK.format(data=root / "data.jsonl"))
    (root / "mmlu_abstract_algebra.yaml").write_text(
        '"dataset_name": "abstract_algebra"\r\n"include": "_template_yaml"\r\n'
        '"tag": "mmlu_stem_tasks"\r\n"task": "mmlu_abstract_algebra"\r\n')
    assert main(["ls", "tasks", "--include_path", str(root)]) == 0
    assert "mmlu_abstract_algebra" in capsys.readouterr().out
    assert main(["ls", "tags", "--include_path", str(root)]) == 0
    assert "mmlu_stem_tasks" in capsys.readouterr().out
    code = main(["run", "--model", "dummy", "--tasks", "mmlu_abstract_algebra", "--include_path",
                 str(root), "--output_path", str(tmp_path / "out")])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "mmlu_abstract_algebra" in out.out
