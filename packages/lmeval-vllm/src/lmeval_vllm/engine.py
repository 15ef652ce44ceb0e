"""Where jobs run: one in-process ``vllm.LLM``, or one Ray actor per data-parallel replica."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from typing import Any

from lmeval_vllm.jobs import Job, execute
from lmeval_vllm.sharding import reassemble, shard_units

log = logging.getLogger("lmeval.vllm")

#: Variables vLLM's own data parallelism sets; a replica runs a DP=1 engine and must not see them.
_DP_ENV = ("VLLM_DP_RANK", "VLLM_DP_RANK_LOCAL", "VLLM_DP_SIZE", "VLLM_DP_MASTER_IP",
           "VLLM_DP_MASTER_PORT")


def _lora_request(lora_local_path: str | None) -> Any:
    if not lora_local_path:
        return None
    from vllm.lora.request import LoRARequest

    return LoRARequest("finetuned", 1, lora_local_path)


class LocalEngine:
    """A single ``vllm.LLM`` in this process (tensor parallelism is vLLM's own)."""

    def __init__(self, engine_args: dict[str, Any], lora_local_path: str | None = None) -> None:
        from lmeval_vllm import compile_cache
        from lmeval_vllm.startup import import_vllm, probe_cpu_early

        import_vllm()
        from vllm import LLM

        if not engine_args.get("enforce_eager"):
            probe_cpu_early()
        compile_cache.prepare(engine_args)
        self.llm = LLM(**engine_args)
        self.lora_request = _lora_request(lora_local_path)
        #: Counters of everything run so far (see :func:`~lmeval_vllm.jobs.execute`).
        self.stats: dict[str, int] = {}

    @property
    def model_config(self) -> Any:
        return self.llm.llm_engine.model_config

    def run(self, jobs: Sequence[Job], units: Sequence[Sequence[int]] | None = None, *,
            batch_size: int | None = None, use_tqdm: bool = False,
            on_answers: Callable[[dict[int, Any]], None] | None = None) -> list[Any]:
        """Answers of ``jobs`` in order; ``on_answers`` gets each ``generate`` call's."""
        return execute(self.llm, jobs, lora_request=self.lora_request, batch_size=batch_size,
                       use_tqdm=use_tqdm, stats=self.stats, on_answers=on_answers)

    def close(self) -> None:
        llm = getattr(self, "llm", None)
        self.llm = None
        if llm is not None:
            shutdown = getattr(llm.llm_engine, "engine_core", None)
            if shutdown is not None and hasattr(shutdown, "shutdown"):
                shutdown.shutdown()


class Replica:
    """The body of one Ray actor: an engine that answers job lists (see :class:`RayEngine`)."""

    def __init__(self, engine_args: dict[str, Any], lora_local_path: str | None) -> None:
        for name in _DP_ENV:
            os.environ.pop(name, None)
        # Nested Ray placement inside an actor deadlocks: the replica's own workers are local.
        if engine_args.get("distributed_executor_backend") == "ray":
            engine_args = {k: v for k, v in engine_args.items()
                           if k != "distributed_executor_backend"}
        self.engine = LocalEngine(engine_args, lora_local_path)

    def run(self, jobs: list[Job], batch_size: int | None) -> list[Any]:
        return self.engine.run(jobs, batch_size=batch_size)

    def stats(self) -> dict[str, int]:
        return dict(self.engine.stats)

    def pid(self) -> int:
        return os.getpid()


class RayEngine:
    """``data_parallel_size`` replicas, each a Ray actor holding ``tensor_parallel_size`` GPUs.

    The actors (and their engines) start once and serve every call; jobs are sharded by unit
    (:func:`~lmeval_vllm.sharding.shard_units`) and answers put back in order. Ray connects to
    the cluster named by ``RAY_ADDRESS`` or starts a local one. On a cluster without GPUs (tests,
    CPU builds of vLLM) each actor takes one CPU instead.
    """

    def __init__(self, engine_args: dict[str, Any], data_parallel_size: int,
                 tensor_parallel_size: int, lora_local_path: str | None = None,
                 ray_init_kwargs: dict[str, Any] | None = None,
                 replica_cls: type = Replica) -> None:
        import ray

        if not ray.is_initialized():
            ray.init(ignore_reinit_error=True, **(ray_init_kwargs or {}))
        gpus = ray.cluster_resources().get("GPU", 0)
        if gpus:
            options: dict[str, Any] = {"num_gpus": tensor_parallel_size}
        else:
            log.warning("lmeval-vllm: the Ray cluster has no GPUs; replicas run on CPU")
            options = {"num_gpus": 0, "num_cpus": 1}
        actor = ray.remote(**options)(replica_cls)
        self.actors = [actor.remote(engine_args, lora_local_path) for _ in range(data_parallel_size)]
        # Fail here, with the replica's error, rather than on the first request.
        self.pids = ray.get([a.pid.remote() for a in self.actors])

    def run(self, jobs: Sequence[Job], units: Sequence[Sequence[int]] | None = None, *,
            batch_size: int | None = None, use_tqdm: bool = False,
            on_answers: Callable[[dict[int, Any]], None] | None = None) -> list[Any]:
        """Answers of ``jobs`` in order; ``on_answers`` gets each replica's as it returns."""
        import ray

        if units is None:
            units = [[i] for i in range(len(jobs))]
        shards = shard_units(units, [job.cost for job in jobs], len(self.actors))
        refs = [(shard, actor.run.remote([jobs[i] for i in shard], batch_size))
                for actor, shard in zip(self.actors, shards, strict=True) if shard]
        if on_answers is not None:
            waiting = {ref: shard for shard, ref in refs}
            while waiting:
                done, _ = ray.wait(list(waiting), num_returns=1)
                for ref in done:
                    shard = waiting.pop(ref)
                    on_answers(dict(zip(shard, ray.get(ref), strict=True)))
        results = ray.get([ref for _, ref in refs])
        return reassemble([shard for shard, _ in refs], results, len(jobs))

    @property
    def stats(self) -> dict[str, int]:
        """Counters summed over the replicas."""
        import ray

        total: dict[str, int] = {}
        for part in ray.get([a.stats.remote() for a in self.actors]):
            for key, value in part.items():
                total[key] = total.get(key, 0) + value
        return total

    def close(self) -> None:
        import ray

        for actor in getattr(self, "actors", []):
            ray.kill(actor)
        self.actors = []
