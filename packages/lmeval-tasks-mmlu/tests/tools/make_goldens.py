"""Write golden prompts and requests with the reference tool, lm-eval 0.4.13, on our fixtures.

Run with the interpreter that has lm-eval 0.4.13 (and ``datasets``) installed::

    /tmp/ref/bin/python packages/lmeval-tasks-mmlu/tests/tools/make_goldens.py

``datasets.load_dataset`` is redirected to the offline mirror in ``tests/fixtures/datasets``,
then lm-eval's own task definitions build the requests of the first document of each task.
The tests compare lmeval's requests for our YAML files with these, byte for byte. The output,
``tests/golden/requests.json``, is committed; lm-eval is not needed to run the tests.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MIRROR = HERE.parent / "fixtures" / "datasets"
OUT = HERE.parent / "golden" / "requests.json"
sys.path.insert(0, str(HERE))

from golden_cases import CASES  # noqa: E402


def _patch_datasets() -> None:
    import datasets

    def load_dataset(path: str, name: str | None = None, **_: object) -> datasets.DatasetDict:
        folder = MIRROR / path / (name or "default")
        if not folder.is_dir():
            folder = MIRROR / path / "default"
        splits = {}
        for file in sorted(folder.glob("*.jsonl")):
            rows = [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines() if line]
            splits[file.stem] = datasets.Dataset.from_list(rows)
        return datasets.DatasetDict(splits)

    datasets.load_dataset = load_dataset


def _plain(obj: object) -> object:
    """numpy scalars (lm-eval's argmax) as Python numbers."""
    return obj.item() if hasattr(obj, "item") else str(obj)


def fake_result(kind: str, i: int, args: tuple) -> object:
    """A deterministic stand-in for a model's answer to the i-th request of a document."""
    if kind == "loglikelihood":
        return (-1.0 - (len(args[1]) * 7 + i * 3) % 11 / 4, i % 2 == 0)
    if kind == "loglikelihood_rolling":
        return -123.25
    return " The answer is 5.\n#### 5"


def main() -> None:
    os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_EVALUATE_OFFLINE="1")
    logging.disable(logging.WARNING)
    _patch_datasets()
    from lm_eval.tasks import TaskManager, get_task_dict

    manager = TaskManager()
    out = []
    for name, shots in CASES:
        task = get_task_dict([name], manager)[name]
        if shots is not None:
            task.set_config(key="num_fewshot", value=shots)
        task.set_fewshot_seed(seed=1234)
        task.build_all_requests(limit=1, rank=0, world_size=1)
        requests = []
        for inst in task.instances:
            args = list(inst.arguments)
            if inst.request_type == "generate_until":
                args[1] = dict(args[1])
            requests.append({"type": inst.request_type, "args": args})
        doc = task.instances[0].doc
        scores = task.process_results(doc, [fake_result(inst.request_type, i, inst.arguments)
                                            for i, inst in enumerate(task.instances)])
        out.append({"task": name, "num_fewshot": task.config.num_fewshot or 0,
                    "requests": requests, "process_results": scores})
        print(f"{name}: {len(requests)} request(s)", file=sys.stderr)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, ensure_ascii=False, indent=1, default=_plain) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
