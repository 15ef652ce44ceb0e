"""Write golden requests with the reference tool, lm-eval 0.4.13, on this pack's fixtures.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-bias/tests/tools/make_goldens.py

``datasets.load_dataset`` reads the offline mirror in ``tests/fixtures/datasets``; lm-eval's own
task definitions build the requests of the first document of each task in ``CASES`` and score
them with fixed stand-in answers. The output, ``tests/golden/requests.json``, is committed;
the tests need no lm-eval.
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

# the whole language sets and one subset per language (its process_docs filter)
CASES = ["crows_pairs_english", "crows_pairs_french", "crows_pairs_english_race_color",
         "crows_pairs_french_autre", "crows_pairs_english_sexual_orientation"]


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


def fake_result(i: int, args: tuple) -> tuple[float, bool]:
    """A stand-in answer for the i-th request of a document (the tests use the same)."""
    return (-1.0 - (len(args[1]) * 7 + i * 3) % 11 / 4, i % 2 == 0)


def main() -> None:
    os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1")
    logging.disable(logging.WARNING)
    _patch_datasets()
    from lm_eval.tasks import TaskManager, get_task_dict

    manager = TaskManager()
    out = []
    for name in CASES:
        task = get_task_dict([name], manager)[name]
        task.set_fewshot_seed(seed=1234)
        task.build_all_requests(limit=1, rank=0, world_size=1)
        requests = [{"type": inst.request_type, "args": list(inst.arguments)} for inst in task.instances]
        scores = task.process_results(task.instances[0].doc,
                                      [fake_result(i, inst.arguments) for i, inst in enumerate(task.instances)])
        out.append({"task": name, "requests": requests,
                    "process_results": {k: float(v) for k, v in scores.items()}})
        print(f"{name}: {len(requests)} request(s)", file=sys.stderr)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
