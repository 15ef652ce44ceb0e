"""Write LIBRA's goldens with the reference tool, lm-eval 0.4.13 (pymorphy3 installed)::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_libra_goldens.py

``golden/libra_requests.json``: the request lm-eval builds for the first fixture document of a
slice of the tasks; ``golden/libra_scores.json``: for every task, the answers of
``benchmarks/scripted/libra.py`` given to its fixture documents in turn (shifted by k, k = 0..13)
and lm-eval's ``libra_score`` of each assignment (its own process_results and aggregation).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

PACK = Path(__file__).resolve().parents[2]
MIRROR = PACK / "tests" / "fixtures" / "datasets"
OUT = PACK / "tests" / "golden"
sys.path[:0] = [str(PACK.parent / "lmeval-testkit" / "src")]

from lmeval_testkit.goldens import reference_tasks, write_goldens  # noqa: E402

REQUEST_CASES = ["passkey", "ru_babilong_qa3", "ru_gsm100", "ru_qasper", "ru_sci_passage_count", "matreshka_yes_no"]
TASKS = ["librusec_history", "librusec_mhqa", "long_context_multiq", "matreshka_names", "matreshka_yes_no",
         "passkey", "passkey_with_librusec", "ru_2wikimultihopqa", "ru_babilong_qa1", "ru_babilong_qa2",
         "ru_babilong_qa3", "ru_babilong_qa4", "ru_babilong_qa5", "ru_gsm100", "ru_qasper", "ru_quality",
         "ru_sci_abstract_retrieval", "ru_sci_passage_count"]


def scripted_answers() -> tuple[str, ...]:
    spec = importlib.util.spec_from_file_location("libra_scripted", PACK.parents[1] / "benchmarks" / "scripted" / "libra.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ANSWERS


def main() -> None:
    write_goldens(REQUEST_CASES, MIRROR, OUT / "libra_requests.json")
    answers = scripted_answers()
    records = []
    for name, task in reference_tasks(TASKS, MIRROR):
        docs = list(task.eval_docs)
        aggregate = task.aggregation()["libra_score"]
        for shift in range(len(answers)):
            given = [answers[(i + shift) % len(answers)] for i in range(len(docs))]
            items = [task.process_results(doc, [a])["libra_score"] for doc, a in zip(docs, given, strict=True)]
            records.append({"task": name, "answers": given, "libra_score": aggregate(items)})
    (OUT / "libra_scores.json").write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(records)} score records", file=sys.stderr)


if __name__ == "__main__":
    main()
