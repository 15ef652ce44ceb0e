"""The bad-input table: each class of bad input run through the ``lmeval`` command line, with
the line it prints, the exit code and whether the model was loaded first.

The backend is ``loadwatch`` (``packages/lmeval-core/tests/loadwatch.py``: the reference LM that
prints ``Loading weights`` when it is built), or with ``--hf`` the ``hf`` backend on the test
kit's tiny GPT-2 (needs lmeval-hf and lmeval-testkit). Full and read-only file systems are tiny
tmpfs mounts in a private mount namespace (``unshare -rm``); without one those rows are skipped.

    .venv/bin/python benchmarks/bad_input_table.py [--hf]
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WATCH = ROOT / "packages" / "lmeval-core" / "tests" / "loadwatch.py"
N = 2000
BAD = 1736  # the spoiled document

TASK = """task: t
dataset_path: json
dataset_kwargs:
  data_files:
    test: t.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: {text}
doc_to_choice: {choice}
doc_to_target: answer
{extra}"""


@dataclass
class Case:
    name: str
    spoil: Callable[[Path, list[dict]], None] = lambda root, docs: None
    text: str = '"Q: {{q}}"'
    choice: str = "choices"
    extra: str = ""
    helper: str | None = None
    argv: Callable[[Path], list[str]] = lambda root: []
    env: Callable[[Path], dict[str, str]] = lambda root: {}
    command: str = "run"
    namespace: str | None = None  # shell run in a private mount namespace before lmeval
    proceeds: bool = False  # a warning: the run goes on (with --hf, on two documents only)


def _set(i: int, **values: object) -> Callable[[Path, list[dict]], None]:
    return lambda root, docs: docs[i].update(values)


def _bomb(root: Path, docs: list[dict]) -> None:
    lines = ["metadata:", "  l0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"  l{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    with open(root / "t.yaml", "a", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")


def _link(name: str) -> Callable[[Path], str]:
    def make(root: Path) -> str:
        (root / name).symlink_to(root / "nowhere")
        return str(root / name)
    return make


LOOP_AT = f"def fn(doc):\n    if doc['i'] == {BAD}:\n        while True:\n            pass\n    return doc['q']\n"
CASES = [
    Case("YAML alias bomb under `metadata` (run)", spoil=_bomb),
    Case("YAML alias bomb under `metadata` (validate)", spoil=_bomb, command="validate"),
    Case("`!function` module that loops at import", text="!function helper.fn",
         helper="while True:\n    pass\n", env=lambda r: {"LMEVAL_TASK_CODE_TIMEOUT": "2"}),
    Case(f"`doc_to_text` function that loops on document {BAD}", text="!function helper.fn", helper=LOOP_AT,
         env=lambda r: {"LMEVAL_TASK_CODE_TIMEOUT": "2"}),
    Case("Jinja `{% for %}` over huge ranges", text='"{% for a in range(1000000) %}{% for b in range(1000000) %}'
         '{% endfor %}{% endfor %}{{q}}"', env=lambda r: {"LMEVAL_TASK_CODE_TIMEOUT": "2"}),
    Case("`process_docs` that never returns", extra="process_docs: !function helper.process\n",
         helper="def process(docs):\n    while True:\n        pass\n",
         env=lambda r: {"LMEVAL_TASK_CODE_TIMEOUT": "0.2"}),
    Case(f"document {BAD} lacks a column", spoil=lambda r, d: d[BAD].pop("q")),
    Case(f"gold of document {BAD} outside the choices", spoil=_set(BAD, answer=4)),
    Case(f"gold of document {BAD} not one of the choices", spoil=_set(BAD, answer="seven")),
    Case(f"float gold in document {BAD}", spoil=_set(BAD, answer=1.0)),
    Case(f"NaN gold in document {BAD}", spoil=_set(BAD, answer=float("nan"))),
    Case(f"non-string choice in document {BAD}", spoil=_set(BAD, choices=["a", 2, "c", "d"])),
    Case("duplicate YAML key breaking every document", extra="doc_to_choice: choises\n"),
    Case(f"bool gold (`true`) in document {BAD}", spoil=_set(BAD, answer=True), proceeds=True),
    Case(f"a choice written twice in document {BAD}", spoil=_set(BAD, choices=["a", "a", "c", "d"]), proceeds=True),
    Case("`--samples '{\"t\": [1, 1, 1, 2]}'`", argv=lambda r: ["--samples", '{"t": [1, 1, 1, 2]}'], proceeds=True),
    Case("`--use_cache` a dangling symlink", argv=lambda r: ["--use_cache", _link("cache")(r)]),
    Case("`--output_path` a dangling symlink", argv=lambda r: ["--output_path", _link("out")(r)]),
    Case("`--output_path` under a file", argv=lambda r: ["--output_path", str(r / "t.jsonl" / "out")]),
    Case("`LMEVAL_CACHE_DIR` a dangling symlink", env=lambda r: {"LMEVAL_CACHE_DIR": _link("lc")(r)}),
    Case("`--use_cache` on a full file system", argv=lambda r: ["--use_cache", str(r / "fs" / "cache")],
         namespace="dd if=/dev/zero of={fs}/fill bs=4096 >/dev/null 2>&1; true"),
    Case("`--use_cache` on a read-only file system", argv=lambda r: ["--use_cache", str(r / "fs" / "cache")],
         namespace="mount -o remount,ro {fs}"),
    Case("`--output_path` on a full file system", argv=lambda r: ["--output_path", str(r / "fs" / "out")],
         namespace="dd if=/dev/zero of={fs}/fill bs=4096 >/dev/null 2>&1; true"),
]


def _docs() -> list[dict]:
    return [{"i": i, "q": f"{i} + 1?", "choices": [str(i + k) for k in range(4)], "answer": 1}
            for i in range(N)]


def _unshare_ok() -> bool:
    return bool(shutil.which("unshare")) and subprocess.run(
        ["unshare", "-rm", "true"], capture_output=True).returncode == 0


def run_case(case: Case, base: Path, model: list[str]) -> tuple[str, int | None, str]:
    root = base / "".join(c if c.isalnum() else "_" for c in case.name)[:60]
    root.mkdir()
    docs = _docs()
    (root / "t.yaml").write_text(TASK.format(text=case.text, choice=case.choice, extra=case.extra))
    case.spoil(root, docs)
    (root / "t.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    if case.helper:
        (root / "helper.py").write_text(case.helper)
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(root / "cache-dir"), **case.env(root)}
    if case.command == "validate":
        argv = [sys.executable, "-m", "lmeval", "validate", str(root / "t.yaml")]
    else:
        argv = [sys.executable, "-m", "lmeval", "run", *model, "--tasks", "t", "--include_path",
                str(root), "--bootstrap_iters", "0", *case.argv(root)]
        if case.proceeds and "--samples" not in argv and "loadwatch" not in model:
            argv += ["--samples", json.dumps({"t": [0, BAD]})]  # a CPU model: two documents
    if case.namespace:
        (root / "fs").mkdir()
        fs = shlex.quote(str(root / "fs"))
        script = f"mount -t tmpfs -o size=256k tmpfs {fs} && {case.namespace.format(fs=fs)} && exec {shlex.join(argv)}"
        argv = ["unshare", "-rm", "sh", "-c", script]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=600, env=env, cwd=root)
    out = (proc.stdout + proc.stderr).splitlines()
    lines = [x for x in out if x.startswith(("lmeval: error:", "lmeval: warning:", "lmeval: "))
             and ("error" in x or "warning" in x)]
    if case.command == "validate":
        lines = [x for x in proc.stdout.splitlines() if x.strip()][:1]
    loaded = "yes" if any("Loading" in x for x in out) else "no"
    line = lines[0] if lines else (out[-1] if out else "")
    return line.replace(str(root) + "/", ""), proc.returncode, loaded


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hf", action="store_true", help="the hf backend on the test kit's tiny GPT-2")
    args = parser.parse_args()
    unshare = _unshare_ok()
    with tempfile.TemporaryDirectory(prefix="lmeval-bad-inputs-") as tmp:
        base = Path(tmp)
        if args.hf:
            from lmeval_testkit.hf import build_tiny_gpt2

            model = ["--model", "hf", "--model_args", f"pretrained={build_tiny_gpt2(base / 'gpt2')}"]
        else:
            model = ["--model", "loadwatch", "--plugins", str(WATCH)]
        print("| input | exit | model loaded | the line printed (error, warning or validate's problem) |")
        print("| --- | --- | --- | --- |")
        for case in CASES:
            if case.namespace and not unshare:
                print(f"| {case.name} | - | - | skipped: no private mount namespace (unshare -rm) |")
                continue
            line, code, loaded = run_case(case, base, model)
            shown = line.replace("|", "\\|")
            print(f"| {case.name} | {code} | {loaded} | `{shown}` |")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
