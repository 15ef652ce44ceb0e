"""Data parallelism under ``torchrun`` / ``accelerate launch``: one full model per process.

The launcher sets ``WORLD_SIZE``, ``RANK`` and ``LOCAL_RANK`` (read by the core's
:func:`lmeval.backend.distributed.launcher_world`); the backend joins the process group (NCCL on
CUDA, gloo on CPU), places its model on ``cuda:LOCAL_RANK`` when there are GPUs, and the core scheduler gives each rank its shard and gathers the answers.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import torch


def init_process_group(device_type: str) -> tuple[int, int]:
    """Join (or reuse) the default process group; returns ``(rank, world_size)``."""
    import torch.distributed as dist

    if not dist.is_initialized():
        backend = "nccl" if device_type == "cuda" else "gloo"
        dist.init_process_group(backend=backend, timeout=timedelta(weeks=52))
    return dist.get_rank(), dist.get_world_size()


def all_gather_object(obj: Any, world_size: int) -> list[Any]:
    if world_size <= 1:
        return [obj]
    import torch.distributed as dist

    out: list[Any] = [None] * world_size
    dist.all_gather_object(out, obj)
    return out


def barrier(world_size: int) -> None:
    if world_size > 1:
        import torch.distributed as dist

        dist.barrier()


def accelerator_type() -> str:
    """``cuda``, ``mps`` or ``cpu``: what this process can run on."""
    if torch.cuda.is_available():
        return "cuda"
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        return "mps"
    return "cpu"
