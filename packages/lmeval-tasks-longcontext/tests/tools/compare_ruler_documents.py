"""Compare two digests of ``ruler_documents.py`` (lmeval's and lm-eval's)::

    python compare_ruler_documents.py MINE.json REFERENCE.json

Prints one line per task (identical documents / how many differ / the errors) and a total; exits
1 when a task differs.
"""

from __future__ import annotations

import json
import sys


def compare(mine: dict, ref: dict) -> tuple[list[str], int]:
    lines, bad = [], 0
    for task in ref:
        a, b = mine.get(task, {"error": "missing"}), ref[task]
        if "error" in a or "error" in b:
            same = a.get("error") == b.get("error")
            lines.append(f"{task}: {'same error' if same else 'DIFFERENT'}: lmeval {a.get('error', a.get('count'))} / "
                         f"lm-eval {b.get('error', b.get('count'))}")
        elif a["sha256"] == b["sha256"]:
            lines.append(f"{task}: {a['count']} documents identical")
            same = True
        else:
            diff = sum(x != y for x, y in zip(a["sha256"], b["sha256"], strict=False)) + abs(a["count"] - b["count"])
            lines.append(f"{task}: DIFFERENT: {diff} of {b['count']} documents (lmeval {a['count']})")
            same = False
        bad += not same
    return lines, bad


def main(argv: list[str]) -> int:
    mine, ref = (json.loads(open(p, encoding="utf-8").read()) for p in argv[:2])
    lines, bad = compare(mine, ref)
    print("\n".join(lines))
    print(f"{len(ref) - bad}/{len(ref)} tasks identical")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
