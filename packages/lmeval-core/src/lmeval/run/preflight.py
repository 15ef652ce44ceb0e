"""Checks that run before the model loads: a wrong split must not cost a 70B model load.

In order: the model and generation arguments against what the backend accepts
(:mod:`lmeval.run.modelargs`), then every task's dataset, scored split, few-shot pool and sampler.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lmeval.errors import LmevalError, UsageError
from lmeval.media import IMAGE
from lmeval.protocol import LM, UnsupportedRequestError, parse_model_args, unsupported_inputs
from lmeval.run.modelargs import check_generation_kwargs, check_model_args

if TYPE_CHECKING:
    from lmeval.plugins import PluginManager
    from lmeval.tasks.config import FewshotConfig
    from lmeval.tasks.task import Task


def check_backend(pm: PluginManager, model: str | LM, model_args: Any, tasks: Sequence[Task],
                  gen_kwargs: Mapping[str, Any], *, chat_template: bool | str = False) -> None:
    """``--model_args`` and ``--gen_kwargs``, and each task's ``generation_kwargs``, against the
    backend ``model`` (a registered name, or an LM instance whose class is checked); with
    ``--apply_chat_template``, the backend's ``check_chat_template(args, template)`` when it has
    one (``hf`` reads the tokenizer, not the weights)."""
    if isinstance(model, LM):
        name, factory = model.backend_name, type(model)
    else:
        name, factory = model, pm.model_factory(model)
        try:
            args = parse_model_args(model_args)
        except ValueError as exc:
            raise UsageError(f"--model_args: {exc}") from None
        check_model_args(name, factory, args)
        check = getattr(factory, "check_chat_template", None)
        if chat_template and callable(check):
            problem = check(args, chat_template)
            if problem:
                label = _model_label(args, name)
                raise UsageError(f"--apply_chat_template: model {label}: {problem}; drop "
                                 f"--apply_chat_template or use a model that has one")
    check_generation_kwargs(name, factory, gen_kwargs, where="--gen_kwargs")
    check_inputs(name, factory, tasks)
    for task in tasks:
        if task.output_type != "generate_until":
            continue
        own = {k: v for k, v in (task.config.generation_kwargs or {}).items() if k not in gen_kwargs}
        try:
            check_generation_kwargs(name, factory, own, where="")
        except UsageError as exc:
            raise task._error("generation_kwargs", str(exc)) from None


def check_caches(use_cache: Any, cache_requests: Any) -> None:
    """``--use_cache`` and the cache directory (``LMEVAL_CACHE_DIR``) can be written and have
    room. ``--use_cache`` and ``--cache_requests`` are refused (exit 2) when they cannot; a cache
    directory that only speeds things up (the task index) is a warning, unless
    ``LMEVAL_CACHE_DIR`` names it: a place asked for by name that cannot be used is an error."""
    import os

    from lmeval.outputs.results import check_writable
    from lmeval.run.cache import RequestCache, check_cache_dir
    from lmeval.run.cachedir import cache_root

    check_cache_dir(use_cache)
    requests = RequestCache.from_option(cache_requests)
    if requests is not None and requests.mode != "delete":
        check_writable(requests.directory, f"--cache_requests (under {cache_root()})")
    root = cache_root()
    try:
        check_writable(root, "LMEVAL_CACHE_DIR", probe_bytes=64 << 10)
    except UsageError as exc:
        if os.environ.get("LMEVAL_CACHE_DIR"):
            raise
        import sys

        print(f"lmeval: warning: {str(exc).split(': ', 1)[1]}; the task index and other caches "
              "are not kept (set LMEVAL_CACHE_DIR to a folder that can be written)",
              file=sys.stderr)


def check_inputs(name: str, factory: Any, tasks: Sequence[Task]) -> None:
    """A task that gives the model images (``doc_to_image``) needs a backend whose class declares
    ``"image"`` in ``supported_inputs`` and the task's request kind in ``image_kinds``; a factory
    that is not an LM class is checked by the scheduler instead, still before any model call.
    A task that gives it audio (``doc_to_audio``) needs ``"audio"`` in ``supported_inputs``,
    which no backend declares yet: refused here rather than sent as text alone."""
    for task in tasks:
        if task.config.doc_to_audio and "audio" not in frozenset(getattr(factory, "supported_inputs", ())):
            raise UsageError(f"task {task.name!r} gives the model audio (doc_to_audio): backend {name!r} "
                             "takes no audio input, and no lmeval backend does yet (lm-eval 0.4.13 "
                             "runs such tasks only on its hf-audiolm-qwen model)")
    if not (isinstance(factory, type) and issubclass(factory, LM)):
        return
    supported = frozenset(factory.supported_inputs)
    for task in tasks:
        if task.config.doc_to_image is None:
            continue
        if IMAGE not in supported:
            raise UsageError(f"task {task.name!r} gives the model images (doc_to_image): "
                             + unsupported_inputs(name, [IMAGE], supported))
        kind = _REQUEST_KIND.get(task.output_type, task.output_type)
        if kind not in {k.value for k in factory.image_kinds}:
            kinds = ", ".join(sorted(k.value for k in factory.image_kinds)) or "none"
            raise UsageError(f"task {task.name!r} ({task.output_type}) gives the model images, "
                             f"but backend {name!r} takes images only in {kinds} requests (as "
                             f"lm-eval 0.4.13)")


_REQUEST_KIND = {"multiple_choice": "loglikelihood"}
#: built-in aggregations that sacrebleu computes (lmeval.metrics.aggregations)
_SACREBLEU_AGGREGATIONS = frozenset({"bleu", "chrf", "chrf++", "ter"})


def check_tasks(tasks: Sequence[Task], *, num_fewshot_flag: int | None) -> None:
    """Load each task's documents and few-shot pool; refuse a few-shot count the pool cannot give."""
    for task in tasks:
        try:
            _check_task(task, num_fewshot_flag)
        except LmevalError:
            raise
        except Exception as exc:  # the task's own code (process_docs, samples ...) raised
            raise task._error(None, f"loading the task's documents failed: "
                                    f"{type(exc).__name__}: {exc}") from exc


def _check_task(task: Task, num_fewshot_flag: int | None) -> None:
    """The scored split, the ``process_results`` helper, then the few-shot pool and sampler
    when shots are asked for."""
    task.eval_docs  # noqa: B018 - loads the dataset and the scored split, or says why not
    # a helper module that needs a missing library (a metric's) says so now, not after generation
    task._fn("process_results", task.config.process_results)
    if any(task.aggregation_name(m) in _SACREBLEU_AGGREGATIONS for m in task.aggregations):
        from lmeval.metrics.aggregations import _sacrebleu

        _sacrebleu()  # corpus BLEU/chrF/TER come after generation: their library is checked now
    shots = task.config.num_fewshot or 0
    if shots <= 0:
        return
    pool = task.fewshot_docs()
    drawn_from = getattr(task.sampler(), "docs", pool)  # fewshot_indices narrow the pool
    fs = task.config.fewshot()
    same = fs.split is not None and fs.split == task.config.test_split
    available = len(drawn_from) - (1 if same else 0)
    if shots > available:
        more = " (the scored document is never its own example)" if same else ""
        message = (f"{shots} few-shot examples per prompt, but {_pool_name(task, fs)} has "
                   f"only {available} to draw from{more}; use --num_fewshot "
                   f"{max(available, 0)} or fewer")
        if num_fewshot_flag is not None:
            raise UsageError(f"--num_fewshot: task {task.name!r} needs {message}")
        raise task._error("num_fewshot", f"asks for {message}")


def _pool_name(task: Task, fs: FewshotConfig) -> str:
    cfg = task.config
    if fs.split is not None:
        return f"its few-shot split {fs.split!r}"
    if fs.samples is not None:
        return "its fewshot_config.samples"
    for key in ("training_split", "validation_split"):
        if getattr(cfg, key):
            return f"its few-shot split {getattr(cfg, key)!r} ({key})"
    return f"its scored split {cfg.test_split or cfg.validation_split!r}"


def _model_label(args: Mapping[str, Any], backend: str) -> str:
    from lmeval.outputs import redact

    for key in ("peft", "delta", "pretrained", "model", "path", "engine", "load", "model_name"):
        if args.get(key):
            return f"{redact.redact_text(str(args[key]))!r} (backend {backend!r})"
    return f"of backend {backend!r}"


def chat_renderer(lm: LM, model_label: str) -> Callable[..., str]:
    """``--apply_chat_template``'s renderer; a model that cannot render is named, not a task.

    Tried once on a one-turn conversation right away, before any request is built.
    """
    from lmeval.errors import LmevalError

    def chat(messages: list[dict[str, str]], add_generation_prompt: bool = True) -> str:
        try:
            return lm.apply_chat_template(messages, add_generation_prompt=add_generation_prompt)
        except UnsupportedRequestError as exc:  # a backend without chat templates (a UsageError)
            raise UsageError(f"--apply_chat_template: model {model_label}: {exc}") from None
        except LmevalError:
            raise
        except Exception as exc:  # the backend's tokenizer: no template, a template error
            raise UsageError(f"--apply_chat_template: model {model_label} cannot render a chat "
                             f"template: {type(exc).__name__}: {exc}; drop --apply_chat_template "
                             f"or use a model that has one") from None

    chat([{"role": "user", "content": "Hello"}])
    return chat
