"""Ranks under torchrun / accelerate: the launcher's ranks from the environment, object gather.

torch is imported only when the world size is above one.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lmeval.protocol import LM


def launcher_world() -> tuple[int, int, int]:
    """``(rank, local_rank, world_size)`` that torchrun / accelerate launch set in the environment.

    ``RANK`` falls back to ``LOCAL_RANK`` (one node), ``LOCAL_RANK`` to the rank; no launcher
    means ``(0, 0, 1)``.
    """
    world = int(os.environ.get("WORLD_SIZE", "1") or 1)
    rank = int(os.environ.get("RANK", os.environ.get("LOCAL_RANK", "0")) or 0)
    local = int(os.environ.get("LOCAL_RANK", str(rank)) or 0)
    return rank, local, world


def launcher_local_world(world: int) -> int:
    """Processes on this node (``LOCAL_WORLD_SIZE``, set by torchrun and accelerate), else ``world``."""
    return int(os.environ.get("LOCAL_WORLD_SIZE", "") or world)


def env_rank_world() -> tuple[int, int]:
    rank, _, world = launcher_world()
    return rank, world


def rank_world(lm: LM) -> tuple[int, int]:
    """The LM's ranks when it set up its own process group, else the environment's."""
    if lm.world_size > 1 or lm.owns_ranks:
        return int(lm.rank), int(lm.world_size)
    return env_rank_world()


def _ensure_group() -> Any:
    import torch.distributed as dist

    if not dist.is_initialized():
        backend = "nccl" if os.environ.get("LMEVAL_DIST_BACKEND") == "nccl" else "gloo"
        dist.init_process_group(backend=backend)
        import atexit

        atexit.register(_close_group)
    return dist


def _close_group() -> None:
    """Destroy the process group this module made before the interpreter exits: left to static
    destruction, gloo's threads can abort a rank ("terminate called without an active exception",
    exit -6) when the other rank has already gone."""
    import torch.distributed as dist

    try:
        if dist.is_initialized():
            dist.destroy_process_group()
    except Exception:  # noqa: BLE001 — exiting anyway; nothing to report to
        pass


def gather_launcher_ranks(obj: Any) -> list[Any]:
    """Every launcher rank's ``obj``, in rank order (``[obj]`` in a single process)."""
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
