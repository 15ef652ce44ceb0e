"""Build tests/golden/requests.json from two reference dumps of lm-eval 0.4.13.

    /tmp/ref/bin/python tests/tools/reference_requests.py --mirror tests/fixtures --tasks ALL > ref0.json
    /tmp/ref/bin/python tests/tools/reference_requests.py --mirror tests/fixtures --tasks ALL --num_fewshot 2 > ref2.json
    python tests/tools/make_golden.py ref0.json ref2.json [--merge]

Keeps the requests of document 0 of every task, zero-shot, and 2-shot for the first task of every
task folder (one per prompt template). ``--merge`` adds the dumps' tasks to the golden file and
keeps the others (dumps of new tasks only). Tasks of ``DELIBERATE`` are left out: the pack
builds other requests on purpose (README).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]
TASKS = HERE / "src" / "lmeval_tasks_multilingual" / "tasks"
#: tasks whose requests differ from lm-eval's on purpose (see the README's deliberate differences)
DELIBERATE = {"arabic_mt_sciq", "arabic_mt_sciq_light"}


def first_task_per_folder() -> set[str]:
    chosen = set()
    for folder in sorted({p.parent for p in TASKS.rglob("*.yaml")}):
        for path in sorted(folder.glob("*.yaml")):
            text = path.read_text(encoding="utf-8")
            if "\ntask: " in text and "\ngroup: " not in text:
                chosen.add(text.split("\ntask: ", 1)[1].split("\n", 1)[0].strip())
                break
    return chosen


def main() -> int:
    zero = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    two = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
    wanted = first_task_per_folder()
    out = HERE / "tests" / "golden" / "requests.json"
    old = json.loads(out.read_text(encoding="utf-8")) if "--merge" in sys.argv else {"zero_shot": {}, "two_shot": {}}
    zero_new = {t: rows[0][1] for t, rows in zero.items() if isinstance(rows, list) and t not in DELIBERATE}
    two_new = {t: rows[0][1] for t, rows in two.items()
               if isinstance(rows, list) and t in wanted and t not in DELIBERATE}
    golden = {
        "source": "lm-eval 0.4.13 with its own task YAML, on tests/fixtures (tests/tools/reference_requests.py)",
        "zero_shot": dict(sorted({**old["zero_shot"], **zero_new}.items())),
        "two_shot": dict(sorted({**old["two_shot"], **two_new}.items())),
    }
    out.write_text(json.dumps(golden, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(golden['zero_shot'])} zero-shot, {len(golden['two_shot'])} two-shot tasks -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
