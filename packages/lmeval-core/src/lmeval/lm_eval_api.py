"""``lmeval.simple_evaluate``: lm-eval 0.4.13's ``simple_evaluate`` keywords on lmeval's evaluator.

Code written for ``lm_eval.simple_evaluate(...)`` runs with ``lmeval.simple_evaluate(...)``.
Every keyword of lm-eval's signature is accepted, with lm-eval's defaults (``log_samples=True``;
``fewshot_as_multiturn=True``, which only acts with a chat template), and is either used as
lm-eval uses it or mapped onto lmeval's equivalent:

* ``cache_requests`` / ``rewrite_requests_cache`` / ``delete_requests_cache``: lmeval's
  ``cache_requests`` modes ``true`` / ``refresh`` / ``delete``;
* ``task_manager``: an object with ``include_path`` and ``metadata`` (lm-eval's ``TaskManager``
  has both) gives those two; anything else is refused;
* ``verbosity``: the level of the ``lmeval`` logger;
* ``check_integrity``: the deep checks of ``lmeval validate`` on the tasks, before the model loads;
* ``evaluation_tracker``: lm-eval's ``EvaluationTracker`` gets the experiment arguments logged,
  as lm-eval does (saving stays with the caller, as in lm-eval); an object without
  ``general_config_tracker.log_experiment_args`` is refused.

lmeval's own keywords (``include_path``, ``plugins``, ``progress``) are accepted too. An unknown
keyword is a ``TypeError`` naming the closest valid one.
"""

from __future__ import annotations

import logging
from typing import Any

from lmeval.errors import UsageError, did_you_mean

LM_EVAL_KEYWORDS = (
    "model", "model_args", "tasks", "num_fewshot", "batch_size", "max_batch_size", "device",
    "use_cache", "cache_requests", "rewrite_requests_cache", "delete_requests_cache", "limit",
    "samples", "bootstrap_iters", "check_integrity", "write_out", "log_samples",
    "evaluation_tracker", "system_instruction", "apply_chat_template", "fewshot_as_multiturn",
    "gen_kwargs", "task_manager", "verbosity", "predict_only", "random_seed",
    "numpy_random_seed", "torch_random_seed", "fewshot_random_seed", "confirm_run_unsafe_code",
    "metadata",
)
LMEVAL_KEYWORDS = ("include_path", "plugins", "progress")


def simple_evaluate(
    model: Any,
    model_args: str | dict[str, Any] | None = None,
    tasks: str | list[Any] | None = None,
    num_fewshot: int | None = None,
    batch_size: int | str | None = None,
    max_batch_size: int | None = None,
    device: str | None = None,
    use_cache: str | None = None,
    cache_requests: bool = False,
    rewrite_requests_cache: bool = False,
    delete_requests_cache: bool = False,
    limit: int | float | None = None,
    samples: dict[str, list[int]] | str | None = None,
    bootstrap_iters: int = 100000,
    check_integrity: bool = False,
    write_out: bool = False,
    log_samples: bool = True,
    evaluation_tracker: Any = None,
    system_instruction: str | None = None,
    apply_chat_template: bool | str = False,
    fewshot_as_multiturn: bool = True,
    gen_kwargs: str | dict[str, Any] | None = None,
    task_manager: Any = None,
    verbosity: str | int | None = None,
    predict_only: bool = False,
    random_seed: int | None = 0,
    numpy_random_seed: int | None = 1234,
    torch_random_seed: int | None = 1234,
    fewshot_random_seed: int | None = 1234,
    confirm_run_unsafe_code: bool = False,
    metadata: dict[str, Any] | None = None,
    *,
    include_path: str | list[str] | None = None,
    plugins: Any = None,
    progress: bool | None = None,
    **unknown: Any,
) -> dict[str, Any] | None:
    """Evaluate ``model`` on ``tasks`` with lm-eval's keywords; lm-eval's results dict (with
    ``samples`` when ``log_samples``), or None on a rank other than 0."""
    if unknown:
        name = sorted(unknown)[0]
        raise TypeError(f"simple_evaluate() got an unexpected keyword argument {name!r}"
                        f"{did_you_mean(name, LM_EVAL_KEYWORDS + LMEVAL_KEYWORDS)}")
    if verbosity is not None:
        _set_verbosity(verbosity)
    if task_manager is not None:
        include_path, metadata = _from_task_manager(task_manager, include_path)
    if evaluation_tracker is not None and not callable(getattr(
            getattr(evaluation_tracker, "general_config_tracker", None), "log_experiment_args", None)):
        raise UsageError(f"evaluation_tracker: expected lm-eval's EvaluationTracker, got "
                         f"{type(evaluation_tracker).__name__}; to save results and samples "
                         f"use lmeval.outputs.results.write_results(results, output_path)")
    if tasks is None or (not isinstance(tasks, str) and len(tasks) == 0):
        raise UsageError("No tasks specified, or no tasks found. Please verify the task names.")
    for item in [tasks] if isinstance(tasks, str) else tasks:
        if not isinstance(item, (str, dict)):
            raise UsageError(f"tasks: {type(item).__name__} objects do not run in lmeval; pass "
                             f"task names, YAML file paths or config dicts")
    from lmeval.evaluator import evaluate
    from lmeval.evaluator.config import lm_eval_names

    if check_integrity:
        _check_integrity(tasks, include_path, plugins)
    given = dict(locals())
    options = {name: given[keyword] for keyword, name in lm_eval_names().items()
               if name not in ("model", "model_args", "tasks")}  # the same option, lm-eval's name
    options.update(  # lm-eval's forms of three options, as lmeval's
        cache_requests=_cache_mode(cache_requests, rewrite_requests_cache, delete_requests_cache),
        fewshot_as_multiturn=bool(fewshot_as_multiturn and apply_chat_template),
        log_samples=bool(log_samples or predict_only), include_path=include_path,
        progress=progress)
    results = evaluate(model, model_args, tasks, plugins=plugins, **options)
    if not results:  # a rank other than 0
        return None
    if evaluation_tracker is not None:
        evaluation_tracker.general_config_tracker.log_experiment_args(
            model_source=model if isinstance(model, str) else "CUSTOM",
            model_args=model_args or "", system_instruction=system_instruction,
            chat_template=results.get("chat_template"),
            fewshot_as_multiturn=bool(fewshot_as_multiturn and apply_chat_template))
    return results


def _cache_mode(cache: bool, rewrite: bool, delete: bool) -> str | None:
    """lm-eval's three request-cache booleans as lmeval's one ``cache_requests`` mode."""
    mode = ("refresh" if rewrite else "true") if cache else None
    if delete:  # lm-eval deletes first, then builds (and saves, with cache_requests) afresh
        mode = "refresh" if mode else "delete"
    return mode


def _set_verbosity(verbosity: str | int) -> None:
    level = verbosity if isinstance(verbosity, int) else logging.getLevelName(str(verbosity).upper())
    if not isinstance(level, int):
        raise UsageError(f"verbosity: expected a log level (DEBUG, INFO, WARNING, ERROR, "
                         f"CRITICAL), got {verbosity!r}")
    logging.getLogger("lmeval").setLevel(level)


def _from_task_manager(task_manager: Any, include_path: Any) -> tuple[Any, Any]:
    if not (hasattr(task_manager, "include_path") and hasattr(task_manager, "metadata")):
        raise UsageError(f"task_manager: expected an object with include_path and metadata "
                         f"(lm-eval's TaskManager), got {type(task_manager).__name__}; or pass "
                         f"include_path=... and metadata=... directly")
    paths = [p for p in (include_path, task_manager.include_path) if p]
    flat: list[str] = []
    for p in paths:
        flat.extend([p] if isinstance(p, str) else [str(x) for x in p])
    return (flat or None), (dict(task_manager.metadata) if task_manager.metadata else None)


def _check_integrity(tasks: Any, include_path: Any, plugins: Any) -> None:
    from lmeval.cli.run import _check_integrity as check
    from lmeval.plugins import PluginManager, get_plugin_manager

    if isinstance(plugins, PluginManager):
        pm = plugins
    elif plugins:
        pm = PluginManager(plugins=plugins)
    else:
        pm = get_plugin_manager()
    names = [tasks] if isinstance(tasks, str) else [t for t in tasks if isinstance(t, str)]
    check(pm, names, include_path)
