"""Throughput of ``--executor ray`` against the number of replicas, on a latency-bound backend.

The backend is the core's reference LM (``dummy``) with ``delay`` seconds per request: a model
whose time is spent waiting (a remote API, a GPU), not on this machine's CPUs, so replicas can
scale even on a 2-core machine. The requests go through the core's own path (``Scheduler`` with a
``ResponseCache`` on disk: every batch committed as it returns), on a Ray cluster started here.

For each replica count: requests/s of the answering phase (the pool's request calls, replica
start-up excluded) and its ratio to ideal linear scaling: ``replicas`` times the rate of the same
LM in this process without Ray (``time.sleep`` overshoots ``delay`` on a busy machine, so that
rate is measured, not ``1 / delay``; the nominal ratio is reported too). Then the
driver's own cost per request: the pool's time in request calls minus its waits on Ray, with
``delay=0``, next to the scheduler's cost per request with the reference LM in this process.

    .venv/bin/python benchmarks/ray_scale_out.py [--requests 2000] [--delay 0.005]
        [--replicas 1 2 4 8] [--batch 16] [--json benchmarks/results/ray_scale_out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path


def requests(n: int) -> list:
    from lmeval.protocol import LoglikelihoodRequest

    return [(LoglikelihoodRequest(f"Question {i}: what follows {i % 97}?\nAnswer:", f" {i % 7}"), 0)
            for i in range(n)]


def answer(lm, calls: list, cache_dir: Path) -> float:
    """Seconds the scheduler takes to answer ``calls`` through ``lm`` into a fresh cache."""
    from lmeval.run.cache import ResponseCache
    from lmeval.run.scheduler import Scheduler

    cache = ResponseCache(cache_dir, lm.identity())
    try:
        start = time.perf_counter()
        Scheduler(lm, cache, progress=False).run(calls)
        return time.perf_counter() - start
    finally:
        cache.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--delay", type=float, default=0.005, help="seconds per request")
    parser.add_argument("--replicas", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()

    import ray
    from lmeval.testing import ReferenceLM
    from lmeval_ray.pool import RayPool

    ray.init(num_cpus=max(args.replicas), include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    calls = requests(args.requests)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        single = args.requests / answer(ReferenceLM(delay=args.delay), calls, Path(tmp) / "single")
        print(f"one process, no Ray: {single:8.1f} req/s (nominal {1 / args.delay:.1f})", flush=True)
        for n in args.replicas:
            pool = RayPool("dummy", {"delay": args.delay}, {"batch_size": 1}, replicas=n,
                           num_cpus=1, batch=args.batch, min_ready=n)
            try:
                seconds = answer(pool, calls, Path(tmp) / f"r{n}")
            finally:
                pool.close()
            rate = args.requests / pool.call_seconds
            ideal = n * single
            rows.append({"replicas": n, "seconds": round(seconds, 3),
                         "requests_per_s": round(rate, 1), "ideal_per_s": round(ideal, 1),
                         "ratio_to_ideal": round(rate / ideal, 3),
                         "ratio_to_nominal": round(rate * args.delay / n, 3)})
            print(f"replicas {n}: {rate:8.1f} req/s, ideal {ideal:8.1f}, ratio {rate / ideal:.3f} "
                  f"(nominal {rate * args.delay / n:.3f}; {seconds:.2f} s for {args.requests} "
                  f"requests)", flush=True)

        overhead_n = min(4, max(args.replicas))
        pool = RayPool("dummy", {}, {"batch_size": 1}, replicas=overhead_n, num_cpus=1,
                       batch=args.batch, min_ready=overhead_n)
        try:
            total = answer(pool, calls, Path(tmp) / "overhead")
        finally:
            pool.close()
        driver_us = pool.driver_seconds / args.requests * 1e6
        local = answer(ReferenceLM(), calls, Path(tmp) / "local")
        local_us = local / args.requests * 1e6
    overhead = {"replicas": overhead_n, "delay": 0.0, "pool_seconds": round(total, 3),
                "driver_us_per_request": round(driver_us, 1),
                "one_process_scheduler_us_per_request": round(local_us, 1)}
    print(f"driver overhead (delay 0, {overhead_n} replicas): {driver_us:.1f} us/request of the "
          f"driver's own time ({total:.2f} s in all); one process, no Ray: {local_us:.1f} us/request")
    ray.shutdown()
    out = {"requests": args.requests, "delay": args.delay, "batch": args.batch,
           "cpus": os.cpu_count(), "python": sys.version.split()[0], "ray": ray.__version__,
           "one_process_per_s": round(single, 1), "scaling": rows, "overhead": overhead}
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
