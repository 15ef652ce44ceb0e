"""``RunConfig``: every option of one run, checked and parsed once, then read by each phase."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lmeval import options
from lmeval.errors import UsageError
from lmeval.protocol import LM


@dataclass(frozen=True)
class RunConfig:
    """The options of :func:`lmeval.evaluate`, in their parsed forms.

    ``samples`` is task name -> document indices (``--samples``), ``gen_kwargs`` the parsed
    ``--gen_kwargs`` ({} when none); the rest are as :func:`lmeval.evaluate` documents them.
    """

    model: str | LM
    model_args: str | Mapping[str, Any] | None
    tasks: tuple[str | dict, ...]
    num_fewshot: int | None = None
    batch_size: int | str | None = None
    max_batch_size: int | None = None
    device: str | None = None
    limit: float | None = None
    samples: Mapping[str, Sequence[int]] | None = None
    use_cache: str | None = None
    cache_requests: str | bool | None = None
    include_path: str | Sequence[str] | None = None
    apply_chat_template: bool | str = False
    fewshot_as_multiturn: bool = False
    system_instruction: str | None = None
    gen_kwargs: Mapping[str, Any] | None = None
    predict_only: bool = False
    log_samples: bool = False
    bootstrap_iters: int = 100000
    random_seed: int | None = 0
    numpy_random_seed: int | None = 1234
    torch_random_seed: int | None = 1234
    fewshot_random_seed: int | None = 1234
    metadata: Mapping[str, Any] | None = None
    write_out: bool = False
    confirm_run_unsafe_code: bool = False
    progress: bool | None = None
    #: ``--executor name:k=v,...`` (:mod:`lmeval.executors`); None: the model runs in this process
    executor: str | None = None

    @classmethod
    def checked(cls, model: str | LM, model_args: Any, tasks: str | Sequence[str | dict],
                **given: Any) -> RunConfig:
        """The configuration of these options, or a :class:`UsageError` naming what is wrong
        (no task, a bound out of range, ``--samples`` text, options that exclude each other)."""
        if isinstance(tasks, str):  # one name (or path), not a sequence of letters
            tasks = [tasks]
        if not tasks:
            raise UsageError("no tasks given (--tasks name,name2,...); see `lmeval ls tasks`")
        options.check_bounds(num_fewshot=given.get("num_fewshot"), limit=given.get("limit"),
                             batch_size=given.get("batch_size"),
                             max_batch_size=given.get("max_batch_size"))
        given["samples"] = options.parse_samples(given.get("samples"))
        if given.get("fewshot_as_multiturn") and not given.get("apply_chat_template"):
            raise UsageError("--fewshot_as_multiturn needs --apply_chat_template")
        if given.get("limit") is not None and given["samples"] is not None:
            raise UsageError("--limit and --samples cannot be used together")  # as lm-eval
        given["gen_kwargs"] = options.parse_kv(given.get("gen_kwargs"), "--gen_kwargs") or {}
        return cls(model=model, model_args=model_args, tasks=tuple(tasks), **given)

    def samples_of(self, task_name: str) -> Sequence[int] | None:
        """The ``--samples`` indices of one task, or None (every document, or ``--limit``)."""
        return (self.samples or {}).get(task_name)

    @property
    def model_label(self) -> str:
        """The backend name, or the class name of an LM passed in."""
        return self.model if isinstance(self.model, str) else type(self.model).__name__
