"""Every lmeval hook, grouped by phase.

Contribution hooks receive a ``register`` callback owned by the core: the core validates what
is registered, refuses duplicates naming both plugins, and remembers which distribution
supplied each name. Each callback is typed by a Protocol below (``RegisterMetric`` ...), and
its signature is also what the core checks a call against at run time: an unknown keyword
(``higer_is_better=``), a missing argument or one too many is a :class:`lmeval.errors.PluginError`
naming the plugin. Hooks are always called with keyword arguments. Observer hooks
(``lmeval_run_start`` and the like) are called safely: an exception in one is logged and the
run goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pluggy

if TYPE_CHECKING:
    import argparse
    import os

    from lmeval.outputs.results import EvaluationResults
    from lmeval.protocol import LM

hookspec = pluggy.HookspecMarker("lmeval")
hookimpl = pluggy.HookimplMarker("lmeval")

#: The untyped form of every ``register`` callback (kept for plugins that annotate with it).
Register = Callable[..., None]

# ---------------------------------------------------------------- register callbacks, typed


class RegisterModel(Protocol):
    def __call__(self, name: str, factory: Callable[..., LM] | str, *,
                 aliases: Iterable[str] = ()) -> None: ...


class RegisterTaskSource(Protocol):
    def __call__(self, path: str | os.PathLike[str], *,
                 notes: Mapping[str, str] | None = None) -> None: ...


class RegisterMetric(Protocol):
    def __call__(self, name: str, fn: Callable[..., Any] | str, *, aggregation: str = "mean",
                 higher_is_better: bool = True, output_types: Iterable[str] | None = None,
                 keywords: Iterable[str] | None = None, aliases: Iterable[str] = ()) -> None: ...


class RegisterAggregation(Protocol):
    def __call__(self, name: str, fn: Callable[[list[Any]], float] | str, *,
                 aliases: Iterable[str] = ()) -> None: ...


class RegisterFilter(Protocol):
    def __call__(self, name: str, factory: Callable[..., Any] | str, *,
                 aliases: Iterable[str] = ()) -> None: ...


class RegisterSampler(Protocol):
    def __call__(self, name: str, factory: Callable[..., Any] | str, *,
                 aliases: Iterable[str] = ()) -> None: ...


class RegisterDatasetLoader(Protocol):
    def __call__(self, name: str, fn: Callable[..., dict[str, list[dict[str, Any]]]] | str, *,
                 aliases: Iterable[str] = ()) -> None: ...


class RegisterReporter(Protocol):
    def __call__(self, name: str, factory: Callable[..., Any] | str, *,
                 aliases: Iterable[str] = ()) -> None: ...


class RegisterExecutor(Protocol):
    def __call__(self, name: str, factory: Callable[..., LM] | str, *,
                 aliases: Iterable[str] = ()) -> None: ...


#: What a subcommand's ``command(parser)`` returns: ``handler(args)`` runs it; its result
#: (``None`` meaning 0) is the exit status.
CommandHandler = Callable[["argparse.Namespace"], "int | None"]


class RegisterCommand(Protocol):
    def __call__(self, name: str,
                 command: Callable[[argparse.ArgumentParser], CommandHandler] | str, *,
                 help: str = "", aliases: Iterable[str] = ()) -> None: ...


# --------------------------------------------------------------------------- contribution


@hookspec
def lmeval_register_models(register: RegisterModel) -> None:
    """Register model backends; called once, when the registry is first needed.

    ``register(name, factory, *, aliases=())``: ``factory(**model_args)`` returns an
    :class:`lmeval.protocol.LM`. A factory imports its heavy library inside itself, so
    listing backends never imports torch. A ``factory`` may also be a ``"module:attr"`` string,
    imported on first use. The model arguments it takes are its parameters, plus
    ``factory.extra_model_args(args)`` where it forwards keywords to a library; generation
    arguments beyond the common ones, ``factory.extra_generation_kwargs()``
    (:mod:`lmeval.run.modelargs` checks both before the model is built).
    """


@hookspec
def lmeval_register_task_sources(register: RegisterTaskSource) -> None:
    """Register directories of task YAML files; called once, when the task index is built.

    ``register(path, *, notes=None)``: ``path`` is a directory searched recursively for
    ``*.yaml``/``*.yml`` files (task, group and tag configs, as lm-eval lays them out). Sources
    registered later override earlier ones with a warning naming both files. ``notes``: task or
    group name → a short note ``lmeval ls`` prints beside it (a long context, a large
    generation budget, an optional library).
    """


@hookspec
def lmeval_register_metrics(register: RegisterMetric) -> None:
    """Register per-sample metrics; called once, when the metric registry is first needed.

    ``register(name, fn, *, aggregation="mean", higher_is_better=True, output_types=None,
    keywords=None, aliases=())``. ``fn(references, predictions, **kwargs)`` returns the
    per-sample value (or the item its aggregation receives, for corpus metrics such as bleu).
    ``output_types``: the task output types it is meant for (``lmeval ls metrics`` shows them).
    ``keywords``: the ``metric_list`` keys ``fn`` takes (None: read from its signature); any
    other key is an error before the model loads.
    """


@hookspec
def lmeval_register_aggregations(register: RegisterAggregation) -> None:
    """Register aggregations; called once, when the metric registry is first needed.

    ``register(name, fn, *, aliases=())``: ``fn(items: list) -> float``.
    """


@hookspec
def lmeval_register_filters(register: RegisterFilter) -> None:
    """Register response filters; called once, when the filter registry is first needed.

    ``register(name, factory, *, aliases=())``: ``factory(**kwargs)`` returns an object with
    ``apply(resps: list[list[str]], docs: list[dict]) -> list[list[str]]``.
    """


@hookspec
def lmeval_register_samplers(register: RegisterSampler) -> None:
    """Register few-shot samplers; called once, when a task first asks for one.

    ``register(name, factory, *, aliases=())``: ``factory(docs, *, rnd, fewshot_indices)``
    returns an object with ``sample(n, eval_doc=None) -> list[dict]``.
    """


@hookspec
def lmeval_register_dataset_loaders(register: RegisterDatasetLoader) -> None:
    """Register dataset loaders by ``dataset_path`` name; called once, when data is loaded.

    ``register(name, fn, *, aliases=())``: ``fn(dataset_path, dataset_name, **dataset_kwargs)``
    returns a mapping of split name to a list of documents (dicts). Loaders registered here
    take precedence over the built-in local-file loader and over HF ``datasets``.
    """


@hookspec
def lmeval_register_reporters(register: RegisterReporter) -> None:
    """Register result reporters, chosen with ``lmeval run --reporter name:k=v,...``.

    ``register(name, factory, *, aliases=())``: ``factory(**kwargs)`` returns an object with
    ``report(results: dict, samples: dict[str, list[dict]] | None) -> None``. lm-eval's
    ``--hf_hub_log_args`` and ``--wandb_args`` are aliases of ``--reporter hf_hub:...`` and
    ``--reporter wandb:...``.
    """


@hookspec
def lmeval_register_executors(register: RegisterExecutor) -> None:
    """Register executors, chosen with ``lmeval run --executor name:k=v,...``: where the model
    calls of a run happen when one process is not enough (replicas on a cluster); called once,
    when a run asks for an executor.

    ``register(name, factory, *, aliases=())``: ``factory(model, model_args, run_options,
    **options)`` returns an :class:`lmeval.protocol.LM` standing in for backend ``model`` (a
    registered name) built with ``model_args`` (a dict) and ``run_options`` (``batch_size``,
    ``max_batch_size``, ``device``, and ``plugins``: the run's local plugin modules); ``options``
    are the flag's ``k=v`` pairs, checked against the factory's parameters before anything
    loads. The scheduler, response cache and scoring stay the core's; the LM's ``identity()``
    must be the backend's own, so runs resume with any executor or none.
    """


@hookspec
def lmeval_register_commands(register: RegisterCommand) -> None:
    """Register ``lmeval`` subcommands; called only when a word that is not one of the core's
    subcommands follows ``lmeval`` (or for ``lmeval --help``), never for ``lmeval ls``.

    ``register(name, command, *, help="", aliases=())``: ``command(parser)`` adds its arguments
    to ``parser`` (an ``argparse.ArgumentParser`` for ``lmeval <name>``) and returns
    ``handler(args) -> int | None``, the exit status. Give ``command`` as a ``"module:attr"``
    string: the module is imported only when the subcommand is used.
    """


# ------------------------------------------------------------------------------- observers


@hookspec
def lmeval_run_start(config: dict[str, Any]) -> None:
    """Called once before the first request is built. ``config`` is the run configuration.

    Exceptions are logged and ignored.
    """


@hookspec
def lmeval_task_end(task_name: str, metrics: dict[str, Any]) -> None:
    """Called after a task's metrics are computed (on rank 0). Exceptions are logged and ignored."""


@hookspec
def lmeval_run_end(results: EvaluationResults) -> None:
    """Called once after results are assembled (on rank 0). Exceptions are logged and ignored.

    ``results["samples"]`` is there when the run keeps its samples in memory (the Python API
    with ``log_samples``, or ``lmeval run`` with a ``--reporter``); ``lmeval run --log_samples
    --output_path`` without a reporter streams them to its samples files as each task is scored
    instead, so a plugin that needs them reads those files."""
