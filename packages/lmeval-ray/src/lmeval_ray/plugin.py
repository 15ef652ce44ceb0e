"""Registers the ``ray`` executor (``--executor ray:replicas=4,address=auto``); imports no Ray."""

from __future__ import annotations

from lmeval.hookspecs import RegisterExecutor, hookimpl


@hookimpl
def lmeval_register_executors(register: RegisterExecutor) -> None:
    register("ray", "lmeval_ray.pool:RayPool")
