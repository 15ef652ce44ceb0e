"""Write the golden requests and answer extractions of GPQA, MMLU-Pro, MuSR and the leaderboard's
BBH with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-leaderboard/tests/tools/make_qa_goldens.py

lm-eval's own task definitions read the offline mirror (``tests/fixtures/datasets``) and build
(1) the requests of the first document of every case, scored with lmeval-testkit's stand-in
answers (``golden/qa_requests.json``), and (2) for the first two documents of the generated
tasks, what each filter pipeline extracts from a set of model answers, with its exact match
(``golden/qa_filters.json``).

GPQA shuffles each document's answers with a generator every time lm-eval reads the documents
(three reads before the requests exist). Here each read starts from the seed, as lm-eval's first
read in a fresh process does (``random.seed(0)``, the ``n_shot`` helper's ``Random(42)``): the
order the pack's rule gives (``lmeval_tasks_leaderboard.gpqa``), so the goldens check the
prompts, choices, filters and scores under one order.
"""

from __future__ import annotations

import json
import logging
import os
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "golden"
MIRROR = HERE.parent / "fixtures" / "datasets"
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "lmeval-testkit" / "src")]

from lmeval_testkit.goldens import install_mirror, reference_case  # noqa: E402
from qa_golden_cases import CASES, FILTER_TASKS, answers_for  # noqa: E402


def reseeding(process_docs, task_name: str):
    """``process_docs`` whose every call shuffles from the seed (lm-eval's first read)."""
    module_globals = process_docs.__globals__  # the helper module (lm-eval loads it by path)

    def wrapped(dataset):
        if "_n_shot" in task_name and "cot" not in task_name and "generative" not in task_name:
            module_globals["rng"] = random.Random(42)
        else:
            random.seed(0)
        return process_docs(dataset)
    return wrapped


def built(name: str, shots: int | None, manager):
    from lm_eval.api import samplers
    from lm_eval.tasks import get_task_dict

    task = get_task_dict([name], manager)[name]
    if "gpqa" in name:
        task.config.process_docs = reseeding(task.config.process_docs, name)
        fewshot = list(task.fewshot_docs())
        sampler = task.fewshot_cfg.sampler if task.config.fewshot_config else "default"
        task.sampler = samplers.get_sampler(sampler)(fewshot, rnd=None)
        task.task_docs = task.eval_docs
    if shots is not None:
        task.set_config(key="num_fewshot", value=shots)
    task.set_fewshot_seed(seed=1234)
    task.build_all_requests(limit=1, rank=0, world_size=1)
    return task


def filter_records(name: str, task) -> list[dict]:
    records = []
    for doc_id in range(2):
        doc = dict(task.eval_docs[doc_id])
        answers = answers_for(doc)
        results = {}
        for ensemble in task._filters:
            values = [[a] for a in answers]
            for make in ensemble.filters:
                values = list(make().apply(values, [doc] * len(answers)))
            scores = [task.process_results(doc, [v])["exact_match"] for v in values]
            results[ensemble.name] = [[v, s] for v, s in zip(values, scores, strict=True)]
        records.append({"task": name, "doc_id": doc_id, "answers": answers, "results": results})
    return records


def main() -> None:
    os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_EVALUATE_OFFLINE="1")
    logging.disable(logging.WARNING)
    install_mirror(MIRROR)
    from lm_eval.tasks import TaskManager

    manager = TaskManager()
    requests, filters = [], []
    for case in CASES:
        name, shots = (case, None) if isinstance(case, str) else case
        task = built(name, shots, manager)
        requests.append(reference_case(name, task))
        if name in FILTER_TASKS and shots is None:
            filters.extend(filter_records(name, task))
        print(f"{name}: {len(requests[-1]['requests'])} request(s)", file=sys.stderr)
    OUT.mkdir(parents=True, exist_ok=True)
    for file, records in (("qa_requests.json", requests), ("qa_filters.json", filters)):
        (OUT / file).write_text(json.dumps(records, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
