"""Data parallelism through a real local Ray cluster (CPU actors; no GPU here).

The sharding and reassembly run through real Ray actors twice: with a light replica that
reports which actor answered each job, and with two real vLLM replicas whose answers must
equal the single engine's.
"""

from __future__ import annotations

import os

import pytest
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest
from lmeval_vllm.jobs import GenerateJob, NextTokenJob, ScoreJob

ray = pytest.importorskip("ray", reason="Ray is not installed (packages/lmeval-vllm/ci-setup.sh installs it)")


@pytest.fixture(scope="module")
def ray_cluster(engine_env):
    ray.init(num_cpus=4, include_dashboard=False, log_to_driver=False,
             configure_logging=False, ignore_reinit_error=True,
             runtime_env={"env_vars": {**engine_env, "HF_HUB_OFFLINE": "1"}})
    yield
    ray.shutdown()


def test_ray_engine_shards_by_unit_and_reassembles_in_order(ray_cluster):
    from lmeval_vllm.engine import RayEngine

    class EchoReplica:
        """Stands in for a vLLM replica: answers each job with (its pid, the job's prompt)."""

        def __init__(self, engine_args, lora_local_path):
            self.args = engine_args

        def run(self, jobs, batch_size):
            return [(os.getpid(), job.prompt) for job in jobs]

        def pid(self):
            return os.getpid()

        def stats(self):
            return {"prompts": 0}

    engine = RayEngine({"model": "unused"}, 3, 1, replica_cls=EchoReplica)
    try:
        assert len(set(engine.pids)) == 3
        jobs = [ScoreJob((i, i + 1), 1) for i in range(10)] + [
            NextTokenJob((50, 51), (1, 2)), GenerateJob((60,), (("max_tokens", 4),))]
        units = [[0, 1, 2], [3], [4, 5, 6, 7], [8, 9, 10], [11]]
        answers = engine.run(jobs, units)
        assert [prompt for _, prompt in answers] == [job.prompt for job in jobs]
        for unit in units:
            assert len({answers[i][0] for i in unit}) == 1  # a unit never spans replicas
        assert len({pid for pid, _ in answers}) == 3
        assert engine.run([], []) == []
    finally:
        engine.close()


def test_data_parallel_replicas_answer_like_one_engine(ray_cluster, tiny_llama, vllm_lm,
                                                      engine_args):
    from lmeval_vllm.engine import RayEngine
    from lmeval_vllm.models import VLLM

    lm = VLLM(pretrained=tiny_llama, data_parallel_size=2, **engine_args)
    try:
        assert isinstance(lm.engine, RayEngine)
        assert len(set(lm.engine.pids)) == 2
        ll = [LoglikelihoodRequest(f"Question: is the {w} of the river blue?\nAnswer:", c)
              for w in ("water", "light", "moon") for c in (" yes", " no", " the water")]
        rolling = [RollingRequest("The science of the world is known. " * 4),
                   RollingRequest("hello there")]
        gen = [GenerateRequest.make(f"The {w} of", {"until": ["."], "max_gen_toks": 12})
               for w in ("cat", "dog", "sun")]
        ours = lm.loglikelihood(ll)
        for (lp, greedy), (ref, ref_greedy) in zip(ours, vllm_lm.loglikelihood(ll), strict=True):
            assert lp == pytest.approx(ref, abs=1e-5)
            assert greedy == ref_greedy
        assert lm.loglikelihood_rolling(rolling) == pytest.approx(
            vllm_lm.loglikelihood_rolling(rolling), abs=1e-5)
        assert lm.generate_until(gen) == vllm_lm.generate_until(gen)
        assert lm.engine.stats["prompts"] > 0
        assert lm.apply_chat_template([{"role": "user", "content": "hi"}]) == \
            vllm_lm.apply_chat_template([{"role": "user", "content": "hi"}])
    finally:
        lm.close()
