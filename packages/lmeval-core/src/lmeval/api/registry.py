"""``@register_model("name")`` and ``get_model``, lm-eval's decorator and lookup, on lmeval's
plugin manager: the class becomes a backend ``--model name`` / ``simple_evaluate(model="name")``
builds with its model arguments as keywords."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lmeval.hookspecs import hookimpl

__all__ = ["get_model", "register_model"]


class _DecoratedModel:
    """A plugin that registers one decorated class under its names."""

    def __init__(self, names: tuple[str, ...], factory: Callable[..., Any]) -> None:
        self.names, self.factory = names, factory

    @hookimpl
    def lmeval_register_models(self, register: Callable[..., None]) -> None:
        register(self.names[0], self.factory, aliases=self.names[1:])


def register_model(*names: str) -> Callable[[type], type]:
    """Register the decorated class as a model backend under ``names`` (in this process's
    plugin manager, :func:`lmeval.plugins.get_plugin_manager`)."""
    if not names or not all(isinstance(n, str) and n for n in names):
        raise ValueError(f"register_model: expected one or more names, got {names!r}")

    def decorate(cls: type) -> type:
        from lmeval.plugins import get_plugin_manager

        get_plugin_manager().register(_DecoratedModel(names, cls),
                                      name=f"register_model:{names[0]}")
        return cls

    return decorate


def get_model(model_name: str) -> Callable[..., Any]:
    """The factory (class) registered as ``model_name``; an unknown name is a UsageError
    naming the closest ones and the package to install."""
    from lmeval.plugins import get_plugin_manager

    pm = get_plugin_manager()
    pm.check_model(model_name)
    return pm.model_factory(model_name)
