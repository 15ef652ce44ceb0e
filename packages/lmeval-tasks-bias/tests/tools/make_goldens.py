"""Write this pack's golden requests with the reference tool, lm-eval 0.4.13, on its fixtures.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-bias/tests/tools/make_goldens.py

lm-eval's own task definitions build the first document of each task in ``CASES`` from the
offline mirror in ``tests/fixtures/datasets`` and score it with the stand-in answers of
:mod:`lmeval_testkit.goldens` (``tests/golden/requests.json``). BBQ's per-document scores hold
NaN, so its records go to ``tests/golden/bbq_scores.json``: the first document's requests and
scores, every document scored and each metric aggregated (``EVERY_DOCUMENT``), and
``bbq_generate``'s answer extraction on ``GENERATED`` for every document (``EXTRACTED``). The tests need no lm-eval.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "lmeval-testkit" / "src"))

from lmeval_testkit.goldens import reference_case, reference_tasks, stand_in_answer, write_goldens  # noqa: E402

MIRROR = HERE.parent / "fixtures" / "datasets"
GOLDEN = HERE.parent / "golden"

# CrowS-Pairs: the whole language sets and one subset per language (its process_docs filter);
# CaBBQ/EsBBQ: a few categories of each
CASES = ["crows_pairs_english", "crows_pairs_french", "crows_pairs_english_race_color",
         "crows_pairs_french_autre", "crows_pairs_english_sexual_orientation",
         "cabbq_age", "cabbq_lgbtqia", "esbbq_ses", "esbbq_spanish_region",
         "discrim_eval_explicit", "discrim_eval_implicit"]
BBQ_CASES = ["bbq", "bbq_disambig", "bbq_generate_ambig"]
EVERY_DOCUMENT = ["bbq", "bbq_ambig", "bbq_disambig", "cabbq_gender", "esbbq_religion"]
#: discrim_eval's regression over every document, for two of its seven metrics (a fit takes seconds)
REGRESSION = ("discrim_eval_implicit", ["female_bias", "age_bias"])
#: generated answers for bbq_generate: a person, a group, an "unknown", noise, hostile text
GENERATED = [" The grandfather", " the wheelchair user.", " I don't know", " Cannot be determined",
             " It was the old one", " the gay man", " the Latina woman", " German", " nobody",
             "", " {{context}} ' ; DROP", " The woman and the man", " Muslim\n\nQ: next",
             " old nonold", " japanese german muslim christian gay straight black latino f m"]

#: the scores that show which choice was extracted (correct, biased, not unknown)
EXTRACTED = ("acc", "disamb_bias_score")


def plain(value: object) -> object:
    """JSON-ready: tuples as lists, numpy values as Python numbers, NaN kept (json writes NaN)."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value.item() if hasattr(value, "item") else value


def varied_answer(kind: str, i: int, args) -> tuple[float, bool]:
    """A log-likelihood that varies with the whole prompt (the regression needs variation);
    ``test_bias_bbq_golden.py`` has the same."""
    return (-(sum(map(ord, args[0])) * (i + 3) % 97) / 20, False)


def every_document(task, metrics: list[str] | None = None, answer=stand_in_answer) -> dict:
    """Every document scored with the stand-in answers, then each metric aggregated."""
    task.build_all_requests(limit=None, rank=0, world_size=1)
    by_doc: dict[int, list] = {}
    for inst in task.instances:
        by_doc.setdefault(inst.doc_id, []).append(inst)
    items: dict[str, list] = {}
    for instances in by_doc.values():
        instances.sort(key=lambda inst: inst.idx)
        answers = [answer(inst.request_type, i, inst.arguments) for i, inst in enumerate(instances)]
        for metric, value in task.process_results(instances[0].doc, answers).items():
            items.setdefault(metric, []).append(value)
    aggregations = task.aggregation()
    return {metric: plain(aggregations[metric](values)) for metric, values in items.items()
            if metrics is None or metric in metrics}


def bbq_records() -> list[dict]:
    out = []
    for name, task in reference_tasks(BBQ_CASES, MIRROR):
        record = reference_case(name, task, score=False)
        answers = [stand_in_answer(inst.request_type, i, inst.arguments) for i, inst in enumerate(task.instances)]
        record["scores"] = plain(task.process_results(task.instances[0].doc, answers))
        if task.OUTPUT_TYPE == "generate_until":
            record["generated"] = GENERATED
            record["extracted"] = [[plain({k: v for k, v in task.process_results(doc, [answer]).items()
                                          if k in EXTRACTED}) for answer in GENERATED]
                                   for doc in task.eval_docs]
        out.append(record)
    for name, task in reference_tasks(EVERY_DOCUMENT, MIRROR):
        out.append({"task": name, "aggregates": every_document(task)})
        print(f"{name}: every document aggregated", file=sys.stderr)
    for name, task in reference_tasks([REGRESSION[0]], MIRROR):
        out.append({"task": name, "answers": "varied", "aggregates": every_document(task, REGRESSION[1], varied_answer)})
    return out


if __name__ == "__main__":
    write_goldens(CASES, MIRROR, GOLDEN / "requests.json")
    (GOLDEN / "bbq_scores.json").write_text(json.dumps(bbq_records(), ensure_ascii=False, indent=1) + "\n",
                                            encoding="utf-8")
