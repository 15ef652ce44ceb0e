"""Golden requests: what lm-eval 0.4.13 builds for a task pack's tasks on the pack's fixtures.

One module, two halves, so every pack writes and checks its goldens the same way:

* **Writing** runs under the *reference* interpreter (lm-eval 0.4.13 and ``datasets``; lmeval is
  not installed there, so this half imports neither lmeval nor pytest). A pack's
  ``tests/tools/make_goldens.py`` puts this package's ``src`` on ``sys.path`` and calls
  :func:`write_goldens`: ``datasets.load_dataset`` reads the pack's offline mirror
  (``<mirror>/<path>/<name|default>/<split>.jsonl``), lm-eval's own task definitions build the
  requests of the first document of each case and score them with :func:`stand_in_answer`.
* **Checking** runs in the pack's tests: :func:`check_golden_case` builds the same document with
  lmeval (the ``lmeval_build_requests`` fixture) and asserts identical requests and identical
  per-document metric values for the same stand-in answers.

A case is a task name, or ``(name, num_fewshot)`` to override the task's shot count.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

Case = str | tuple[str, int | None]

#: the stand-in answer to a ``generate_until`` request (a GSM8K-shaped completion)
STAND_IN_GENERATION = " The answer is 5.\n#### 5"
#: the stand-in answer to a ``loglikelihood_rolling`` request
STAND_IN_ROLLING = -123.25


def stand_in_answer(kind: str, i: int, args: Sequence[Any]) -> object:
    """A deterministic answer to the ``i``-th request of a document, by request kind.

    Log-likelihood answers vary with the continuation's length and the request's position, so
    argmax-style metrics (acc, acc_norm, pct_stereotype, ...) are exercised on both sides.
    """
    if kind == "loglikelihood":
        return (-1.0 - (len(args[1]) * 7 + i * 3) % 11 / 4, i % 2 == 0)
    if kind == "loglikelihood_rolling":
        return STAND_IN_ROLLING
    return STAND_IN_GENERATION


def _case(case: Case) -> tuple[str, int | None]:
    return (case, None) if isinstance(case, str) else (case[0], case[1])


def plain_args(args: Sequence[Any]) -> list[Any]:
    """A request's arguments as JSON has them (generation arguments as a plain dict)."""
    out = list(args)
    if out and isinstance(out[-1], Mapping):
        out[-1] = dict(out[-1])
    return out


def _jsonable(obj: object) -> object:
    return json.loads(json.dumps(obj, default=lambda o: o.item() if hasattr(o, "item") else str(o)))


# -- writing (reference interpreter) ----------------------------------------------------------

def install_mirror(mirror: Path) -> None:
    """Make ``datasets.load_dataset`` read ``mirror`` instead of the Hub."""
    import datasets

    def rows(file: Path) -> datasets.Dataset:
        return datasets.Dataset.from_list(
            [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines() if line])

    def load_dataset(path: str, name: str | None = None, split: str | None = None,
                     data_files: object = None, **_: object) -> datasets.DatasetDict | datasets.Dataset:
        splits = {}
        if path == "json" and isinstance(data_files, dict):  # hf://datasets/<owner>/<name>/<file>
            for key, url in data_files.items():
                if isinstance(url, str) and url.startswith("hf://datasets/"):
                    splits[key] = rows(mirror / url.removeprefix("hf://datasets/"))
        folder = mirror / path / (name or "default")
        if not folder.is_dir():
            folder = mirror / path / "default"
        for file in sorted(folder.glob("*.jsonl")) if not splits else ():
            splits[file.stem] = rows(file)
        if not splits:
            raise FileNotFoundError(f"no fixture for dataset {path!r} (config {name!r}) under {mirror}")
        return splits[split] if split else datasets.DatasetDict(splits)  # split=: one Dataset

    datasets.load_dataset = load_dataset


def reference_tasks(cases: Iterable[Case], mirror: Path) -> Iterable[tuple[str, Any]]:
    """Yield ``(name, task)`` for each case: lm-eval's task with the first document's requests built."""
    os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_EVALUATE_OFFLINE="1")
    logging.disable(logging.WARNING)
    install_mirror(mirror)
    from lm_eval.tasks import TaskManager, get_task_dict

    manager = TaskManager()
    for case in cases:
        name, shots = _case(case)
        task = get_task_dict([name], manager)[name]
        if shots is not None:
            task.set_config(key="num_fewshot", value=shots)
        task.set_fewshot_seed(seed=1234)
        task.build_all_requests(limit=1, rank=0, world_size=1)
        yield name, task


def reference_case(name: str, task: Any, *, score: bool = True) -> dict[str, Any]:
    """The golden record of one built lm-eval task: its requests and (optionally) its scores."""
    instances = task.instances
    record: dict[str, Any] = {
        "task": name, "num_fewshot": task.config.num_fewshot or 0,
        "requests": [{"type": inst.request_type, "args": plain_args(inst.arguments)} for inst in instances]}
    if score:
        answers = [stand_in_answer(inst.request_type, i, inst.arguments) for i, inst in enumerate(instances)]
        record["process_results"] = _jsonable(task.process_results(instances[0].doc, answers))
    return record


def write_goldens(cases: Iterable[Case], mirror: Path, out: Path, *, score: bool = True) -> list[dict[str, Any]]:
    """Build every case with lm-eval and write ``out`` (JSON, one record per case)."""
    records = []
    for name, task in reference_tasks(cases, mirror):
        records.append(reference_case(name, task, score=score))
        print(f"{name}: {len(records[-1]['requests'])} request(s)", file=sys.stderr)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return records


# -- checking (the pack's tests) --------------------------------------------------------------

def load_goldens(path: Path) -> list[dict[str, Any]]:
    """The committed golden records of ``path``."""
    return json.loads(path.read_text(encoding="utf-8"))


def golden_id(case: Mapping[str, Any]) -> str:
    """A readable pytest id for a golden record."""
    return f"{case['task']}-{case.get('num_fewshot', 0)}shot"


def check_golden_case(case: Mapping[str, Any], build: Callable[..., tuple[Any, list[Any]]]) -> None:
    """Assert lmeval builds ``case``'s requests and, given the same answers, its scores."""
    task, instances = build(case["task"], case.get("num_fewshot"))
    got = [{"type": inst.request.kind.value, "args": plain_args(inst.request.args)} for inst in instances]
    assert _jsonable(got) == case["requests"]
    if "process_results" not in case:
        return
    answers = [stand_in_answer(inst.request.kind.value, i, inst.request.args) for i, inst in enumerate(instances)]
    scores = task.process_results(task.eval_docs[instances[0].doc_id], answers)
    assert _jsonable(scores) == case["process_results"]
