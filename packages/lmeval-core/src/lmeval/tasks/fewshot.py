"""Few-shot samplers (built-in plugin): ``default`` (seeded random) and ``first_n``."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from lmeval.hookspecs import RegisterSampler, hookimpl


class RandomSampler:
    """lm-eval's default sampler: ``Random(seed).sample`` over the pool, drawn in doc order."""

    def __init__(self, docs: Sequence[dict], *, rnd: int | None = 1234,
                 fewshot_indices: list[int] | None = None) -> None:
        docs = list(docs)
        self.docs = [docs[i] for i in fewshot_indices] if fewshot_indices else docs
        self.rnd = Random(rnd)

    def sample(self, n: int, eval_doc: dict | None = None) -> list[dict]:
        if n <= 0:
            return []
        if not self.docs:
            raise ValueError("no documents available for few-shot sampling")
        if eval_doc is None:
            return self.rnd.sample(self.docs, n)
        drawn = [d for d in self.rnd.sample(self.docs, n + 1) if d != eval_doc][:n]
        if len(drawn) < n:
            drawn = self.rnd.sample([d for d in self.docs if d != eval_doc], n)
        return drawn


class FirstNSampler(RandomSampler):
    """The first ``n`` documents of the pool, in order (MMLU-style canonical shots)."""

    def sample(self, n: int, eval_doc: dict | None = None) -> list[dict]:
        pool = [d for d in self.docs if d != eval_doc] if eval_doc is not None else self.docs
        if n > len(pool):
            raise ValueError(f"{n} few-shot examples requested but only {len(pool)} available")
        return pool[:n]


@hookimpl
def lmeval_register_samplers(register: RegisterSampler) -> None:
    register("default", RandomSampler)
    register("first_n", FirstNSampler)
