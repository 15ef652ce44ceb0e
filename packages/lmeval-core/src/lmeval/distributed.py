"""Ranks under torchrun / accelerate: rank and world size from the environment, object gather.

torch is imported only when the world size is above one.
"""

from __future__ import annotations

import os
from typing import Any


def env_rank_world() -> tuple[int, int]:
    world = int(os.environ.get("WORLD_SIZE", "1") or 1)
    rank = int(os.environ.get("RANK", os.environ.get("LOCAL_RANK", "0")) or 0)
    return rank, world


def rank_world(lm: Any) -> tuple[int, int]:
    """The LM's ranks when it set up its own process group, else the environment's."""
    if getattr(lm, "world_size", 1) > 1 or getattr(lm, "owns_ranks", False):
        return int(lm.rank), int(lm.world_size)
    return env_rank_world()


def _ensure_group() -> Any:
    import torch.distributed as dist

    if not dist.is_initialized():
        backend = "nccl" if os.environ.get("LMEVAL_DIST_BACKEND") == "nccl" else "gloo"
        dist.init_process_group(backend=backend)
    return dist


def all_gather_object(obj: Any, lm: Any = None) -> list[Any]:
    """Every rank's ``obj``, in rank order (``[obj]`` in a single process)."""
    if lm is not None and hasattr(lm, "all_gather_object"):
        return list(lm.all_gather_object(obj))
    _, world = env_rank_world()
    if world <= 1:
        return [obj]
    dist = _ensure_group()
    return _gather_pickled(dist, obj)


def _gather_pickled(dist: Any, obj: Any) -> list[Any]:
    """all_gather of pickled bytes as uint8 tensors (torch's all_gather_object needs numpy)."""
    import pickle

    import torch

    payload = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    world = dist.get_world_size()
    size = torch.tensor([len(payload)], dtype=torch.long)
    sizes = [torch.zeros(1, dtype=torch.long) for _ in range(world)]
    dist.all_gather(sizes, size)
    longest = max(int(s.item()) for s in sizes)
    buffer = torch.zeros(longest, dtype=torch.uint8)
    if payload:
        buffer[: len(payload)] = torch.frombuffer(bytearray(payload), dtype=torch.uint8)
    parts = [torch.empty(longest, dtype=torch.uint8) for _ in range(world)]
    dist.all_gather(parts, buffer)
    return [pickle.loads(bytes(p[: int(n.item())].tolist())) for p, n in zip(parts, sizes, strict=False)]


def barrier() -> None:
    if env_rank_world()[1] > 1:
        _ensure_group().barrier()
