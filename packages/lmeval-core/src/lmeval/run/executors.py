"""``--executor name:k=v,...``: where a run's model calls happen when one process is not enough.

An executor plugin (hook ``lmeval_register_executors``) turns the backend name and model
arguments a run would load in its own process into an :class:`~lmeval.protocol.LM` that stands
in for that model, e.g. a pool of Ray actors each holding one replica. Everything else stays the
core's: requests are built once, deduplicated, ordered and keyed in the response cache by the
scheduler exactly as in one process, and the executor's LM answers each call by spreading it
over its replicas. Its ``identity()`` is the backend's own, so a run resumes from the cache
with any executor, any number of replicas or none. The core names no executor package.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lmeval.errors import UsageError, did_you_mean

if TYPE_CHECKING:
    from lmeval.plugins import PluginManager
    from lmeval.protocol import LM

#: Executors lmeval knows of, with the distribution that provides them, for "pip install" hints.
KNOWN_EXECUTORS: dict[str, str] = {"ray": "lmeval-ray"}


def parse_executor(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ray:replicas=4,address=auto"`` → ``("ray", {"replicas": 4, "address": "auto"})``."""
    from lmeval.protocol import parse_model_args

    name, _, args = str(spec).partition(":")
    name = name.strip()
    if not name:
        raise UsageError(f"--executor {spec!r}: expected name[:k=v,...], e.g. ray:replicas=4")
    try:
        options = parse_model_args(args)
    except ValueError as exc:
        raise UsageError(f"--executor {name}: {exc}") from None
    return name, options


def check_executor(pm: PluginManager, spec: str) -> None:
    """Fail before anything loads when no plugin provides the executor or an option is unknown."""
    name, options = parse_executor(spec)
    from lmeval.backend.distributed import env_rank_world

    if env_rank_world()[1] > 1:
        raise UsageError(f"--executor {name}: run it as one process, not under torchrun or "
                         f"accelerate ranks (each rank would start its own replicas); the "
                         f"executor's replicas are the parallelism")
    if name not in pm.executors:
        dist = KNOWN_EXECUTORS.get(name)
        if dist:
            from lmeval.requires import missing_library

            raise missing_library(dist, needed_by=f"--executor {name}")
        raise UsageError(f"--executor: {pm.executors.unknown_message(name)}")
    _check_options(name, pm.executors.get(name).load(), options)


def _check_options(name: str, factory: Any, options: Mapping[str, Any]) -> None:
    from lmeval.run.modelargs import named_parameters

    names, is_open = named_parameters(factory)
    taken = names - {"model", "model_args", "run_options"}
    unknown = [k for k in options if k not in taken]
    if unknown and not is_open:
        key = unknown[0]
        raise UsageError(f"--executor {name}: no option {key!r}{did_you_mean(key, sorted(taken))}; "
                         f"it takes {', '.join(sorted(taken)) or 'none'}")


def build_executor(pm: PluginManager, spec: str, model: str, model_args: Any, *,
                   batch_size: Any = None, max_batch_size: Any = None,
                   device: Any = None) -> LM:
    """The LM of executor ``spec`` standing in for backend ``model`` (a registered name)."""
    from lmeval.outputs import redact
    from lmeval.protocol import parse_model_args
    from lmeval.run.modelargs import check_model_args

    name, options = parse_executor(spec)
    check_executor(pm, spec)
    factory = pm.model_factory(model)
    redact.remember_args(model_args)
    try:
        args = parse_model_args(model_args)
    except ValueError as exc:
        raise UsageError(f"--model_args: {exc}") from None
    check_model_args(model, factory, args)
    run_options = {"batch_size": batch_size, "max_batch_size": max_batch_size, "device": device,
                   "plugins": [n for n, dist, _ in pm.plugins() if dist == "local"]}
    lm = pm.executors.get(name).load()(model=model, model_args=args, run_options=run_options,
                                       **options)
    lm.backend_name = pm.models.get(model).name
    return lm
