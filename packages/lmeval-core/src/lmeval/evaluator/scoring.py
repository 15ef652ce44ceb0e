"""The scoring phase: filters, then each task's metrics, aggregations and standard errors;
groups on top; the per-task sections of lm-eval's results dict (and the logged samples)."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from lmeval.evaluator.groups import aggregate_group, bottom_up
from lmeval.evaluator.requests import Built
from lmeval.evaluator.results import hash_string
from lmeval.evaluator.table import RequestTable
from lmeval.outputs.samplefile import json_default
from lmeval.plugins import PluginManager
from lmeval.tasks.loader import Group
from lmeval.tasks.task import Instance, Task

if TYPE_CHECKING:
    from lmeval.outputs.samplestream import SampleStream


#: Documents scored together when a task is scored in parts (see :func:`_in_parts`).
PART_DOCS = 1024


def score_task(task: Task, built: Built, *, bootstrap_iters: int, log_samples: bool,
               plugins: PluginManager,
               emit: Callable[[dict], None] | None = None) -> tuple[dict[str, Any], list[dict]]:
    """One task's metrics (``"metric,filter"`` keys, stderrs, ``alias``, ``sample_len``) and,
    with ``log_samples``, its sample entries (handed to ``emit`` one by one instead, if given)."""
    agg, logged, _ = _score_task(task, built, bootstrap_iters=bootstrap_iters,
                                 log_samples=log_samples, plugins=plugins, emit=emit)
    return agg, logged


def _score_task(task: Task, built: Built, *, bootstrap_iters: int, log_samples: bool,
                plugins: PluginManager, emit: Callable[[dict], None] | None = None,
                ) -> tuple[dict[str, Any], list[dict], dict[str, Any]]:
    """:func:`score_task`, and the task's ``generation_stats``."""
    from lmeval.backend.reasoning import task_generation_stats

    ids, instances = built
    raw: dict[tuple[str, str], list[Any]] = defaultdict(list)
    logged: list[dict] = []
    keep = logged.append if emit is None else emit
    stats: dict[str, Any] = {}
    if isinstance(instances, RequestTable) and _in_parts(task, ids, instances):
        for part in _parts(ids, instances):
            _score_documents(task, part, raw, keep if log_samples else None)
    else:
        instances = list(instances)
        by_doc: dict[int, list[Instance]] = defaultdict(list)
        for inst in instances:
            by_doc[inst.doc_id].append(inst)
        docs = task.eval_docs
        for pipeline in task.filters():
            key = pipeline.name
            filtered = pipeline.apply([inst.resps for inst in instances],
                                      [docs[i.doc_id] for i in instances])
            for inst, value in zip(instances, filtered, strict=False):
                inst.filtered_resps[key] = value
        for pipeline in task.filters():
            key = pipeline.name
            for doc_id in ids:
                insts = sorted(by_doc[doc_id], key=lambda i: i.idx)
                doc = docs[doc_id]
                values = task.process_results(doc, [i.filtered_resps[key] for i in insts])
                for metric, value in values.items():
                    raw[(metric, key)].append(value)
                if log_samples:
                    keep(sample_entry(task, doc_id, doc, insts, key, values))
        stats = task_generation_stats(task, instances)
    return _aggregate(task, raw, bootstrap_iters, plugins), logged, stats


def _aggregate(task: Task, raw: dict[tuple[str, str], list[Any]], bootstrap_iters: int,
               plugins: PluginManager) -> dict[str, Any]:
    from lmeval import metrics as metricsmod

    agg: dict[str, Any] = {"alias": task.config.task_alias or task.name}
    sample_len = 0
    for (metric, key), items in raw.items():
        fn = task.aggregations.get(metric) or plugins.aggregations.get("mean").load()
        agg[f"{metric},{key}"] = fn(items)
        sample_len = max(sample_len, len(items))
        if bootstrap_iters and bootstrap_iters > 0 and len(items) > 1:
            name = task.aggregation_name(metric)
            se = metricsmod.stderr_for(name, items, bootstrap_iters=bootstrap_iters, metric=metric)
            agg[f"{metric}_stderr,{key}"] = "N/A" if se is None else se
        else:
            agg[f"{metric}_stderr,{key}"] = "N/A"
    agg["sample_len"] = sample_len
    return agg


def _in_parts(task: Task, ids: Sequence[int], table: RequestTable) -> bool:
    """Whether the task may be scored a few thousand documents at a time with the same result
    as all at once: one filter pipeline of filters that treat each document alone, no
    generation statistics to gather, and each document's requests together in the ids' order."""
    from lmeval import filters

    elementwise = (filters.TakeFirst, filters.TakeFirstK, filters.MajorityVote,
                   filters.Lowercase, filters.Uppercase, filters.RemoveWhitespace)
    pipelines = task.filters()
    return (task.output_type != "generate_until" and table.in_doc_order and len(pipelines) == 1
            and all(factory in elementwise for _, factory, _ in pipelines[0].steps))


def _parts(ids: Sequence[int], table: RequestTable) -> Iterator[list[tuple[int, list[Instance]]]]:
    """``(doc_id, its instances)`` for every id, a few thousand documents at a time."""
    row, rows = 0, len(table)
    doc_ids = table.doc_ids
    for start in range(0, len(ids), PART_DOCS):
        part = []
        for doc_id in ids[start:start + PART_DOCS]:
            insts = []
            while row < rows and doc_ids[row] == doc_id:
                insts.append(table[row])
                row += 1
            insts.sort(key=lambda i: i.idx)
            part.append((doc_id, insts))
        yield part
    if row != rows:
        raise RuntimeError(f"{table.task_name}: {rows - row} requests of documents outside the "
                           "run's ids")


def _score_documents(task: Task, part: list[tuple[int, list[Instance]]],
                     raw: dict[tuple[str, str], list[Any]],
                     keep: Callable[[dict], None] | None) -> None:
    """Filter and score some documents of a task with one filter pipeline."""
    docs = task.eval_docs
    pipeline = task.filters()[0]
    key = pipeline.name
    # each document read once: held documents (JsonLinesDocs) are decoded on every read
    part_docs = [docs[doc_id] for doc_id, _ in part]
    flat = [inst for _, insts in part for inst in insts]
    filtered = pipeline.apply([inst.resps for inst in flat],
                              [doc for doc, (_, insts) in zip(part_docs, part, strict=True)
                               for _ in insts])
    for inst, value in zip(flat, filtered, strict=False):
        inst.filtered_resps[key] = value
    for doc, (doc_id, insts) in zip(part_docs, part, strict=True):
        values = task.process_results(doc, [i.filtered_resps[key] for i in insts])
        for metric, value in values.items():
            raw[(metric, key)].append(value)
        if keep is not None:
            keep(sample_entry(task, doc_id, doc, insts, key, values))


def score(tasks: Sequence[Task], groups: Sequence[Group], built: dict[str, Built], *,
          bootstrap_iters: int, log_samples: bool, plugins: PluginManager,
          samples_to: SampleStream | None = None) -> dict[str, Any]:
    """lm-eval's ``results``, ``groups``, ``group_subtasks``, ``configs``, ``versions``,
    ``n-shot``, ``higher_is_better``, ``n-samples`` (and ``samples``) of answered requests.

    With ``samples_to`` (and ``log_samples``) the samples go there as they are scored, each
    task's requests are dropped once it is scored, and the dict has no ``samples``."""
    results: dict[str, dict[str, Any]] = {}
    configs, versions, n_shot, hib, n_samples = {}, {}, {}, {}, {}
    all_samples: dict[str, list[dict]] = {}
    generation_stats: dict[str, dict[str, Any]] = {}
    stream = samples_to if log_samples else None
    for task in tasks:
        if stream is not None:
            stream.task(task.name)
        agg, logged, stats = _score_task(task, built[task.name], bootstrap_iters=bootstrap_iters,
                                         log_samples=log_samples, plugins=plugins,
                                         emit=stream.add if stream is not None else None)
        results[task.name] = agg
        configs[task.name] = task.config.to_dict()
        versions[task.name] = task.version
        n_shot[task.name] = task.config.num_fewshot or 0
        hib[task.name] = dict(task.higher_is_better)
        n_samples[task.name] = {"original": len(task.eval_docs), "effective": len(built[task.name][0])}
        all_samples[task.name] = logged
        if stats:  # thinking cut off by the token budget, extraction regexes that found nothing
            generation_stats[task.name] = stats
        if stream is not None:
            instances = built[task.name][1]
            if isinstance(instances, (list, RequestTable)):
                instances.clear()  # its answers are on disk now
        plugins.notify("lmeval_task_end", task_name=task.name, metrics=agg)

    group_results: dict[str, Any] = {}
    ordered = bottom_up(groups)
    for group in ordered:
        metrics = aggregate_group(group, results)
        results[group.name] = metrics
        versions[group.name] = group.config.version
        if group.has_aggregation:
            group_results[group.name] = metrics
        leaf = group.leaf_tasks()
        if leaf:
            n_shot.setdefault(group.name, n_shot.get(leaf[0].name, 0))
            merged: dict[str, bool] = {}
            for t in leaf:
                merged.update(hib.get(t.name, {}))
            hib[group.name] = merged
    out: dict[str, Any] = {
        "results": {k: _strip(v) for k, v in results.items()},
        **({"groups": {k: _strip(v) for k, v in group_results.items()}} if group_results else {}),
        "group_subtasks": {g.name: [c.name for c in g.children] for g in reversed(ordered)},
        "configs": dict(sorted(configs.items())),
        "versions": dict(sorted(versions.items())),
        "n-shot": dict(sorted(n_shot.items())),
        "higher_is_better": dict(sorted(hib.items())),
        "n-samples": n_samples,
        **({"generation_stats": generation_stats} if generation_stats else {}),
    }
    for task in tasks:
        out["group_subtasks"].setdefault(task.name, [])
    if log_samples and stream is None:
        out["samples"] = all_samples
    return out


def _strip(metrics: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in metrics.items() if k not in ("sample_count",)}


def _jsonable(obj: Any) -> Any:
    try:
        json.dumps(obj)
        return obj
    except TypeError:
        return json.loads(json.dumps(obj, default=json_default))


def sample_entry(task: Task, doc_id: int, doc: dict, insts: list[Instance], key: str,
                 values: dict[str, Any]) -> dict[str, Any]:
    """One document's entry of the samples file under one filter, in lm-eval's layout."""
    target = task.doc_to_target(doc)
    args = [list(i.request.args) for i in insts]
    first = args[0][0] if args and args[0] else ""
    entry = {
        "doc_id": doc_id,
        "doc": _jsonable(dict(doc)),
        "target": _jsonable(target),
        "arguments": _jsonable(args),
        "resps": _jsonable([i.resps for i in insts]),
        "filtered_resps": _jsonable([i.filtered_resps[key] for i in insts]),
        "filter": key,
        "metrics": list(values),
        "doc_hash": hash_string(json.dumps(doc, indent=2, default=json_default, ensure_ascii=False)),
        "prompt_hash": hash_string(first if isinstance(first, str) else json.dumps(first)),
        "target_hash": hash_string(str(target)),
    }
    entry.update({k: _jsonable(v) for k, v in values.items()})
    return entry
