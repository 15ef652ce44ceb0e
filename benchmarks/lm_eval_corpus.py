"""lm-eval 0.4.13's own task folder read by lmeval: the names it lists, and what `validate` says.

    python benchmarks/lm_eval_corpus.py [--no-validate] [--json benchmarks/results/lm_eval_corpus.json]

1. Names. lm-eval's ``TaskManager`` over its own ``lm_eval/tasks`` (in the reference venv of
   ``reference_env.py``) against ``lmeval ls tasks|groups|tags --include_path`` over the same folder
   (entry points off, a fresh cache): names lm-eval lists that lmeval misses (goal: none), names
   lmeval lists that lm-eval does not, kinds, files and tag members that differ; and how many files
   lmeval's quick scan read without a parse.
   With the installed task packs too (entry points on): the names a pack and the folder both
   define, each of which must resolve to the folder's file (``--include_path`` overrides, as in
   lm-eval), and the lines ``ls tasks`` writes about them.
2. Validate. ``lmeval validate <folder>`` with lm-eval's task dependencies installed: a venv layered
   on the reference venv (a ``.pth`` line) with ``lm-eval[tasks]==0.4.13`` and this tree's
   lmeval-core. Data is not downloaded (the machine reaches PyPI only): ``validate`` checks the
   data-dependent parts only for local data. Each problem is classified: **lm-eval's own** when
   lm-eval 0.4.13 fails on the same file without data too (its YAML loader, its ``TaskConfig`` /
   ``GroupConfig``, its ``!function`` imports, its metric registry), with lm-eval's exception, or
   the file has a mistake lm-eval ignores; **needs the network** or **run-time input** when both
   tools need it; **by design** for lm-eval Python task classes (ported, not run); otherwise
   **lmeval's** (goal: none).
"""

from __future__ import annotations

import argparse
import collections
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from reference_env import WORK, reference_python  # noqa: E402

TASK_EXTRAS = "lm-eval[tasks]==0.4.13"

_REFERENCE_NAMES = r"""
import json, sys
from lm_eval.tasks import TaskManager
tm = TaskManager()
import lm_eval.tasks as t
out = {n: [e.kind.name, str(e.yaml_path) if e.yaml_path else None, sorted(e.tags)]
       for n, e in tm.task_index.items()}
json.dump({"folder": str(__import__("pathlib").Path(t.__file__).parent), "names": out}, sys.stdout)
"""

# lm-eval 0.4.13 on one file, without data: the loader (includes, !function imports), then the
# config classes and metric names, as far as TaskManager goes before a dataset is downloaded
_REFERENCE_CHECK = r"""
import json, sys, logging
logging.disable(logging.CRITICAL)
from pathlib import Path
from lm_eval.tasks._yaml_loader import load_yaml
from lm_eval.config.task import TaskConfig
from lm_eval.config.group import GroupConfig
from lm_eval.api.registry import get_metric
from dataclasses import fields
GROUP = {f.name for f in fields(GroupConfig)}

def check_task(cfg):
    cfg = {k: v for k, v in cfg.items() if k not in ("tag", "group", "task_list", "class")}
    config = TaskConfig(**cfg)
    for m in config.metric_list or []:
        if not callable(m["metric"]):
            get_metric(m["metric"])

def check_group(cfg, where):
    GroupConfig(**{k: v for k, v in cfg.items() if k in GROUP})
    for item in cfg.get("task") or []:
        if isinstance(item, dict) and "group" not in item and "task" not in item:
            raise ValueError(f"Dict entry in group must have 'task' or 'group' key, got: {list(item)}")
        if isinstance(item, dict) and "group" in item:
            check_group(item, where)

out = {}
paths = [line.strip() for line in open(sys.argv[1])]
for line in paths:
    path = line.strip()
    verdict = {"error": None, "class": False}
    try:
        verdict["class"] = "class" in load_yaml(path, resolve_func=False)
        cfg = load_yaml(path, resolve_func=True)
        if "class" in cfg:
            pass
        elif "group" in cfg:
            check_group(cfg, path)
        elif "task" in cfg:
            check_task(cfg)
    except BaseException as exc:
        verdict["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:300]
    out[path] = verdict
json.dump(out, open(sys.argv[2], "w"))
"""


def corpus_python() -> Path:
    """A venv that sees the reference venv's packages (lm-eval 0.4.13) through a ``.pth`` line and
    adds lm-eval's task dependencies and this tree's lmeval-core (editable)."""
    ref = reference_python()
    venv = WORK / "corpus-venv"
    python = venv / "bin" / "python"
    marker = venv / ".lmeval-corpus-ok"
    if not marker.exists():
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        site = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"],
                              capture_output=True, text=True, check=True).stdout.strip()
        ref_site = subprocess.run([str(ref), "-c", "import site; print(site.getsitepackages()[0])"],
                                  capture_output=True, text=True, check=True).stdout.strip()
        Path(site, "_lmeval_reference_venv.pth").write_text(ref_site + "\n")
        pip = [str(python), "-m", "pip", "install", "-q"]
        subprocess.run([*pip, TASK_EXTRAS], check=True)
        subprocess.run([*pip, "-e", str(ROOT / "packages" / "lmeval-core")], check=True)
        marker.write_text(TASK_EXTRAS + "\n")
    return python


def compare_names(folder: Path, reference: dict, cache: Path) -> dict:
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(cache), "LMEVAL_DISABLE_AUTOLOAD": "1"}
    listed: dict[str, tuple[str, str | None, list[str]]] = {}
    timings = {}
    for kind in ("tasks", "groups", "tags"):
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "lmeval", "ls", kind, "--include_path", str(folder)],
                              capture_output=True, text=True, env=env, check=True)
        timings[kind] = time.perf_counter() - start
        for line in proc.stdout.splitlines()[1:]:
            cells = re.split(r"\s{2,}", line.strip())
            if kind == "tags":
                listed[cells[0]] = ("TAG", None, [])
            else:
                listed[cells[0]] = ("GROUP" if kind == "groups" else "TASK", cells[2], [])
    warm = time.perf_counter()
    subprocess.run([sys.executable, "-m", "lmeval", "ls", "tasks", "--include_path", str(folder)],
                   capture_output=True, env=env, check=True)
    warm = time.perf_counter() - warm
    sys.path.insert(0, str(ROOT / "packages" / "lmeval-core" / "src"))
    os.environ["LMEVAL_CACHE_DIR"] = str(cache)
    from lmeval.tasks.index import TaskIndex
    from lmeval.tasks.yamlscan import quick_scan

    index = TaskIndex([(folder, "include_path")])
    kinds = {"TASK": "task", "PY_TASK": "task", "GROUP": "group", "TAG": "tag"}
    ref_names, our_names = set(reference), set(listed)
    differ = {"kind": [], "file": [], "tag members": []}
    for name in sorted(ref_names & our_names):
        kind, path, tags = reference[name]
        entry = index.get(name)
        if kinds[kind] != entry.kind:
            differ["kind"].append(name)
        elif path and os.path.realpath(path) != os.path.realpath(entry.path or ""):
            differ["file"].append(name)
        elif kind == "TAG" and sorted(tags) != sorted(entry.tags):
            differ["tag members"].append(name)
    files = [p for p in folder.rglob("*.yaml") if "__pycache__" not in p.parts]
    quick = sum(quick_scan(p.read_bytes().decode("utf-8", "replace")) is not None for p in files)
    return {
        "lm_eval_names": len(ref_names), "lmeval_names": len(our_names),
        "listed_of_lm_eval": len(ref_names & our_names),
        "missing": sorted(ref_names - our_names), "extra": sorted(our_names - ref_names),
        "differ": {k: v for k, v in differ.items()},
        "yaml_files": len(files), "quick_scan_answered": quick,
        "ls_cold_s": round(timings["tasks"], 3), "ls_warm_s": round(warm, 3),
    }


def compare_with_packs(folder: Path, cache: Path) -> dict:
    """The folder passed with ``--include_path`` beside the installed task packs (entry points
    on): the names both define, whether each resolves to the folder's file (lm-eval's rule:
    include_path overrides), and what ``lmeval ls tasks`` says about it on stderr."""
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(cache)}
    env.pop("LMEVAL_DISABLE_AUTOLOAD", None)
    proc = subprocess.run([sys.executable, "-m", "lmeval", "ls", "tasks", "--include_path", str(folder)],
                          capture_output=True, text=True, env=env, check=True)
    from lmeval.plugins import get_plugin_manager
    from lmeval.tasks.index import TaskIndex, task_sources

    logging.getLogger("lmeval").setLevel(logging.ERROR)  # each name used below is a warning
    packs = task_sources(get_plugin_manager(), None)
    alone, folder_only = TaskIndex(packs), TaskIndex([(folder, "include_path")])
    both = TaskIndex([*packs, (folder, "include_path")])
    common = sorted(set(alone.rows) & set(folder_only.rows))
    kinds = collections.Counter(f"{alone.get(n).kind}/{folder_only.get(n).kind}" for n in common)
    not_folder = [n for n in common if both.get(n).kind != folder_only.get(n).kind
                  or (both.get(n).kind == "tag" and set(both.get(n).tags) != set(folder_only.get(n).tags))
                  or (both.get(n).kind != "tag"
                      and os.path.realpath(both.get(n).path) != os.path.realpath(folder_only.get(n).path))]
    return {"pack_sources": len(packs), "pack_names": len(alone.rows), "in_both": len(common),
            "kinds": dict(kinds), "not_resolved_to_folder": not_folder,
            "pack_only": sorted(set(alone.rows) - set(folder_only.rows)),
            "ls_stderr_lines": len(proc.stderr.splitlines()), "ls_stderr": proc.stderr[:600]}


_LINE = re.compile(r"^(?P<file>/[^:]+?)(?::(?P<line>\d+))?: (?P<rest>.*)$")


def validate(folder: Path, python: Path, cache: Path, saved: Path | None = None) -> dict:
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(cache), "LMEVAL_DISABLE_AUTOLOAD": "1",
           "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1", "PYTHONWARNINGS": "ignore"}
    start = time.perf_counter()
    if saved is not None:  # a validate output kept from an earlier run (--validate-output)
        stdout, stderr, code = saved.read_text(), "", None
    else:
        proc = subprocess.run([str(python), "-m", "lmeval", "validate", str(folder)],
                              capture_output=True, text=True, env=env)
        stdout, stderr, code = proc.stdout, proc.stderr, proc.returncode
        (WORK / "lm_eval_corpus_validate.txt").write_text(stdout)
    elapsed = time.perf_counter() - start
    problems, warnings = [], []
    for line in stdout.splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        (warnings if ": warning: " in line else problems).append((m.group("file"), line))
    files = sorted({f for f, _ in problems})
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "files.txt").write_text("\n".join(files))
        check = subprocess.run([str(python), "-c", _REFERENCE_CHECK, str(Path(tmp, "files.txt")),
                                str(Path(tmp, "verdicts.json"))], capture_output=True, text=True, env=env)
        if check.returncode != 0:
            raise SystemExit(f"the lm-eval check failed: {check.stderr[-2000:]}")
        verdicts = json.loads(Path(tmp, "verdicts.json").read_text())
    classes: dict[str, list[dict]] = {k: [] for k in CLASSES}
    for file, line in problems:
        verdict = verdicts.get(file) or {"error": None, "class": False}
        kind, reason = classify(line, verdict)
        classes[kind].append({"problem": line, "reason": reason})
    _recheck_alone(classes, python, env)
    summary = collections.Counter(_kind_of(p["problem"]) for p in classes["lmeval"])
    return {"files_checked": _checked(stderr), "seconds": round(elapsed, 1),
            "problems": len(problems), **classes,
            "lmeval_by_kind": dict(summary.most_common()), "warnings": len(warnings),
            "warning_lines": [w for _, w in warnings][:50], "exit_code": code,
            "stderr_tail": stderr[-600:]}


def _recheck_alone(classes: dict[str, list[dict]], python: Path, env: dict) -> None:
    """lmeval's problems again, each file validated alone in a fresh process: a problem that
    goes away came from the state of the one long process (imports of earlier tasks' helpers)."""
    still: list[dict] = []
    alone: dict[str, str] = {}
    for item in classes["lmeval"]:
        file = _LINE.match(item["problem"]).group("file")
        if file not in alone:
            proc = subprocess.run([str(python), "-m", "lmeval", "validate", file],
                                  capture_output=True, text=True, env=env)
            alone[file] = proc.stdout if _checked(proc.stderr) else None  # None: it did not finish
        if alone[file] is None or item["problem"] in alone[file]:
            still.append(item)
        else:
            classes["one_process"].append({**item, "reason": "the file validates alone"})
    classes["lmeval"] = still


CLASSES = {
    "lm_eval_own": "lm-eval's own: lm-eval 0.4.13 fails on the file too, or the file has a mistake "
                   "lm-eval ignores",
    "network": "needs the network: a dataset, metric or helper fetched from the Hub at load time "
               "(both tools, offline)",
    "runtime_input": "needs run-time input lm-eval needs too (a tokenizer for RULER's generated data)",
    "by_design": "lmeval by design, documented: an lm-eval Python Task class (`class:`) must be ported "
                 "to lmeval's Task",
    "one_process": "lmeval's, only in one process over the whole folder: alone, the file validates "
                   "(a helper import that fails after earlier tasks' helpers were imported)",
    "lmeval": "lmeval's",
}
_NETWORK = re.compile(r"Couldn't reach|OfflineModeIsEnabled|Couldn't find a module script|"
                      r"ConnectionError|urlopen error|Max retries exceeded")


def classify(line: str, verdict: dict) -> tuple[str, str]:
    """Which of CLASSES a validate problem belongs to, and why."""
    error = verdict.get("error")
    if error and _NETWORK.search(error) or _NETWORK.search(line):
        return "network", error or line.split(": ", 1)[-1]
    if error:
        return "lm_eval_own", f"lm-eval 0.4.13: {error}"
    if verdict.get("class"):
        return "by_design", "class: names an lm-eval Task subclass"
    if "No tokenizer or pretrained provided" in line:
        return "runtime_input", "RULER generates its documents with the model's tokenizer"
    m = re.search(r"data file '(/[^']+)' for split", line)
    if m and not Path(m.group(1)).exists():
        return "lm_eval_own", f"a data file on the authors' machine: {m.group(1)}"
    if re.search(r"has no keyword '\w+' \(did you mean", line):
        return "lm_eval_own", "a misspelled metric keyword, which lm-eval drops without a word"
    return "lmeval", ""


def _checked(stderr: str) -> int | None:
    m = re.search(r"(\d+) file\(s\) checked", stderr)
    return int(m.group(1)) if m else None


def _kind_of(line: str) -> str:
    m = _LINE.match(line)
    rest = m.group("rest") if m else line
    return re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "…", rest)[:90]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-validate", action="store_true", help="names only")
    ap.add_argument("--json", type=Path, default=None, help="write the full results here")
    ap.add_argument("--validate-output", type=Path, default=None,
                    help="classify this saved `lmeval validate` output instead of running it "
                         "(the last run's is kept in benchmarks/.work/lm_eval_corpus_validate.txt)")
    args = ap.parse_args()
    ref = reference_python()
    proc = subprocess.run([str(ref), "-c", _REFERENCE_NAMES], capture_output=True, text=True, check=True)
    data = json.loads(proc.stdout)
    folder = Path(data["folder"])
    cache = Path(tempfile.mkdtemp(prefix="lmeval-corpus-cache-"))
    result = {"folder": str(folder), "names": compare_names(folder, data["names"], cache)}
    names = result["names"]
    print(f"names: lmeval lists {names['listed_of_lm_eval']} of lm-eval's {names['lm_eval_names']} "
          f"({100 * names['listed_of_lm_eval'] / names['lm_eval_names']:.1f}%), "
          f"{len(names['extra'])} extra; differing kind/file/tag members: "
          f"{', '.join(f'{k} {len(v)}' for k, v in names['differ'].items())}")
    print(f"       {names['quick_scan_answered']} of {names['yaml_files']} YAML files read by the quick "
          f"scan, the rest parsed; ls tasks cold {names['ls_cold_s']} s, warm {names['ls_warm_s']} s")
    if names["missing"]:
        print("       missing:", ", ".join(names["missing"][:20]))
    result["with_packs"] = packs = compare_with_packs(folder, cache)
    print(f"with the installed packs ({packs['pack_sources']} sources, {packs['pack_names']} names): "
          f"{packs['in_both']} names in both ({', '.join(f'{k} {v}' for k, v in packs['kinds'].items())}), "
          f"{packs['in_both'] - len(packs['not_resolved_to_folder'])} resolved to the folder's file; "
          f"`ls tasks` stderr: {packs['ls_stderr_lines']} line(s)")
    if not args.no_validate:
        result["validate"] = v = validate(folder, corpus_python(), cache, args.validate_output)
        print(f"validate: {v['files_checked']} files in {v['seconds']} s: {v['problems']} problems, "
              f"{v['warnings']} warnings")
        for key, title in CLASSES.items():
            print(f"  {len(v[key]):5d}  {title}")
            reasons = collections.Counter(p["reason"][:110] for p in v[key])
            for reason, count in reasons.most_common(12 if key != "lmeval" else 0):
                print(f"         {count:4d}  {reason}")
        for kind, count in v["lmeval_by_kind"].items():
            print(f"         {count:4d}  {kind}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
