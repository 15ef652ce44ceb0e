"""``evaluate``: one run — tasks → requests → scheduler → LM → filters → metrics → groups →
results — each phase in its own module of :mod:`lmeval.evaluator`, reading one
:class:`~lmeval.evaluator.config.RunConfig`."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lmeval.backend import distributed
from lmeval.errors import UsageError
from lmeval.evaluator import requests, rerun_inputs
from lmeval.evaluator.config import RunConfig, evaluate_signature
from lmeval.evaluator.results import add_run_fields, model_name
from lmeval.evaluator.scoring import score
from lmeval.outputs import redact
from lmeval.plugins import PluginManager, get_plugin_manager
from lmeval.protocol import LM, parse_model_args
from lmeval.run import early_start, executors, options, preflight, timelimit
from lmeval.run.modelargs import accepted_run_options, check_model_args, without_untaken_flags
from lmeval.tasks.index import TaskIndex, task_sources
from lmeval.tasks.loader import TaskLoader
from lmeval.tasks.specs import expand as expand_task_specs

if TYPE_CHECKING:
    from lmeval.outputs.samplestream import SampleStream


def build_model(pm: PluginManager, model: str | LM, model_args: Any = None, *,
                batch_size: Any = None, max_batch_size: Any = None, device: Any = None) -> LM:
    """Instantiate a backend by name, lm-eval style: model args plus batch size and device."""
    if isinstance(model, LM):
        return model
    factory, args = checked_model_args(pm, model, model_args, batch_size=batch_size,
                                       max_batch_size=max_batch_size, device=device)
    return _named(pm, model, factory(**args), args)


def checked_model_args(pm: PluginManager, model: str, model_args: Any = None, *,
                       batch_size: Any = None, max_batch_size: Any = None,
                       device: Any = None) -> tuple[Any, dict[str, Any]]:
    """The backend's factory and the keyword arguments it is called with, checked (exit 2)."""
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
    taken = accepted_run_options(factory, args, run_options)
    unused = getattr(factory, "unused_run_options", frozenset())
    _say_unused_run_options(model, {k: v for k, v in run_options.items()
                                    if k not in taken or k in unused})
    args.update(taken)
    return factory, args


def _named(pm: PluginManager, model: str, lm: LM, args: dict[str, Any]) -> LM:
    lm.backend_name = pm.models.get(model).name  # an alias (hf-auto) keys the cache as its name
    lm.model_args = args  # what the cache key holds (lmeval.run.identity), whatever the factory did
    return lm


def start_model_early(pm: PluginManager, config: RunConfig) -> early_start.EarlyStart | None:
    """The model, building in a thread from now on, for a backend with ``start_early``."""
    if config.executor or not isinstance(config.model, str) \
            or not early_start.capable(pm.model_factory(config.model)):
        return None
    name = config.model
    factory, args = checked_model_args(pm, name, config.arguments, batch_size=config.batch_size,
                                       max_batch_size=config.max_batch_size, device=config.device)
    return early_start.begin(factory, args, lambda lm: _named(pm, name, lm, args), name)


def _say_unused_run_options(model: str, unused: dict[str, Any]) -> None:
    """One line naming --device / --batch_size / --max_batch_size given to a backend that does
    not take them (``--batch_size 1``, lm-eval's default, is not worth a line)."""
    flags = [f"--{k}" for k, v in unused.items() if not (k == "batch_size" and str(v) == "1")]
    if flags:
        import sys

        print(f"lmeval: note: backend {model!r} does not use {', '.join(flags)}; ignored",
              file=sys.stderr)


def task_metadata(model_args: Any, metadata: dict | None) -> dict:
    """What every task's ``metadata`` is merged with: the model arguments, then ``--metadata``
    (lm-eval 0.4.13's ``model_args | metadata``: tasks such as RULER read ``pretrained`` there)."""
    try:
        args = parse_model_args(model_args) if not isinstance(model_args, LM) else {}
    except ValueError as exc:
        raise UsageError(f"--model_args: {exc}") from None
    return {**args, **(metadata or {})}


def seed_everything(config: RunConfig) -> None:
    """Seed Python's, NumPy's and torch's generators (those already imported) as asked."""
    if config.random_seed is not None:
        random.seed(config.random_seed)
    if config.numpy_random_seed is not None and "numpy" in sys.modules:
        sys.modules["numpy"].random.seed(config.numpy_random_seed)
    if config.torch_random_seed is not None and "torch" in sys.modules:
        sys.modules["torch"].manual_seed(config.torch_random_seed)


def plugin_manager(plugins: PluginManager | Sequence[Any] | None) -> PluginManager:
    """The plugin manager given, one over the plugin modules given, or the process's own."""
    if isinstance(plugins, PluginManager):
        return plugins
    return PluginManager(plugins=plugins) if plugins else get_plugin_manager()


def evaluate(model: str | LM, model_args: Any = None, tasks: str | Sequence[str | dict] = (), *,
             plugins: PluginManager | Sequence[Any] | None = None,
             **given: Any) -> dict[str, Any]:
    """Evaluate ``model`` on ``tasks``; returns lm-eval's results dict (plus ``samples``).

    ``tasks``: names (wildcards allowed), YAML files or directories, config dicts; a string is
    one of these. The other keywords are the fields of :class:`~lmeval.evaluator.RunConfig`
    (the one table of run options; this function's signature is built from it), which also
    take the command line's text forms (``samples``, ``gen_kwargs``, ``metadata``).
    ``executor``: ``"name:k=v,..."`` runs the model calls elsewhere (:mod:`lmeval.run.executors`).
    """
    start = time.time()
    pm = plugin_manager(plugins)
    try:
        return run(RunConfig.checked(model, model_args, tasks, **given), pm, start)
    finally:
        early_start.abandon_all()  # a model still building after a failure is closed when built


evaluate.__signature__ = evaluate_signature(  # type: ignore[attr-defined]
    "PluginManager | Sequence[Any] | None")


def run(config: RunConfig, pm: PluginManager, start: float | None = None, *,
        samples_to: SampleStream | None = None) -> dict[str, Any]:
    """One run of a checked configuration: everything checked before the model loads.
    ``samples_to``: where logged samples go as they are scored (then not in the dict)."""
    start = time.time() if start is None else start
    preflight.check_caches(config.use_cache, config.cache_requests)
    timelimit.limit_seconds()  # a bad LMEVAL_TASK_CODE_TIMEOUT is one line now, not mid-run
    if isinstance(config.model, str):
        pm.check_model(config.model)
    if config.executor:
        if not isinstance(config.model, str):
            raise UsageError("--executor needs a registered backend name (--model), not an LM "
                             "instance: each replica builds its own model")
        executors.check_executor(pm, config.executor)
    seed_everything(config)
    early = start_model_early(pm, config)  # joined below, once every task is built and checked

    index = TaskIndex(task_sources(pm, config.include_path))
    loader = TaskLoader(index, pm, task_metadata(config.arguments, config.metadata))
    leaf_tasks, groups = requests.flatten(loader.load(expand_task_specs(list(config.tasks),
                                                                         index.rows)))
    options.check_samples_tasks(config.samples, [t.name for t in leaf_tasks])
    for task in leaf_tasks:
        requests.configure(task, config)
    preflight.check_backend(pm, config.model, config.arguments, leaf_tasks,
                            dict(config.gen_kwargs or {}), chat_template=config.apply_chat_template)
    preflight.check_tasks(leaf_tasks, num_fewshot_flag=config.num_fewshot)  # before the model loads
    from lmeval.metrics import hf_evaluate

    hf_evaluate.load_all(leaf_tasks)  # metric names lmeval lacks, from HF evaluate, before the model
    prepared = requests.prepare(leaf_tasks, config)  # every document rendered and checked

    if config.executor and isinstance(config.model, str):
        lm = executors.build_executor(pm, config.executor, config.model, config.arguments,
                                      batch_size=config.batch_size,
                                      max_batch_size=config.max_batch_size, device=config.device)
    elif early is not None:
        lm = early.result()
    else:
        lm = build_model(pm, config.model, config.arguments, batch_size=config.batch_size,
                         max_batch_size=config.max_batch_size, device=config.device)
    pm.notify("lmeval_run_start", config={"model": str(config.model),
                                          "tasks": [t.name for t in leaf_tasks]})
    chat = None
    if config.apply_chat_template:
        name = redact.redact_text(model_name(config.arguments))
        backend = config.model_label
        chat = preflight.chat_renderer(lm, f"{name!r} (backend {backend!r})" if name
                                       else f"of backend {backend!r}")
    built = requests.build_requests(leaf_tasks, config, lm, chat, prepared)
    if config.write_out:
        requests.show_prompts(leaf_tasks, built)
    scheduler = requests.answer(lm, built, config)

    rank, _ = distributed.rank_world(lm)
    if lm.owns_ranks:
        rank = distributed.env_rank_world()[0]  # tensor-parallel ranks: only global rank 0 reports
    if rank != 0:
        return {}
    results = score(leaf_tasks, groups, built, bootstrap_iters=config.bootstrap_iters,
                    log_samples=config.log_samples, plugins=pm, samples_to=samples_to)
    results = add_run_fields(results, config, lm, pm, scheduler, start)
    results["config"][rerun_inputs.KEY] = redact.redact_data(
        rerun_inputs.record(config, leaf_tasks), shapes=False, names=False)  # hashes, paths: not secrets
    pm.notify("lmeval_run_end", results=results)
    return results
