"""Which of lm-eval 0.4.13's task folders the installed task packs cover, folder by folder.

    .venv/bin/python benchmarks/catalogue_coverage.py [--folders leaderboard ifeval ...]
        [--parity results/task_parity.json /tmp/x_parity.json ...] [--json OUT]

lm-eval's ``TaskManager`` (reference venv, no ``--include_path``) gives every task, group and tag
name it registers and the YAML file that defines it; a name belongs to the top folder of
``lm_eval/tasks`` its file is in (a tag, which has no file, to the folder of most of its
members). lmeval's names are what ``lmeval ls`` lists with every installed pack (entry points,
no ``--include_path``). Per folder: names lm-eval registers, names lmeval lists of them, and, with
``--parity`` files written by ``task_parity.py`` (rows with ``task_names``), how many of the
folder's tasks and groups were compared, identical and deliberately different (a later file's
verdict on a name replaces an earlier one's).
"""

from __future__ import annotations

import argparse
import collections
import fnmatch
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from reference_env import reference_python  # noqa: E402

_REFERENCE = r"""
import json, sys, pathlib, logging
logging.disable(logging.CRITICAL)
from lm_eval.tasks import TaskManager
import lm_eval.tasks as t
root = pathlib.Path(t.__file__).parent
tm = TaskManager()
out = {}
for name, e in tm.task_index.items():
    folder = None
    if e.yaml_path:
        try:
            folder = pathlib.Path(e.yaml_path).resolve().relative_to(root).parts[0]
        except ValueError:
            folder = None
    out[name] = [e.kind.name, folder, sorted(e.tags)]
json.dump(out, sys.stdout)
"""


def reference_names() -> dict[str, str]:
    """lm-eval's name -> its folder."""
    proc = subprocess.run([str(reference_python()), "-c", _REFERENCE], capture_output=True, text=True,
                          check=True, env={**os.environ, "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"})
    entries = json.loads(proc.stdout)
    folders = {n: e[1] for n, e in entries.items() if e[1]}
    members: dict[str, list[str]] = collections.defaultdict(list)
    for name, (_kind, _folder, tags) in entries.items():
        for tag in tags:
            members[tag].append(name)
    for name, (_kind, folder, _tags) in entries.items():
        if not folder:
            counts = collections.Counter(folders.get(m) for m in members.get(name, []) if folders.get(m))
            folders[name] = counts.most_common(1)[0][0] if counts else "(none)"
    return folders


def lmeval_names() -> dict[str, str]:
    """lmeval's name -> the distribution that provides it (every installed pack)."""
    os.environ.setdefault("LMEVAL_CACHE_DIR", tempfile.mkdtemp(prefix="coverage-cache-"))
    from lmeval.plugins import get_plugin_manager
    from lmeval.tasks.index import TaskIndex, task_sources

    logging.getLogger("lmeval").setLevel(logging.ERROR)
    pm = get_plugin_manager()
    index = TaskIndex(task_sources(pm, None))
    out = {}
    for name in index.rows:
        entry = index.get(name)
        out[name] = entry.distribution
    return out


def parity_verdicts(files: list[Path]) -> dict[str, str]:
    """name -> identical | deliberate | differing, from task_parity.py result files."""
    verdict: dict[str, str] = {}
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):  # a coverage table (--json) beside the results: no verdicts
            continue
        for row in data.get("packs", []):
            names = list(row.get("task_names", [])) + list(row.get("group_names", []))
            bad = {**row.get("differing", {}), **row.get("groups_differing", {})}
            kept = {**row.get("deliberate", {}), **row.get("groups_deliberate", {})}
            for name in names:
                verdict[name] = "differing" if name in bad else "deliberate" if name in kept else "identical"
    return verdict


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folders", nargs="*", help="lm-eval folders (globs) to show; default all")
    parser.add_argument("--parity", nargs="*", type=Path, default=[], help="task_parity.py result files")
    parser.add_argument("--json", type=Path, help="write the table as JSON here")
    args = parser.parse_args()
    ref = reference_names()
    ours = lmeval_names()
    verdicts = parity_verdicts(args.parity)
    by_folder: dict[str, list[str]] = collections.defaultdict(list)
    for name, folder in ref.items():
        by_folder[folder].append(name)
    rows = []
    for folder in sorted(by_folder):
        if args.folders and not any(fnmatch.fnmatch(folder, g) for g in args.folders):
            continue
        names = by_folder[folder]
        listed = [n for n in names if n in ours]
        judged = collections.Counter(verdicts[n] for n in listed if n in verdicts)
        rows.append({"folder": folder, "names": len(names), "listed": len(listed),
                     "compared": sum(judged.values()), "identical": judged["identical"],
                     "deliberate": judged["deliberate"], "differing": judged["differing"],
                     "missing": sorted(set(names) - set(listed))})
    print("| lm-eval folder | names | lmeval lists | compared | identical | deliberate | differing | missing (first 4) |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        miss = ", ".join(r["missing"][:4]) + (" ..." if len(r["missing"]) > 4 else "")
        print(f"| {r['folder']} | {r['names']} | {r['listed']} | {r['compared']} | {r['identical']} | "
              f"{r['deliberate']} | {r['differing']} | {miss or '–'} |")
    total = sum(r["names"] for r in rows)
    listed = sum(r["listed"] for r in rows)
    full = sum(1 for r in rows if r["listed"] == r["names"])
    print(f"\n{len(rows)} folders, {full} fully listed; {listed} of {total} names "
          f"({100 * listed / max(total, 1):.1f}%)")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
