"""Write golden requests and answer extractions with the reference tool, lm-eval 0.4.13.

Run with the interpreter that has lm-eval 0.4.13 (and ``datasets``) installed::

    /tmp/ref/bin/python packages/lmeval-tasks-bbh/tests/tools/make_goldens.py

``datasets.load_dataset`` is redirected to the offline mirror in ``tests/fixtures/datasets``;
lm-eval's own BBH task definitions then give (1) the requests of the first document of every
task and (2) for the first two documents, what each filter pipeline extracts from a set of
model answers and the resulting exact match. Outputs: ``tests/golden/requests.json`` and
``tests/golden/filters.json``; lm-eval is not needed to run the tests.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MIRROR = HERE.parent / "fixtures" / "datasets"
OUT = HERE.parent / "golden"
sys.path.insert(0, str(HERE))

from golden_cases import CASES, answers_for  # noqa: E402


def _patch_datasets() -> None:
    import datasets

    def load_dataset(path: str, name: str | None = None, **_: object) -> datasets.DatasetDict:
        folder = MIRROR / path / (name or "default")
        splits = {}
        for file in sorted(folder.glob("*.jsonl")):
            rows = [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines() if line]
            splits[file.stem] = datasets.Dataset.from_list(rows)
        return datasets.DatasetDict(splits)

    datasets.load_dataset = load_dataset


def main() -> None:
    os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_EVALUATE_OFFLINE="1")
    logging.disable(logging.WARNING)
    _patch_datasets()
    from lm_eval.tasks import TaskManager, get_task_dict

    manager = TaskManager()
    requests, filters = [], []
    for name, shots in CASES:
        task = get_task_dict([name], manager)[name]
        if shots is not None:
            task.set_config(key="num_fewshot", value=shots)
        task.set_fewshot_seed(seed=1234)
        task.build_all_requests(limit=1, rank=0, world_size=1)
        requests.append({"task": name, "num_fewshot": task.config.num_fewshot or 0, "requests": [
            {"type": inst.request_type, "args": [inst.arguments[0], dict(inst.arguments[1])]}
            for inst in task.instances]})
        if shots is not None:
            continue
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
            filters.append({"task": name, "doc_id": doc_id, "answers": answers, "results": results})
        print(name, file=sys.stderr)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "requests.json").write_text(json.dumps(requests, ensure_ascii=False, indent=0) + "\n",
                                       encoding="utf-8")
    (OUT / "filters.json").write_text(json.dumps(filters, ensure_ascii=False, indent=0) + "\n",
                                      encoding="utf-8")


if __name__ == "__main__":
    main()
