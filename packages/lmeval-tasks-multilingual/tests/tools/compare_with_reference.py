"""Compare the requests lmeval builds with those lm-eval 0.4.13 builds, document by document.

    /tmp/ref/bin/python tests/tools/reference_requests.py --mirror M --tasks a,b > ref.json
    python tests/tools/compare_with_reference.py --mirror M --reference ref.json [--rename ours=theirs,...]

Prints one line per task: ``ok`` or the first difference (document, request, field). A development
tool: lm-eval is not installed where the tests run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any


def ours(names: list[str], include_path: str | None, num_fewshot: int | None = None) -> dict[str, Any]:
    from lmeval.evaluator import _flatten, build_instances, task_sources
    from lmeval.plugins import get_plugin_manager
    from lmeval.tasks.index import TaskIndex
    from lmeval.tasks.loader import TaskLoader

    pm = get_plugin_manager()
    index = TaskIndex(task_sources(pm, include_path))
    loader = TaskLoader(index, pm)
    out: dict[str, Any] = {}
    for name in names:
        try:
            tasks, _ = _flatten(loader.load([name]))
        except Exception as exc:  # noqa: BLE001
            out[name] = {"error": f"{type(exc).__name__}: {exc}"}
            continue
        for task in tasks:
            try:
                if num_fewshot is not None:
                    task.config.num_fewshot = num_fewshot
                task.fewshot_seed = 1234
                task.check()
                _, instances = build_instances(task)
                rows: dict[int, list] = {}
                for inst in instances:
                    rows.setdefault(inst.doc_id, []).append(json.loads(json.dumps(list(inst.arguments), default=str)))
                out[task.name] = sorted(rows.items())
            except Exception as exc:  # noqa: BLE001
                out[task.name] = {"error": f"{type(exc).__name__}: {exc}"}
    return out


def first_difference(a: Any, b: Any) -> str | None:
    if isinstance(a, dict) or isinstance(b, dict):
        return None if a == b else f"ours={str(a)[:300]} reference={str(b)[:300]}"
    if len(a) != len(b):
        return f"{len(a)} documents vs {len(b)}"
    for (doc_a, reqs_a), (doc_b, reqs_b) in zip(a, b, strict=True):
        if doc_a != doc_b or len(reqs_a) != len(reqs_b):
            return f"doc {doc_a}/{doc_b}: {len(reqs_a)} requests vs {len(reqs_b)}"
        for i, (ra, rb) in enumerate(zip(reqs_a, reqs_b, strict=True)):
            if ra != rb:
                for j, (fa, fb) in enumerate(zip(ra, rb, strict=False)):
                    if fa != fb:
                        return f"doc {doc_a} request {i} arg {j}:\n  ours      {fa!r}\n  reference {fb!r}"
                return f"doc {doc_a} request {i}: {ra!r} vs {rb!r}"
    return None


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--reference", required=True)
    ap.add_argument("--include_path", default=None)
    ap.add_argument("--rename", default="", help="ours=theirs pairs when names differ")
    ap.add_argument("--num_fewshot", type=int, default=None)
    args = ap.parse_args()
    os.environ["LMEVAL_DATASETS_DIR"] = os.path.abspath(args.mirror)
    reference = json.load(open(args.reference, encoding="utf-8"))
    rename = dict(p.split("=") for p in args.rename.split(",") if p)
    theirs_to_ours = {v: k for k, v in rename.items()}
    names = [theirs_to_ours.get(n, n) for n in reference]
    mine = ours(names, args.include_path, args.num_fewshot)
    bad = 0
    for name in sorted(mine):
        ref = reference.get(rename.get(name, name))
        if ref is None:
            print(f"{name}: no reference")
            continue
        diff = first_difference(mine[name], ref)
        if diff:
            bad += 1
        print(f"{name}: {'ok' if diff is None else diff}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
