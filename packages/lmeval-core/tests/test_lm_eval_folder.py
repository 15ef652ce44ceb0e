"""lm-eval's own task folder read by lmeval: the classes of problem the corpus benchmark
(``benchmarks/lm_eval_corpus.py``) found, each tested over many variants of its input.

* ``class:`` is checked before the fields: a file naming an lm-eval ``Task`` class is reported at
  ``class:`` ("must be ported"), whatever else its YAML says (unitxt's ``recipe:``, scrolls'
  missing ``doc_to_text`` were reported as unknown or missing fields);
* a ``class:`` that is lmeval's ``Task`` subclass and computes ``doc_to_text`` /
  ``doc_to_target`` / ``doc_to_choice`` itself need not set them in YAML;
* names defined in two sources (an installed pack and ``--include_path``): the later source wins
  whatever the two kinds are (task, group, tag), as lm-eval's include_path does, with a warning
  naming both; before, a later tag lost silently to an earlier task or group.
"""

from __future__ import annotations

import itertools
import json
import logging
from pathlib import Path

import pytest
from lmeval.cli import main
from lmeval.tasks.index import TaskIndex


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(cache))
    return cache


def _data(root) -> str:
    rows = [{"q": f"question {i}", "a": "yes" if i % 2 else "no", "choices": ["no", "yes"],
             "label": i % 2} for i in range(4)]
    (root / "rows.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return ("dataset_path: json\ndataset_kwargs:\n  data_files:\n    test: rows.jsonl\n"
            "test_split: test\n")


# ---- class: before the fields --------------------------------------------------------------

FOREIGN = {  # what an lm-eval `class:` may name, none of them lmeval's Task
    "plain": "class Scrolls:\n    def __init__(self, config=None):\n        self.config = config\n",
    "other_base": "class Task:\n    pass\n\n\nclass Unitxt(Task):\n    pass\n",
    "function": "def Unitxt(config=None):\n    return config\n",
    "instance": "class _T:\n    pass\n\n\nUnitxt = _T()\n",
}
FIELDS = {  # what else the file says: fields lmeval does not know, required ones left out
    "recipe": "recipe: card=cards.xsum,template=templates.summarization\n",
    "unknown_keys": "some_option: 3\nanother: [1, 2]\n",
    "no_doc_to_text": "output_type: generate_until\ndoc_to_target: a\n",
    "no_target": "output_type: generate_until\ndoc_to_text: q\n",
    "mc_no_choice": "output_type: multiple_choice\ndoc_to_text: q\ndoc_to_target: label\n",
    "no_dataset": "doc_to_text: q\ndoc_to_target: a\n",
    "complete": "output_type: generate_until\ndoc_to_text: q\ndoc_to_target: a\n",
}


@pytest.mark.parametrize("in_include", [False, True], ids=["in_file", "in_include"])
@pytest.mark.parametrize("fields", sorted(FIELDS))
@pytest.mark.parametrize("kind", sorted(FOREIGN))
def test_an_lm_eval_class_is_reported_at_class_whatever_the_fields(tmp_path, cache_dir, capsys,
                                                                  kind, fields, in_include):
    (tmp_path / "task.py").write_text(FOREIGN[kind])
    attr = "Scrolls" if kind == "plain" else "Unitxt"
    dataset = "" if fields == "no_dataset" else _data(tmp_path)
    if in_include:  # unitxt's layout: the class is in an extension-less include
        (tmp_path / "unitxt").write_text(f"class: !function task.{attr}\n")
        text = f"task: foreign\ninclude: unitxt\n{dataset}{FIELDS[fields]}"
        where = tmp_path / "unitxt"
    else:
        text = f"task: foreign\nclass: !function task.{attr}\n{dataset}{FIELDS[fields]}"
        where = tmp_path / "foreign.yaml"
    (tmp_path / "foreign.yaml").write_text(text)
    code = main(["validate", str(tmp_path / "foreign.yaml")])
    out = capsys.readouterr().out
    problems = [line for line in out.splitlines() if line.startswith(str(tmp_path))]
    assert code == 1 and len(problems) == 1, out
    assert problems[0].startswith(f"{where}:") and ": class: " in problems[0], problems
    assert "not a subclass of lmeval.tasks.task.Task" in problems[0]
    assert "must be ported" in problems[0]
    code = main(["run", "--model", "dummy", "--tasks", "foreign", "--include_path", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and ": class: " in err and "must be ported" in err and "Traceback" not in err


METHODS = {
    "doc_to_text": "    def doc_to_text(self, doc, spec=None):\n        return 'Q: ' + doc['q']\n",
    "doc_to_target": "    def doc_to_target(self, doc, spec=None):\n        return doc['label']\n",
    "doc_to_choice": "    def doc_to_choice(self, doc, spec=None):\n        return doc['choices']\n",
}
YAML = {"doc_to_text": "doc_to_text: q\n", "doc_to_target": "doc_to_target: label\n",
        "doc_to_choice": "doc_to_choice: choices\n"}
SUBSETS = [set(c) for n in range(4) for c in itertools.combinations(sorted(METHODS), n)]


@pytest.mark.parametrize("overridden", SUBSETS, ids=lambda s: "+".join(sorted(s)) or "none")
@pytest.mark.parametrize("left_out", SUBSETS, ids=lambda s: "-" + "-".join(sorted(s)) or "all")
def test_a_python_task_need_not_set_the_fields_it_computes(tmp_path, cache_dir, capsys,
                                                          overridden, left_out):
    body = "".join(METHODS[m] for m in sorted(overridden)) or "    pass\n"
    (tmp_path / "pytask.py").write_text(f"from lmeval.tasks.task import Task\n\n\n"
                                        f"class MyTask(Task):\n{body}")
    yaml_fields = "".join(YAML[f] for f in sorted(METHODS) if f not in left_out)
    (tmp_path / "mine.yaml").write_text(
        f"task: mine\nclass: !function pytask.MyTask\n{_data(tmp_path)}"
        f"output_type: multiple_choice\n{yaml_fields}")
    code = main(["validate", str(tmp_path / "mine.yaml")])
    out = capsys.readouterr().out
    missing = left_out - overridden  # needed, neither in YAML nor computed
    if not missing:
        assert code == 0, out
        code = main(["run", "--model", "dummy", "--tasks", "mine", "--include_path", str(tmp_path),
                     "--limit", "2"])
        captured = capsys.readouterr()
        assert code == 0, captured.err
        assert "mine" in captured.out
    else:
        assert code == 1
        first = next(f for f in ("doc_to_choice", "doc_to_text", "doc_to_target") if f in missing)
        expected = ": output_type: multiple_choice tasks need doc_to_choice" \
            if first == "doc_to_choice" else f": {first}: missing"
        assert expected in out, out


# ---- the same name in two sources ------------------------------------------------------------

def _define(root, kind: str, name: str, tag_member: str) -> None:
    """``name`` as a task, a group or a tag (a member task carrying it) in ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    data = _data(root)
    body = f"{data}output_type: generate_until\ndoc_to_text: q\ndoc_to_target: a\n"
    if kind == "task":
        (root / f"{name}.yaml").write_text(f"task: {name}\n{body}")
    elif kind == "group":
        (root / f"{root.name}_member.yaml").write_text(f"task: {root.name}_member\n{body}")
        (root / f"_{name}.yaml").write_text(f"group: {name}\ntask:\n  - {root.name}_member\n")
    else:
        (root / f"{tag_member}.yaml").write_text(f"task: {tag_member}\ntag: {name}\n{body}")


KINDS = ("task", "group", "tag")


@pytest.mark.parametrize("warm", [False, True], ids=["cold", "warm"])
@pytest.mark.parametrize(("pack_kind", "include_kind"), list(itertools.product(KINDS, KINDS)))
def test_include_path_overrides_a_pack_whatever_the_kinds(tmp_path, cache_dir, caplog, pack_kind,
                                                          include_kind, warm):
    pack, include = tmp_path / "pack", tmp_path / "include"
    _define(pack, pack_kind, "shared", "pack_tagged")
    _define(include, include_kind, "shared", "include_tagged")
    sources = [(pack, "lmeval-tasks-x"), (include, "include_path")]
    if warm:
        TaskIndex(sources).rows  # noqa: B018 - build and cache it
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="lmeval"):
        entry = TaskIndex(sources).get("shared")
    assert entry.kind == include_kind
    if include_kind == "tag":
        members = {"include_tagged"} | ({"pack_tagged"} if pack_kind == "tag" else set())
        assert set(entry.tags) == members  # a tag gathers its tasks from every source (documented)
    else:
        assert entry.path == str(include / ("shared.yaml" if include_kind == "task" else "_shared.yaml"))
    messages = [r.getMessage() for r in caplog.records if "'shared'" in r.getMessage()]
    if pack_kind == include_kind == "tag":
        assert messages == []  # merged, nothing dropped
    else:  # which one is used, and both places, on a cold and a warm load alike
        assert len(messages) == 1, messages
        assert "overrides" in messages[0] and str(include) in messages[0] and str(pack) in messages[0]
        assert messages[0].index(str(include)) < messages[0].index("overrides")


@pytest.mark.parametrize("order", list(itertools.permutations(KINDS)))
def test_three_sources_the_last_definition_wins(tmp_path, cache_dir, order):
    sources = []
    for i, kind in enumerate(order):
        root = tmp_path / f"s{i}"
        _define(root, kind, "shared", f"tagged_{i}")
        sources.append((root, "include_path"))
    entry = TaskIndex(sources).get("shared")
    assert entry.kind == order[-1]


@pytest.mark.parametrize("count", [1, 5, 20, 21, 60])
@pytest.mark.parametrize("warm", [False, True], ids=["cold", "warm"])
def test_many_overrides_are_one_line_and_each_name_when_used(tmp_path, cache_dir, caplog, count,
                                                             warm):
    """lm-eval's folder over the installed packs overrides ~3,000 names: a few are each a
    warning, many are one line, then each name is warned about (once) when a run uses it."""
    pack, include = tmp_path / "pack", tmp_path / "include"
    for i in range(count):
        _define(pack, "task", f"name_{i}", "")
        _define(include, "task", f"name_{i}", "")
    sources = [(pack, "lmeval-tasks-x"), (include, "include_path")]
    if warm:
        TaskIndex(sources).rows  # noqa: B018
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="lmeval"):
        index = TaskIndex(sources)
        index.rows  # noqa: B018
        built = [r.getMessage() for r in caplog.records]
        caplog.clear()
        for _ in range(2):
            for i in (0, count - 1):
                assert index.get(f"name_{i}").path == str(include / f"name_{i}.yaml")
        used = [r.getMessage() for r in caplog.records]
    if count <= 20:
        assert len(built) == count and not used
        assert all("overrides the one in" in m for m in built)
    else:
        assert len(built) == 1 and f"{count} task, group and tag names" in built[0]
        assert "name_0" in built[0] and str(include) in built[0]
        assert sorted(used) == sorted({
            f"lmeval: task 'name_{i}' in {include / f'name_{i}.yaml'} overrides the one in "
            f"{pack / f'name_{i}.yaml'}" for i in (0, count - 1)})


# ---- a filter a helper registers in lm-eval's registry -----------------------------------------

_CORPUS_PYTHON = Path(__file__).resolve().parents[3] / "benchmarks" / ".work" / "corpus-venv" / "bin" / "python"
_HELPER = '''
from lm_eval.api.filter import Filter
from lm_eval.api.registry import register_filter


@register_filter("{name}")
class Marked(Filter):
    def __init__(self, mark="", **kwargs):
        self.mark = mark

    def apply(self, resps, docs):
        return map(lambda r, d: [self.mark + d["q"] + "|" + x for x in r], resps, docs)


def score(doc, results):
    answer = results[0][0] if isinstance(results[0], list) else results[0]  # no take_first: a list
    return {{"marked": float(str(answer).startswith("#"))}}
'''


@pytest.mark.skipif(not _CORPUS_PYTHON.exists(),
                    reason="needs lm-eval 0.4.13 beside lmeval: the venv benchmarks/lm_eval_corpus.py "
                           "builds (benchmarks/.work/corpus-venv)")
@pytest.mark.parametrize("then_take_first", [False, True], ids=["alone", "then_take_first"])
@pytest.mark.parametrize("name", ["ACP_grammar_filter", "marked", "regex_x"])
@pytest.mark.parametrize("mark", [None, "#"])
def test_a_filter_registered_in_lm_evals_registry_by_a_helper(tmp_path, name, mark, then_take_first):
    """lm-eval's acpbench helpers register their filter with lm-eval's ``@register_filter``;
    the real lm-eval 0.4.13 registry is read once the helper is imported (validate and run)."""
    import subprocess

    (tmp_path / "helper.py").write_text(_HELPER.format(name=name))
    step = f"      - function: {name}\n" + (f"        mark: '{mark}'\n" if mark else "")
    if then_take_first:
        step += "      - function: take_first\n"
    (tmp_path / "t.yaml").write_text(
        f"task: uses_helper_filter\n{_data(tmp_path)}output_type: generate_until\n"
        "doc_to_text: q\ndoc_to_target: a\nprocess_results: !function helper.score\n"
        "metric_list:\n  - metric: marked\n    aggregation: mean\n    higher_is_better: true\n"
        f"filter_list:\n  - name: helper_filter\n    filter:\n{step}")
    env = {"PATH": "/usr/bin:/bin", "LMEVAL_CACHE_DIR": str(tmp_path / "cache"),
           "LMEVAL_DISABLE_AUTOLOAD": "1", "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
    check = subprocess.run([str(_CORPUS_PYTHON), "-m", "lmeval", "validate", str(tmp_path / "t.yaml")],
                           capture_output=True, text=True, env=env, timeout=300)
    assert check.returncode == 0, check.stdout + check.stderr
    out = tmp_path / "out"
    run = subprocess.run([str(_CORPUS_PYTHON), "-m", "lmeval", "run", "--model", "dummy", "--tasks",
                          "uses_helper_filter", "--include_path", str(tmp_path), "--log_samples",
                          "--output_path", str(out)], capture_output=True, text=True, env=env,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    (samples,) = out.rglob("samples_uses_helper_filter_*.jsonl")
    rows = [json.loads(line) for line in samples.read_text().splitlines()]
    assert len(rows) == 4
    for row in rows:
        assert row["filter"] == "helper_filter"
        resp = row["resps"][0][0]
        expected = f"{mark or ''}{row['doc']['q']}|{resp}"
        filtered = row["filtered_resps"]
        while isinstance(filtered, list) and len(filtered) == 1:  # kept a list without take_first
            filtered = filtered[0]
        assert filtered == expected, row
        assert row["marked"] == (1.0 if mark else 0.0)


def test_an_unknown_filter_is_still_an_error_without_lm_eval(tmp_path, cache_dir, capsys):
    (tmp_path / "t.yaml").write_text(
        f"task: unknown_filter\n{_data(tmp_path)}output_type: generate_until\n"
        "doc_to_text: q\ndoc_to_target: a\nfilter_list:\n  - name: f\n    filter:\n"
        "      - function: lab_grammar_filter\n      - function: take_firts\n")
    assert main(["validate", str(tmp_path / "t.yaml")]) == 1
    out = capsys.readouterr().out
    # a helper-registered filter no installed package provides (ACPBench's, the example here
    # once, is now the classic pack's)
    assert "unknown filter 'lab_grammar_filter'" in out and "unknown filter 'take_firts'" in out
    assert "did you mean 'take_first'" in out


# ---- a pack's note belongs to its file -----------------------------------------------------------

_NOTES_PLUGIN = """from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_task_sources(register):
    register({root!r}, notes={notes!r})
"""


@pytest.mark.parametrize("overridden", [(), ("noted_task",), ("noted_group",),
                                        ("noted_task", "noted_group")])
@pytest.mark.parametrize("what", ["tasks", "groups"])
def test_a_packs_note_is_not_shown_for_the_file_that_overrides_it(tmp_path, cache_dir, capsys,
                                                                   overridden, what):
    pack, include = tmp_path / "pack", tmp_path / "include"
    _define(pack, "task", "noted_task", "")
    _define(pack, "group", "noted_group", "")
    notes = {"noted_task": "generates up to 1,024 tokens", "noted_group": "needs the [x] extra"}
    plugin = tmp_path / "notes_plugin.py"
    plugin.write_text(_NOTES_PLUGIN.format(root=str(pack), notes=notes))
    args = ["ls", what, "--plugins", str(plugin)]
    for name in overridden:
        _define(include, "task" if name == "noted_task" else "group", name, "")
    if overridden:
        args += ["--include_path", str(include)]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    name = "noted_task" if what == "tasks" else "noted_group"
    (row,) = [line for line in lines[1:] if line.split()[0] == name]
    if name in overridden:
        assert notes[name] not in row and str(include) in row
    else:
        assert row.rstrip().endswith(notes[name]) and str(pack) in row
