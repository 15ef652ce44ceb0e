"""A metric another distribution registered, for a task's own Python code.

A task pack that scores with a metric another pack owns names it, as its YAML would, instead
of importing the other pack (``tests/test_package_edges.py`` forbids that edge): the
multilingual pack's TruthfulQA translations score with the classic pack's
``truthfulqa_true_false``. A missing provider, or a missing library the metric needs, is one
line naming what to install, when the task's module is imported: before the model loads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lmeval.errors import UsageError


def registered_metric(name: str, *, needed_by: str, provider: str,
                      install: str | None = None) -> Callable[..., Any]:
    """The per-sample function registered as metric ``name``.

    ``provider``: the distribution that registers it (named in the error when it is not
    installed); ``install``: the ``pip install`` argument naming the extra the metric's
    libraries come with (default: ``provider``). A metric object with a ``requires(needed_by=,
    install=)`` method is asked to check its libraries now.
    """
    from lmeval.plugins import get_plugin_manager

    metrics = get_plugin_manager().metrics
    if name not in metrics:
        raise UsageError(f"{needed_by} scores with the metric {name!r}, which {provider} "
                         f"registers: pip install {install or provider}")
    fn = metrics.get(name).obj
    check = getattr(fn, "requires", None)
    if callable(check):
        check(needed_by=needed_by, install=install or provider)
    return fn
