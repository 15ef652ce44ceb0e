"""Dump the requests lm-eval 0.4.13 builds for tasks, reading datasets from an offline mirror.

A development tool, not a test: run it with the *reference* interpreter to see what lm-eval does
with the same documents, then compare with lmeval (``tests/tools/compare_with_reference.py``)::

    /tmp/ref/bin/python tests/tools/reference_requests.py --mirror tests/fixtures \
        --tasks xnli_en,xnli_de [--include_path DIR] [--no-defaults] > ref.json

``datasets.load_dataset`` is replaced by a reader of ``<mirror>/<path>/<name|default>/<split>.jsonl``.
Output: ``{task: [[doc_id, [arguments...]], ...]}`` for every document of the evaluation split.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def install_mirror(root: Path) -> None:
    import datasets

    def load_dataset(path: str, name: str | None = None, split: str | None = None,
                     **_: object) -> datasets.DatasetDict | datasets.Dataset:
        base = root / path / (name or "default")
        if not base.is_dir():
            base = root / path / "default"
        splits = {}
        for f in sorted(base.glob("*.jsonl")):
            rows = [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
            splits[f.stem] = datasets.Dataset.from_list(rows)
        if not splits:
            raise FileNotFoundError(f"no fixture for {path}/{name}")
        return splits[split] if split else datasets.DatasetDict(splits)  # cieacova loads split="train"

    datasets.load_dataset = load_dataset
    if not hasattr(datasets, "load_metric"):  # basqueglue's utils import it (gone in datasets 3); unused here
        datasets.load_metric = lambda *a, **k: None
    try:  # the code tasks load HF evaluate's code_eval at import time; only requests matter here
        import evaluate

        class _NoExec:
            def compute(self, **_: object) -> list:
                return [{"pass@1": 0.0}, {}]

        evaluate.load = lambda *a, **k: _NoExec()
    except ImportError:
        pass
    import types  # catalan_bench's utils import transformers' SQuAD metrics, unused for requests

    squad = types.ModuleType("transformers.data.metrics.squad_metrics")
    squad.compute_f1 = squad.compute_exact = lambda a, b: 0.0
    for name in ("transformers", "transformers.data", "transformers.data.metrics"):
        sys.modules.setdefault(name, types.ModuleType(name))
    sys.modules["transformers.data.metrics.squad_metrics"] = squad
    sys.modules["transformers.data.metrics"].squad_metrics = squad


def unwrap_tuple_text() -> None:
    from lm_eval.api.task import ConfigurableTask

    original = ConfigurableTask.doc_to_text

    def doc_to_text(self, doc, doc_to_text=None):  # type: ignore[no-untyped-def]
        text = original(self, doc, doc_to_text)
        return text[0] if isinstance(text, tuple) and len(text) == 1 else text

    ConfigurableTask.doc_to_text = doc_to_text


def walk(tasks: dict, flat: dict) -> None:
    """Leaf task objects of a (nested) task dict, by task name."""
    for value in tasks.values():
        if isinstance(value, dict):
            walk(value, flat)
        else:
            flat[value.config.task] = value


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--tasks", required=True)
    ap.add_argument("--include_path", default=None)
    ap.add_argument("--no-defaults", action="store_true")
    ap.add_argument("--num_fewshot", type=int, default=None)
    ap.add_argument("--unwrap-tuple-text", action="store_true",
                    help="take the text out of a one-element tuple a doc_to_text function returns (lm-eval "
                         "refuses it; AfroBench MAFAND's prompt-2 helpers: the pack's deliberate fix)")
    args = ap.parse_args()
    install_mirror(Path(args.mirror))
    if args.unwrap_tuple_text:
        unwrap_tuple_text()
    import logging

    logging.disable(logging.WARNING)
    from lm_eval.tasks import TaskManager, get_task_dict

    tm = TaskManager(include_path=args.include_path, include_defaults=not args.no_defaults)
    out = {}
    for name in args.tasks.split(","):
        try:
            tasks = get_task_dict([name], tm)
        except Exception as exc:  # noqa: BLE001
            out[name] = {"error": f"{type(exc).__name__}: {exc}"}
            continue
        flat: dict = {}
        walk(tasks, flat)
        for tname, task in flat.items():
            task.set_fewshot_seed(seed=1234)  # as lm_eval.simple_evaluate does
            if args.num_fewshot is not None:
                task.set_config("num_fewshot", args.num_fewshot)
            try:
                task.build_all_requests(rank=0, world_size=1)
                rows: dict[int, list] = {}
                for inst in task.instances:
                    rows.setdefault(inst.doc_id, []).append(list(inst.arguments))
                out[tname] = sorted(rows.items())
            except Exception as exc:  # noqa: BLE001
                out[tname] = {"error": f"{type(exc).__name__}: {exc}"}
    json.dump(out, sys.stdout, ensure_ascii=False, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
