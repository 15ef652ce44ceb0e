"""Which parallel layout a ``megatron_lm`` run uses, and the layouts it refuses.

Supported (as lm-eval's ``megatron_lm``): one GPU; data parallel (``devices`` replicas,
TP = 1); tensor parallel (TP = ``devices``); expert parallel for MoE models
(EP = ``devices``, TP = 1). Refused: pipeline parallel (PP > 1) and EP combined with TP.

Under data parallel each rank scores its own shard of the requests. Under tensor or expert
parallel the ranks form one model: every rank runs the same batches in lockstep and lmeval
sees a single worker.
"""

from __future__ import annotations

from dataclasses import dataclass

from lmeval.errors import UsageError


@dataclass(frozen=True)
class ParallelPlan:
    devices: int
    tensor: int = 1
    pipeline: int = 1
    expert: int = 1

    @property
    def mode(self) -> str:
        """``single``, ``data``, ``tensor`` or ``expert``."""
        if self.devices == 1:
            return "single"
        if self.tensor > 1:
            return "tensor"
        if self.expert > 1:
            return "expert"
        return "data"

    @property
    def shards_requests(self) -> bool:
        """Ranks score different requests (data parallel) rather than one model in lockstep."""
        return self.mode == "data"


def plan_parallelism(devices: int = 1, tensor: int = 1, pipeline: int = 1,
                     expert: int = 1) -> ParallelPlan:
    """Check a layout against what ``megatron_lm`` supports; raises :class:`UsageError`."""
    for name, value in (("devices", devices), ("tensor_model_parallel_size", tensor),
                        ("pipeline_model_parallel_size", pipeline),
                        ("expert_model_parallel_size", expert)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise UsageError(f"megatron_lm: {name} must be a positive integer, got {value!r}")
    if pipeline != 1:
        raise UsageError(
            f"megatron_lm: pipeline parallelism (pipeline_model_parallel_size={pipeline}) is not "
            "supported; use tensor parallelism (tensor_model_parallel_size=devices) or data "
            "parallelism (devices=N, tensor_model_parallel_size=1) instead")
    if expert > 1:
        if tensor > 1:
            raise UsageError(
                f"megatron_lm: expert parallelism (expert_model_parallel_size={expert}) cannot be "
                f"combined with tensor parallelism (tensor_model_parallel_size={tensor}); use "
                "EP alone with tensor_model_parallel_size=1")
        if devices != expert:
            raise UsageError(
                f"megatron_lm: with expert parallelism devices must equal "
                f"expert_model_parallel_size (got devices={devices}, EP={expert})")
    elif tensor > 1 and tensor != devices:
        raise UsageError(
            f"megatron_lm: tensor_model_parallel_size={tensor} must equal devices={devices} "
            "(data parallelism combined with tensor parallelism is not supported); for data "
            "parallelism set tensor_model_parallel_size=1")
    return ParallelPlan(devices, tensor, pipeline, expert)


def check_world(plan: ParallelPlan, world_size: int) -> None:
    """The launcher's world size must match ``devices``."""
    if world_size != plan.devices:
        hint = (f"torchrun --nproc-per-node={plan.devices} -m lmeval run ..."
                if plan.devices > 1 else "run it without torchrun, or set devices=<WORLD_SIZE>")
        raise UsageError(
            f"megatron_lm: devices={plan.devices} but {world_size} process(es) were launched; "
            f"{hint}")
