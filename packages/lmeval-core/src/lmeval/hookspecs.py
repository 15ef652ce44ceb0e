"""Every lmeval hook, grouped by phase.

Contribution hooks receive a ``register`` callback owned by the core: the core validates what
is registered, refuses duplicates naming both plugins, and remembers which distribution
supplied each name. Hooks are always called with keyword arguments. Observer hooks
(``lmeval_run_start`` and the like) are called safely: an exception in one is logged and the
run goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from lmeval.results import EvaluationResults

hookspec = pluggy.HookspecMarker("lmeval")
hookimpl = pluggy.HookimplMarker("lmeval")

Register = Callable[..., None]

# --------------------------------------------------------------------------- contribution


@hookspec
def lmeval_register_models(register: Register) -> None:
    """Register model backends; called once, when the registry is first needed.

    ``register(name, factory, *, aliases=())``: ``factory(**model_args)`` returns an
    :class:`lmeval.protocol.LM`. A factory imports its heavy library inside itself, so
    listing backends never imports torch. A ``factory`` may also be a ``"module:attr"`` string,
    imported on first use. The model arguments it takes are its parameters, plus
    ``factory.extra_model_args(args)`` where it forwards keywords to a library; generation
    arguments beyond the common ones, ``factory.extra_generation_kwargs()``
    (:mod:`lmeval.modelargs` checks both before the model is built).
    """


@hookspec
def lmeval_register_task_sources(register: Register) -> None:
    """Register directories of task YAML files; called once, when the task index is built.

    ``register(path, *, name=None)``: ``path`` is a directory searched recursively for
    ``*.yaml``/``*.yml`` files (task, group and tag configs, as lm-eval lays them out).
    Sources registered later override earlier ones with a warning naming both files.
    """


@hookspec
def lmeval_register_metrics(register: Register) -> None:
    """Register per-sample metrics; called once, when the metric registry is first needed.

    ``register(name, fn, *, aggregation="mean", higher_is_better=True, output_types=None,
    corpus=False, keywords=None)``. ``fn(references, predictions, **kwargs)`` returns the
    per-sample value (for ``corpus=True`` metrics, the item passed to the aggregation).
    ``keywords``: the ``metric_list`` keys ``fn`` takes (None: read from its signature); any
    other key is an error before the model loads.
    """


@hookspec
def lmeval_register_aggregations(register: Register) -> None:
    """Register aggregations; called once, when the metric registry is first needed.

    ``register(name, fn)``: ``fn(items: list) -> float``.
    """


@hookspec
def lmeval_register_filters(register: Register) -> None:
    """Register response filters; called once, when the filter registry is first needed.

    ``register(name, factory)``: ``factory(**kwargs)`` returns an object with
    ``apply(resps: list[list[str]], docs: list[dict]) -> list[list[str]]``.
    """


@hookspec
def lmeval_register_samplers(register: Register) -> None:
    """Register few-shot samplers; called once, when a task first asks for one.

    ``register(name, factory)``: ``factory(docs, *, rnd, fewshot_indices)`` returns an object
    with ``sample(n, eval_doc=None) -> list[dict]``.
    """


@hookspec
def lmeval_register_dataset_loaders(register: Register) -> None:
    """Register dataset loaders by ``dataset_path`` name; called once, when data is loaded.

    ``register(name, fn)``: ``fn(dataset_path, dataset_name, **dataset_kwargs)`` returns a
    mapping of split name to a list of documents (dicts). Loaders registered here take
    precedence over the built-in local-file loader and over HF ``datasets``.
    """


@hookspec
def lmeval_register_reporters(register: Register) -> None:
    """Register result reporters (``--hf_hub_log_args``, ``--wandb_args`` ...).

    ``register(name, factory, *, cli_flag=None)``: ``factory(**kwargs)`` returns an object with
    ``report(results: dict, samples: dict[str, list[dict]] | None) -> None``. ``cli_flag`` names
    the ``lmeval run`` flag whose ``k=v,...`` value becomes the factory's kwargs.
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
    """Called once after results are assembled (on rank 0). Exceptions are logged and ignored."""
