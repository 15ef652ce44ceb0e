"""YAML that would expand without bound is one located error, fast, wherever it is written.

Generated per class of input: "billion laughs" alias chains of every depth/width mix, over
sequences and mappings, under ``metadata``, a top-level field, a nested field, a merge key
(``<<``), a naming key (``tag``: the index reads it) or a group's member list; nesting deeper
than the bound with or without aliases; a recursive alias. Each is refused by ``read_yaml``
(what ``run`` and ``validate`` load), by the index's full parse (``ls``), and end to end by
``lmeval run``/``validate``/``ls`` in one line, before any model is built.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lmeval.errors import ConfigError
from lmeval.tasks.yamlbounds import MAX_DEPTH, MAX_VALUES
from lmeval.tasks.yamlio import read_yaml
from lmeval.tasks.yamlscan import full_scan, scan

HEAD = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: {name}.jsonl
test_split: test
output_type: generate_until
doc_to_text: "{{{{q}}}}"
doc_to_target: a
"""


def laughs(depth: int, width: int, indent: str, mapping: bool = False) -> list[str]:
    """Anchors ``a0..a{depth}``, each ``width`` aliases of the one before: width**depth values."""
    lines = [f"{indent}l0: &a0 [" + ", ".join(["lol"] * width) + "]"]
    for i in range(1, depth + 1):
        if mapping:
            inner = ", ".join(f"k{j}: *a{i - 1}" for j in range(width))
            lines.append(f"{indent}l{i}: &a{i} {{{inner}}}")
        else:
            lines.append(f"{indent}l{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return lines


# (id, depth, width, mapping): each expands past MAX_VALUES
SHAPES = [("9x9", 9, 9, False), ("30x2", 30, 2, False), ("4x40", 4, 40, False),
          ("2x1100", 2, 1100, False), ("6x10-maps", 6, 10, True), ("20x3-maps", 20, 3, True)]


def bomb_text(name: str, shape: tuple, where: str) -> tuple[str, str]:
    """A task file with the bomb placed at ``where``; returns (text, the top-level key named)."""
    _, depth, width, mapping = shape
    if where == "metadata":
        return HEAD.format(name=name) + "metadata:\n  version: 1\n" + \
            "\n".join(laughs(depth, width, "  ", mapping)) + "\n", "metadata"
    if where == "nested":
        return HEAD.format(name=name).replace(
            "    test: " + name + ".jsonl\n",
            "    test: " + name + ".jsonl\n  extra:\n    deeper:\n"
            + "\n".join(laughs(depth, width, "      ", mapping)) + "\n"), "dataset_kwargs"
    if where == "field":  # each anchor a top-level key: the one where the total passes is named
        return HEAD.format(name=name) + "\n".join(laughs(depth, width, "", mapping)) + "\n", "l*"
    if where == "merge":
        return HEAD.format(name=name) + "_anchors:\n" + "\n".join(laughs(depth, width, "  ", mapping)) + \
            f"\nfewshot_config:\n  <<: {{big: *a{depth}}}\n  sampler: first_n\n", "_anchors"
    if where == "tag":
        lines = [f"  - {line.strip()[len(f'l{i}: '):]}" for i, line in enumerate(laughs(depth, width, "", mapping))]
        return HEAD.format(name=name) + "tag:\n" + "\n".join(lines) + "\n", "tag"
    raise AssertionError(where)


WHERE = ["metadata", "nested", "field", "merge", "tag"]
CASES = [(s, w) for s in SHAPES for w in WHERE]


@pytest.mark.parametrize("shape,where", CASES, ids=[f"{s[0]}-{w}" for s, w in CASES])
def test_an_alias_bomb_is_one_located_error(tmp_path, shape, where):
    text, key = bomb_text("bomb", shape, where)
    path = tmp_path / "bomb.yaml"
    path.write_text(text)
    start = time.perf_counter()
    with pytest.raises(ConfigError) as err:
        read_yaml(path)
    assert time.perf_counter() - start < 5
    exc = err.value
    assert exc.file == str(path)
    assert exc.field == key or (key == "l*" and exc.field[0] == "l" and exc.field[1:].isdigit())
    assert f"expand to more than {MAX_VALUES:,} values (an alias bomb?)" in exc.message
    # the line is one of the bomb's own lines
    assert "&a" in text.splitlines()[exc.line - 1] or "*a" in text.splitlines()[exc.line - 1]
    assert "\n" not in exc.located()
    record = full_scan(path.read_bytes())  # the index's parse: the file names nothing
    assert "alias bomb" in record["_error"] and f"(line {exc.line})" in record["_error"]


def _nested(depth: int, aliases: bool) -> str:
    if aliases:  # each anchor a one-element list of the previous: linear size, deep nesting
        lines = ["  n0: &n0 [x]"] + [f"  n{i}: &n{i} [*n{i - 1}]" for i in range(1, depth + 1)]
        return "metadata:\n" + "\n".join(lines) + "\n"
    return "metadata:\n  deep: " + "[" * depth + "x" + "]" * depth + "\n"


@pytest.mark.parametrize("depth,aliases", [(MAX_DEPTH + 5, True), (5000, True), (MAX_DEPTH + 5, False),
                                           (3000, False)])
def test_nesting_past_the_bound_is_one_error(tmp_path, depth, aliases):
    path = tmp_path / "deep.yaml"
    path.write_text(HEAD.format(name="deep") + _nested(depth, aliases))
    with pytest.raises(ConfigError) as err:
        read_yaml(path)
    exc = err.value
    assert exc.file == str(path) and exc.line is not None and "\n" not in exc.located()
    # ours names the key; past 1,000 levels libyaml's parser refuses first, with the line
    assert (exc.field == "metadata" and f"nested more than {MAX_DEPTH} levels" in exc.message) \
        or exc.message == "invalid YAML: exceeded maximum nesting depth", exc.located()


@pytest.mark.parametrize("text", ["metadata:\n  loop: &a [x, *a]\n",
                                  "metadata:\n  loop: &a {k: [1, {again: *a}]}\n"])
def test_a_recursive_alias_is_one_error(tmp_path, text):
    path = tmp_path / "loop.yaml"
    path.write_text(HEAD.format(name="loop") + text)
    with pytest.raises(ConfigError, match=r"metadata: an alias refers to a value that contains it"):
        read_yaml(path)


def test_ordinary_anchors_and_merges_still_load(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text(HEAD.format(name="ok") + '_base: &base {until: ["\\n"], do_sample: false}\n'
                    "generation_kwargs:\n  <<: *base\n  max_gen_toks: 5\n"
                    + "metadata:\n  small: &s [a, b]\n  again: [*s, *s, *s]\n")
    data = read_yaml(path)
    assert data["generation_kwargs"] == {"until": ["\n"], "do_sample": False, "max_gen_toks": 5}
    assert data["metadata"]["again"] == [["a", "b"]] * 3
    assert scan(path.read_bytes())["task"] == "ok"


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(cwd / "cache")}
    return subprocess.run([sys.executable, "-m", "lmeval", *args], capture_output=True, text=True,
                          timeout=60, cwd=cwd, env=env)


@pytest.mark.parametrize("where", ["metadata", "tag"])
def test_run_validate_and_ls_say_where_in_one_line(tmp_path, where):
    text, key = bomb_text("bomb", SHAPES[0], where)
    tasks = tmp_path / "tasks"
    tasks.mkdir()
    (tasks / "bomb.yaml").write_text(text)
    (tasks / "bomb.jsonl").write_text('{"q": "hi", "a": "x"}\n')
    calls = tmp_path / "calls.log"
    run = _cli("run", "--model", "dummy", "--model_args", f"call_log={calls}", "--tasks", "bomb",
               "--include_path", str(tasks), cwd=tmp_path)
    assert run.returncode == 2, run.stderr
    (line,) = run.stderr.strip().splitlines()
    assert line.startswith(f"lmeval: error: {tasks / 'bomb.yaml'}:") and f": {key}: " in line, line
    assert "alias bomb" in line and not calls.exists()
    validate = _cli("validate", str(tasks / "bomb.yaml"), cwd=tmp_path)
    assert validate.returncode == 1
    assert validate.stdout.strip().startswith(f"{tasks / 'bomb.yaml'}:") and "alias bomb" in validate.stdout
    ls = _cli("ls", "tasks", "--include_path", str(tasks), cwd=tmp_path)
    assert ls.returncode == 0
    if where == "tag":  # the index parses naming keys: the file names nothing, and says why
        assert "\nbomb " not in ls.stdout
        (warning,) = [x for x in ls.stderr.splitlines() if "bomb.yaml" in x]
        assert warning.startswith("lmeval: warning: ") and "alias bomb" in warning
    else:  # the index never walks `metadata`: it lists the name at once; a run says why (above)
        assert "\nbomb " in ls.stdout


def test_interrupting_validate_does_not_talk_about_the_cache(tmp_path):
    """SIGTERM during ``validate`` (here: a slow !function import) says only that it stopped."""
    started = tmp_path / "started"
    (tmp_path / "slow.py").write_text(f"import time\nopen({str(started)!r}, 'w').close()\n"
                                      "time.sleep(60)\ndef f(doc):\n    return 'x'\n")
    (tmp_path / "slow.yaml").write_text(HEAD.format(name="slow").replace(
        'doc_to_text: "{{q}}"', "doc_to_text: !function slow.f"))
    proc = subprocess.Popen([sys.executable, "-m", "lmeval", "validate", str(tmp_path / "slow.yaml")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            env={**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "cache")})
    deadline = time.monotonic() + 60
    while not started.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
    proc.terminate()
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 143
    assert err.strip().splitlines()[-1] == "lmeval: interrupted by SIGTERM"
    assert "cache" not in err


def test_a_run_config_file_with_an_alias_bomb(tmp_path):
    config = tmp_path / "run.yaml"
    config.write_text("model: dummy\ntasks: [x]\nmetadata:\n" + "\n".join(laughs(9, 9, "  ")) + "\n")
    proc = _cli("run", "--config", str(config), cwd=tmp_path)
    assert proc.returncode == 2
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith(f"lmeval: error: {config}:") and ": metadata: " in line and "alias bomb" in line
