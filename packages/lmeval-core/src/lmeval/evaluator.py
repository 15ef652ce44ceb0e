"""One run: tasks → requests → scheduler → LM → filters → metrics → groups → results."""

from __future__ import annotations

import hashlib
import json
import logging
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from lmeval import __version__, distributed, options, preflight, redact
from lmeval.cache import RequestCache, ResponseCache
from lmeval.errors import LmevalError, UsageError
from lmeval.modelargs import accepted_run_options, check_model_args, without_untaken_flags
from lmeval.plugins import PluginManager, get_plugin_manager
from lmeval.protocol import LM, parse_model_args
from lmeval.samplefile import json_default
from lmeval.scheduler import Scheduler
from lmeval.tasks.documents import check_document
from lmeval.tasks.index import TaskIndex, task_sources
from lmeval.tasks.loader import Group, Node, TaskLoader
from lmeval.tasks.specs import expand as expand_task_specs
from lmeval.tasks.task import Instance, Task

log = logging.getLogger("lmeval")


def hash_string(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def build_model(pm: PluginManager, model: str | LM, model_args: Any = None, *,
                batch_size: Any = None, max_batch_size: Any = None, device: Any = None) -> LM:
    """Instantiate a backend by name, lm-eval style: model args plus batch size and device."""
    if isinstance(model, LM):
        return model
    factory = pm.model_factory(model)
    redact.remember_args(model_args)  # masked in every output from here on, errors included
    try:
        args = parse_model_args(model_args)
    except ValueError as exc:
        raise UsageError(f"--model_args: {exc}") from None
    check_model_args(model, factory, args)
    args = without_untaken_flags(factory, args)
    run_options = {k: v for k, v in (("batch_size", batch_size), ("max_batch_size", max_batch_size),
                                     ("device", device)) if v is not None and k not in args}
    args.update(accepted_run_options(factory, args, run_options))
    lm = factory(**args)
    lm.backend_name = pm.models.get(model).name  # an alias (hf-auto) keys the cache as its name
    lm.model_args = args  # what the cache key holds (lmeval.identity), whatever the factory did
    return lm


def _seed_everything(random_seed: Any, numpy_seed: Any, torch_seed: Any) -> None:
    if random_seed is not None:
        random.seed(random_seed)
    if numpy_seed is not None and "numpy" in sys.modules:
        sys.modules["numpy"].random.seed(numpy_seed)
    if torch_seed is not None and "torch" in sys.modules:
        sys.modules["torch"].manual_seed(torch_seed)


def _doc_ids(task: Task, limit: float | None, samples: Sequence[int] | None) -> list[int]:
    n = len(task.eval_docs)
    if samples is not None:
        bad = [s for s in samples if not 0 <= s < n]
        if bad:
            raise UsageError(f"--samples for {task.name}: indices {bad} outside 0..{n - 1}")
        return sorted(samples)
    if limit is None:
        return list(range(n))
    count = int(math.ceil(n * limit)) if 0 < limit < 1 else int(limit)
    return list(range(min(n, count)))


def _flatten(nodes: Iterable[Node]) -> tuple[list[Task], list[Group]]:
    tasks: list[Task] = []
    groups: list[Group] = []

    def visit(node: Node) -> None:
        if isinstance(node, Group):
            groups.append(node)
            for child in node.children:
                visit(child)
        elif node not in tasks:
            tasks.append(node)

    for node in nodes:
        visit(node)
    return tasks, groups


def evaluate(model: str | LM, model_args: Any = None, tasks: str | Sequence[str | dict] = (), *,
             num_fewshot: int | None = None, batch_size: Any = None, max_batch_size: Any = None,
             device: str | None = None, limit: float | None = None,
             samples: dict[str, list[int]] | str | None = None, use_cache: str | None = None,
             cache_requests: Any = None, include_path: Any = None,
             apply_chat_template: bool | str = False, fewshot_as_multiturn: bool = False,
             system_instruction: str | None = None, gen_kwargs: Any = None,
             predict_only: bool = False, log_samples: bool = False, bootstrap_iters: int = 100000,
             random_seed: int | None = 0, numpy_random_seed: int | None = 1234,
             torch_random_seed: int | None = 1234, fewshot_random_seed: int | None = 1234,
             metadata: dict | None = None, plugins: PluginManager | Sequence[Any] | None = None,
             write_out: bool = False, confirm_run_unsafe_code: bool = False,
             progress: bool | None = None) -> dict[str, Any]:
    """Evaluate ``model`` on ``tasks``; returns lm-eval's results dict (plus ``samples``).

    ``tasks``: names (wildcards allowed), YAML files or directories, config dicts; a string is
    one of these. ``samples`` and ``gen_kwargs`` also take the command line's text forms.
    """
    start = time.time()
    if isinstance(plugins, PluginManager):
        pm = plugins
    elif plugins:
        pm = PluginManager(plugins=plugins)
    else:
        pm = get_plugin_manager()
    if isinstance(tasks, str):  # one name (or path), not a sequence of letters
        tasks = [tasks]
    if not tasks:
        raise UsageError("no tasks given (--tasks name,name2,...); see `lmeval ls tasks`")
    options.check_bounds(num_fewshot=num_fewshot, limit=limit, batch_size=batch_size,
                         max_batch_size=max_batch_size)
    samples = options.parse_samples(samples)
    if fewshot_as_multiturn and not apply_chat_template:
        raise UsageError("--fewshot_as_multiturn needs --apply_chat_template")
    if limit is not None and samples is not None:  # as lm-eval: one way to pick documents
        raise UsageError("--limit and --samples cannot be used together")
    if isinstance(model, str):
        pm.check_model(model)
    _seed_everything(random_seed, numpy_random_seed, torch_random_seed)

    index = TaskIndex(task_sources(pm, include_path))
    loader = TaskLoader(index, pm, task_metadata(model_args, metadata))
    nodes = loader.load(expand_task_specs(tasks, index.rows))
    leaf_tasks, groups = _flatten(nodes)
    options.check_samples_tasks(samples, [t.name for t in leaf_tasks])
    extra_gen = options.parse_kv(gen_kwargs, "--gen_kwargs") or {}
    for task in leaf_tasks:
        _configure(task, num_fewshot, extra_gen, predict_only, fewshot_random_seed,
                   confirm_run_unsafe_code)
    preflight.check_backend(pm, model, model_args, leaf_tasks, extra_gen,
                            chat_template=apply_chat_template)
    preflight.check_tasks(leaf_tasks, num_fewshot_flag=num_fewshot)  # before the model loads

    lm = build_model(pm, model, model_args, batch_size=batch_size,
                     max_batch_size=max_batch_size, device=device)
    pm.notify("lmeval_run_start", config={"model": str(model), "tasks": [t.name for t in leaf_tasks]})
    chat = None
    if apply_chat_template:
        name = redact.redact_text(_model_name(model_args))
        backend = model if isinstance(model, str) else type(model).__name__
        chat = preflight.chat_renderer(lm, f"{name!r} (backend {backend!r})" if name
                                       else f"of backend {backend!r}")

    built = {}
    request_cache = RequestCache.from_option(cache_requests)
    for t in leaf_tasks:
        key = request_cache.key(t, limit=limit, samples=(samples or {}).get(t.name),
                                chat=lm.chat_template if chat else None,
                                multiturn=fewshot_as_multiturn, system=system_instruction,
                                tokenizer=lm.tokenizer_name) if request_cache else ""
        cached_requests = request_cache.load(key) if request_cache else None
        if cached_requests is not None:
            built[t.name] = cached_requests
            continue
        try:
            built[t.name] = build_instances(t, limit=limit, samples=(samples or {}).get(t.name),
                                            chat_template=chat, fewshot_as_multiturn=fewshot_as_multiturn,
                                            system_instruction=system_instruction)
            if request_cache:
                request_cache.save(key, built[t.name])
        except LmevalError:
            raise
        except Exception as exc:  # the task's own code (process_docs, doc_to_* functions) raised
            raise t._error(None, f"building the task's requests failed: {type(exc).__name__}: {exc}") from exc
    if write_out:
        show_prompts(leaf_tasks, built)

    cache = ResponseCache(use_cache, lm.identity()) if use_cache else None
    scheduler = Scheduler(lm, cache, seed=random_seed, progress=progress)
    calls, owners = [], []
    for _task_name, (_, instances) in built.items():
        for inst in instances:
            for rep in range(inst.repeats):
                calls.append((inst.request, rep))
                owners.append(inst)
    try:
        answers = scheduler.run(calls)
    finally:
        if not isinstance(model, LM):
            lm.close()  # engines we started (vLLM, Ray actors) are stopped; a caller's LM stays open
    for inst, answer in zip(owners, answers, strict=False):
        inst.resps.append(answer)
    if cache is not None:
        cache.close()

    rank, _ = distributed.rank_world(lm)
    if lm.owns_ranks:
        rank = distributed.env_rank_world()[0]  # tensor-parallel ranks: only global rank 0 reports
    if rank != 0:
        return {}
    results = score(leaf_tasks, groups, built, bootstrap_iters=bootstrap_iters,
                    log_samples=log_samples, plugins=pm)
    results["config"] = {
        "model": model if isinstance(model, str) else type(model).__name__,
        "model_args": model_args if not isinstance(model_args, dict) else dict(model_args),
        "batch_size": batch_size, "batch_sizes": [], "device": device, "use_cache": use_cache,
        "limit": limit, "bootstrap_iters": bootstrap_iters, "gen_kwargs": extra_gen or None,
        "random_seed": random_seed, "numpy_seed": numpy_random_seed,
        "torch_seed": torch_random_seed, "fewshot_seed": fewshot_random_seed,
    }
    results["lmeval_version"] = __version__
    results["plugins"] = pm.distributions_used()
    results["date"] = start
    results["task_hashes"] = {}
    results["model_source"] = model if isinstance(model, str) else type(model).__name__
    results["model_name"] = redact.redact_text(_model_name(model_args))
    results["model_name_sanitized"] = sanitize_model_name(results["model_name"])
    results["system_instruction"] = system_instruction
    results["system_instruction_sha"] = hash_string(system_instruction) if system_instruction else None
    results["fewshot_as_multiturn"] = fewshot_as_multiturn
    results["chat_template"] = lm.chat_template if apply_chat_template else None
    results["chat_template_sha"] = hash_string(lm.chat_template) if apply_chat_template and lm.chat_template else None
    results["scheduler"] = {k: vars(v) for k, v in scheduler.stats.items()}
    results["start_time"] = start
    results["end_time"] = time.time()
    results["total_evaluation_time_seconds"] = str(results["end_time"] - start)
    results = redact.redact_results(results)  # the identity above (cache key) saw the raw args
    pm.notify("lmeval_run_end", results=results)
    return results


def task_metadata(model_args: Any, metadata: dict | None) -> dict:
    """What every task's ``metadata`` is merged with: the model arguments, then ``--metadata``
    (lm-eval 0.4.13's ``model_args | metadata``: tasks such as RULER read ``pretrained`` there)."""
    try:
        args = parse_model_args(model_args) if not isinstance(model_args, LM) else {}
    except ValueError as exc:
        raise UsageError(f"--model_args: {exc}") from None
    return {**args, **(metadata or {})}


def _model_name(model_args: Any) -> str:
    args = parse_model_args(model_args) if not isinstance(model_args, dict) else model_args
    # lm-eval's order (an adapter names the run), then the keys of lmeval's other backends
    for key in ("peft", "delta", "pretrained", "model", "path", "engine", "load", "model_name"):
        if args.get(key):
            return str(args[key])
    return ""


def sanitize_model_name(name: str) -> str:
    import re

    return re.sub(r"[\"<>:/|\\?*\[\]]+", "__", name)


def _configure(task: Task, num_fewshot: int | None, gen_kwargs: dict, predict_only: bool,
               fewshot_seed: int | None, confirm_unsafe: bool) -> None:
    cfg = task.config
    if cfg.unsafe_code and not confirm_unsafe:
        raise UsageError(f"task {task.name!r} executes model-generated code (unsafe_code: true); "
                         f"rerun with --confirm_run_unsafe_code to allow it")
    if num_fewshot is not None and cfg.num_fewshot == 0 and num_fewshot != 0:
        log.warning("%s: num_fewshot is 0 in its config; --num_fewshot %d does not apply to it "
                    "(as in lm-eval)", task.name, num_fewshot)
    elif num_fewshot is not None:
        cfg.num_fewshot = num_fewshot
    if gen_kwargs and task.output_type == "generate_until":
        cfg.generation_kwargs = {**(cfg.generation_kwargs or {}), **gen_kwargs}
    if predict_only:  # as lm-eval's override_metric: the task's own scoring does not run
        cfg.metric_list = [{"metric": "bypass"}]
        cfg.process_results = None
        task.metric_fns = {"bypass": task.plugins.metrics.get("bypass").load()}
        task.metric_kwargs = {"bypass": {}}
        task.aggregations = {"bypass": task.plugins.aggregations.get("bypass").load()
                             if "bypass" in task.plugins.aggregations else
                             task.plugins.aggregations.get("mean").load()}
        task.higher_is_better = {"bypass": True}
    task.fewshot_seed = fewshot_seed
    task.check()


def build_instances(task: Task, *, limit: float | None = None, samples: Sequence[int] | None = None,
                    chat_template: Any = None, fewshot_as_multiturn: bool = False,
                    system_instruction: str | None = None) -> tuple[list[int], list[Instance]]:
    """The requests of every selected document of ``task``, in document order."""
    docs = task.eval_docs
    ids = _doc_ids(task, limit, samples)
    shots = task.config.num_fewshot or 0
    instances: list[Instance] = []
    repeats = task.config.repeats or 1
    for doc_id in ids:
        doc = docs[doc_id]
        check_document(task, doc_id, doc)  # a bad gold or choice list: an error, not a score
        ctx = task.fewshot_context(doc, shots, system_instruction=system_instruction,
                                   chat_template=chat_template,
                                   fewshot_as_multiturn=fewshot_as_multiturn,
                                   gen_prefix=task.doc_to_prefix(doc))
        for idx, request in enumerate(task.construct_requests(doc, ctx, chat=chat_template is not None)):
            instances.append(Instance(task.name, doc_id, idx, request, repeats))
    return ids, instances


def show_prompts(tasks: Sequence[Task], built: dict[str, Any], n: int = 1) -> None:
    """Print the first documents' prompts exactly as the model will see them."""
    out = sys.stdout
    for task in tasks:
        ids, instances = built[task.name]
        for doc_id in ids[:n]:
            out.write(f"### {task.name} doc {doc_id}\n")
            for inst in (i for i in instances if i.doc_id == doc_id):
                args = inst.request.args
                out.write(f"--- request {inst.idx} ({inst.request.kind.value})\n")
                for arg in args:
                    out.write(f"{arg if isinstance(arg, str) else json.dumps(arg, ensure_ascii=False)}\n")
                    out.write("<<< end\n")
        out.flush()


def score(tasks: Sequence[Task], groups: Sequence[Group], built: dict[str, Any], *,
          bootstrap_iters: int, log_samples: bool, plugins: PluginManager) -> dict[str, Any]:
    from lmeval import metrics as metricsmod

    results: dict[str, dict[str, Any]] = {}
    configs, versions, n_shot, hib, n_samples = {}, {}, {}, {}, {}
    all_samples: dict[str, list[dict]] = {}
    for task in tasks:
        ids, instances = built[task.name]
        by_doc: dict[int, list[Instance]] = defaultdict(list)
        for inst in instances:
            by_doc[inst.doc_id].append(inst)
        docs = task.eval_docs
        for pipeline in task.filters():
            key = pipeline.name
            filtered = pipeline.apply([inst.resps for inst in instances], [docs[i.doc_id] for i in instances])
            for inst, value in zip(instances, filtered, strict=False):
                inst.filtered_resps[key] = value
        raw: dict[tuple[str, str], list[Any]] = defaultdict(list)
        logged: list[dict] = []
        for pipeline in task.filters():
            key = pipeline.name
            for doc_id in ids:
                insts = sorted(by_doc[doc_id], key=lambda i: i.idx)
                doc = docs[doc_id]
                values = task.process_results(doc, [i.filtered_resps[key] for i in insts])
                for metric, value in values.items():
                    raw[(metric, key)].append(value)
                if log_samples:
                    logged.append(_sample(task, doc_id, doc, insts, key, values))
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
        results[task.name] = agg
        configs[task.name] = task.config.to_dict()
        versions[task.name] = task.version
        n_shot[task.name] = task.config.num_fewshot or 0
        hib[task.name] = dict(task.higher_is_better)
        n_samples[task.name] = {"original": len(docs), "effective": len(ids)}
        all_samples[task.name] = logged
        plugins.notify("lmeval_task_end", task_name=task.name, metrics=agg)

    group_results: dict[str, Any] = {}
    ordered = _bottom_up(groups)
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
    final_results = {k: _strip(v) for k, v in results.items()}
    out: dict[str, Any] = {
        "results": final_results,
        **({"groups": {k: _strip(v) for k, v in group_results.items()}} if group_results else {}),
        "group_subtasks": {g.name: [c.name for c in g.children] for g in reversed(ordered)},
        "configs": dict(sorted(configs.items())),
        "versions": dict(sorted(versions.items())),
        "n-shot": dict(sorted(n_shot.items())),
        "higher_is_better": dict(sorted(hib.items())),
        "n-samples": n_samples,
    }
    for task in tasks:
        out["group_subtasks"].setdefault(task.name, [])
    if log_samples:
        out["samples"] = all_samples
    return out


def _strip(metrics: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in metrics.items() if k not in ("sample_count",)}


def _bottom_up(groups: Sequence[Group]) -> list[Group]:
    seen: set[str] = set()
    order: list[Group] = []

    def visit(g: Group) -> None:
        if g.name in seen:
            return
        seen.add(g.name)
        for child in g.children:
            if isinstance(child, Group):
                visit(child)
        order.append(g)

    for g in groups:
        visit(g)
    return order


def aggregate_group(group: Group, results: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A group's metrics from its leaf tasks: size-weighted or plain mean, pooled stderr."""
    from lmeval import metrics as metricsmod

    out: dict[str, Any] = {"alias": group.alias}
    if not group.has_aggregation:
        return out
    leaf = [t.name for t in group.leaf_tasks()]
    out["sample_len"] = sum(results.get(n, {}).get("sample_len", 0) for n in leaf)
    for spec in group.config.aggregate_metric_list or []:
        filters = spec.filter_list
        if filters is None:
            filters = sorted({k.split(",", 1)[1] for n in leaf for k in results.get(n, {})
                              if k.startswith(spec.metric + ",")})
        for fkey in filters:
            key, se_key = f"{spec.metric},{fkey}", f"{spec.metric}_stderr,{fkey}"
            values, sizes, stderrs = [], [], []
            for n in leaf:
                res = results.get(n, {})
                if key in res:
                    values.append(res[key])
                    sizes.append(res.get("sample_len", 0))
                    if res.get(se_key) is not None:
                        stderrs.append(res[se_key])
            if not values:
                continue
            out[key] = metricsmod.aggregate_subtask_metrics(values, sizes, spec.weight_by_size)
            if len(stderrs) == len(values) and "N/A" not in stderrs:
                if spec.weight_by_size:
                    out[se_key] = metricsmod.pooled_sample_stderr(stderrs, sizes)
                else:
                    out[se_key] = metricsmod.unweighted_mean_stderr(stderrs)
            else:
                out[se_key] = "N/A"
    return out


def _jsonable(obj: Any) -> Any:
    try:
        json.dumps(obj)
        return obj
    except TypeError:
        return json.loads(json.dumps(obj, default=json_default))


def _sample(task: Task, doc_id: int, doc: dict, insts: list[Instance], key: str,
            values: dict[str, Any]) -> dict[str, Any]:
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
