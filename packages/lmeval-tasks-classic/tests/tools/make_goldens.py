"""Write this pack's golden requests with the reference tool, lm-eval 0.4.13, on its fixtures.

Run with the interpreter that has lm-eval 0.4.13 (and ``datasets``) installed::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-classic/tests/tools/make_goldens.py

lm-eval's own task definitions build the first document of each case of ``golden_cases.py``
from the offline mirror in ``tests/fixtures/datasets`` (:mod:`lmeval_testkit.goldens`). The
generate_until cases of the issue-18 families are also scored on every answer of
``golden_cases.ANSWERS`` (lm-eval's filters, then its process_results). The output,
``tests/golden/requests.json``, is committed; the tests need no lm-eval.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "lmeval-testkit" / "src")]

from golden_cases import ANSWERS, CASES, REQUESTS_ONLY, SCORED_ANSWER_FAMILIES  # noqa: E402
from lmeval_testkit.goldens import _jsonable, reference_case, reference_tasks  # noqa: E402

HUB_ONLY_METRICS = ("bleu", "rouge", "bertscore", "bleurt")


class _HubOnlyMetric:
    """careqa_open's Hub-hosted metrics: loadable (its helper loads them at import), never computed."""

    def compute(self, **_: object) -> None:
        raise RuntimeError("needs the Hugging Face Hub")


def _offline_metrics() -> None:
    import evaluate

    original = evaluate.load
    evaluate.load = lambda path, *a, **k: (_HubOnlyMetric() if path in HUB_ONLY_METRICS
                                           else original(path, *a, **k))


def scored_answers(task, instances: list, doc: dict) -> list[dict]:
    """Each of ``ANSWERS`` through lm-eval's filters, then its process_results, per filter."""
    out = []
    for answer in ANSWERS:
        for inst in instances:
            inst.resps, inst.filtered_resps = [answer], {}
        for ensemble in task._filters:
            ensemble.apply(instances)
        filtered = dict(instances[0].filtered_resps)
        scores = {key: task.process_results(doc, [inst.filtered_resps[key] for inst in instances])
                  for key in filtered}
        out.append(_jsonable({"answer": answer, "filtered": filtered, "scores": scores}))
    return out


def main() -> None:
    _offline_metrics()
    records = []
    for name, task in reference_tasks(CASES, HERE.parent / "fixtures" / "datasets"):
        record = reference_case(name, task, score=name not in REQUESTS_ONLY)
        if (task.instances[0].request_type == "generate_until" and name not in REQUESTS_ONLY
                and name.startswith(SCORED_ANSWER_FAMILIES)):
            record["answers"] = scored_answers(task, task.instances, task.instances[0].doc)
        records.append(record)
        print(f"{name}: {len(record['requests'])} request(s)", file=sys.stderr)
    out = HERE.parent / "golden" / "requests.json"
    out.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
