"""Write IFEval's goldens with the reference tool, lm-eval 0.4.13::

    NLTK_DATA=packages/lmeval-tasks-leaderboard/src/lmeval_tasks_leaderboard/data/nltk_data \\
        benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-leaderboard/tests/tools/make_ifeval_goldens.py

(1) ``golden/ifeval_requests.json``: the requests of the first document of ``ifeval`` and
``leaderboard_ifeval`` built by lm-eval's own task definitions on the fixture mirror, scored with
lmeval-testkit's stand-in answer. (2) ``golden/ifeval_scores.json``: lm-eval's ``process_results``
for every fixture document and each answer of ``benchmarks/scripted/ifeval.py`` and of
:data:`EXTRA_ANSWERS`. langdetect draws at random, so a verdict that changes over 25 runs (a
short text between two languages) is left out.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "golden"
MIRROR = HERE.parent / "fixtures" / "datasets"
SCRIPTED = HERE.parents[3] / "benchmarks" / "scripted" / "ifeval.py"
sys.path[:0] = [str(HERE.parents[2] / "lmeval-testkit" / "src")]

from lmeval_testkit.goldens import write_goldens  # noqa: E402

EXTRA_ANSWERS = ("", " ", "*", "***", "******", "a\n\nb", '""', "P.S", "SECTION 1 SECTION 2", "```json\n[1,2]\n```",
                 "<<>>", "<< t >>", "[a] [b]", "- a\n- b\n* c", "*x* **y** ** **", "x" * 10 + ",",
                 "Sure, here it is:\n*** \nFirst part ***\n**Second** part\nThanks!")


def scripted_answers() -> list[str]:
    spec = importlib.util.spec_from_file_location("scripted_ifeval", SCRIPTED)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [a for answers in module.ANSWERS.values() for a in answers]


def main() -> None:
    logging.disable(logging.ERROR)
    write_goldens(["ifeval", "leaderboard_ifeval"], MIRROR, OUT / "ifeval_requests.json")
    from lm_eval.tasks.ifeval.utils import process_results

    docs = [json.loads(line) for line in (MIRROR / "google" / "IFEval" / "default" / "train.jsonl").open(encoding="utf-8")]
    answers = [*scripted_answers(), *EXTRA_ANSWERS]
    records = []
    for doc in docs:
        for i, answer in enumerate(answers):
            runs = [process_results(doc, [answer]) for _ in range(25)]
            if all(r == runs[0] for r in runs):
                records.append({"key": doc["key"], "answer": i, **runs[0]})
    text = json.dumps({"answers": answers, "records": records}, ensure_ascii=False, indent=0)
    (OUT / "ifeval_scores.json").write_text(text + "\n", encoding="utf-8")
    print(f"wrote {OUT / 'ifeval_scores.json'} ({len(records)} records)")


if __name__ == "__main__":
    main()
