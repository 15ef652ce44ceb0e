"""Requests/s of the API backends against a fault-free test server with fixed latency.

lmeval's ``local-completions`` and lm-eval 0.4.13's ``local-completions`` send the same
``generate_until`` requests (text prompts, no tokenizer) to lmeval-api's test server
(``python -m lmeval_testkit.api``, its own process) which answers each after ``--latency``
seconds. The ceiling is ``num_concurrent / latency``; the goal is >= 0.9 of it and >= lm-eval.
A third client, a bare aiohttp loop with the same concurrency, measures what the test server
and this machine allow any client (the server is Python too, on the same machine).

With two or more CPUs the server is pinned to the last one and the clients (ours, the bare one,
lm-eval's subprocess) to the others, as a server on its own hardware would be: left to the
scheduler on a 2-core machine, the two processes preempt each other's wake-ups and every client
(the bare one too) loses ~6% at num_concurrent 32 (0.87-0.88 of the ceiling instead of
0.94). ``--no-pin`` measures that.

    python benchmarks/api_throughput.py [--latency 0.05] [--concurrency 1 8 32] [--seconds 3] [--no-pin]

lm-eval runs in the reference venv (benchmarks/reference_env.py; LMEVAL_REFERENCE_VENV to use
another), with its ``api`` extras. Figures go to stdout and benchmarks/results/api_throughput.json.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

LM_EVAL_SIDE = r"""
import json, sys, time, logging, resource
logging.disable(logging.WARNING)
from lm_eval.api.instance import Instance
from lm_eval.models.openai_completions import LocalCompletionsAPI
url, c, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
lm = LocalCompletionsAPI(base_url=url, model="m", tokenizer_backend=None, tokenized_requests=False,
                         num_concurrent=c, max_retries=3)
reqs = [Instance("generate_until", {}, (f"Prompt {i}:", {"until": ["\n\n"], "max_gen_toks": 4}), i)
        for i in range(n)]
lm.generate_until(reqs[:c], disable_tqdm=True)
r0 = resource.getrusage(resource.RUSAGE_SELF)
t = time.monotonic()
out = lm.generate_until(reqs, disable_tqdm=True)
el = time.monotonic() - t
r1 = resource.getrusage(resource.RUSAGE_SELF)
cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
assert len(out) == n and all(isinstance(o, str) for o in out)
print(json.dumps({"seconds": el, "cpu": cpu}))
"""


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def ours(url: str, c: int, n: int) -> tuple[float, float]:
    """(seconds, client CPU seconds) for n generate_until requests."""
    from lmeval.protocol import GenerateRequest
    from lmeval_api.completions import LocalCompletionsLM

    lm = LocalCompletionsLM(base_url=url, model="m", tokenizer_backend="none", num_concurrent=c,
                            max_retries=3)
    reqs = [GenerateRequest.make(f"Prompt {i}:", {"until": ["\n\n"], "max_gen_toks": 4})
            for i in range(n)]
    lm.generate_until(reqs[:c])
    cpu, start = _cpu(), time.monotonic()
    out = lm.generate_until(reqs)
    elapsed, cpu = time.monotonic() - start, _cpu() - cpu
    assert len(out) == n and all(isinstance(o, str) for o in out)
    return elapsed, cpu


def bare(url: str, c: int, n: int) -> float:
    """Seconds for n requests from a minimal aiohttp client (a semaphore of c, one session, the
    JSON decoded, nothing else): what this server and machine allow any client."""
    import asyncio

    import aiohttp

    async def run() -> float:
        sem = asyncio.Semaphore(c)
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=c)) as session:
            async def one(i: int) -> None:
                async with sem:
                    payload = {"model": "m", "prompt": f"Prompt {i}:", "max_tokens": 4,
                               "temperature": 0, "stop": ["\n\n"]}
                    async with session.post(url, json=payload) as resp:
                        await resp.json()

            await asyncio.gather(*(one(i) for i in range(c)))  # warm the connections
            start = time.monotonic()
            await asyncio.gather(*(one(i) for i in range(n)))
            return time.monotonic() - start

    return asyncio.run(run())


def reference(python: str, url: str, c: int, n: int) -> tuple[float, float]:
    proc = subprocess.run([python, "-c", LM_EVAL_SIDE, url, str(c), str(n)], capture_output=True,
                          text=True, timeout=900)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    return out["seconds"], out["cpu"]


def reference_python() -> str | None:
    sys.path.insert(0, str(HERE))
    from reference_env import reference_python as make

    python = str(make())
    ok = subprocess.run([python, "-c", "import tenacity, aiohttp, requests, tqdm"],
                        capture_output=True).returncode == 0
    if not ok:
        subprocess.run([python, "-m", "pip", "install", "-q", "lm-eval[api]==0.4.13"], check=True)
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--seconds", type=float, default=3.0, help="ideal duration of one run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per point (median)")
    parser.add_argument("--no-reference", action="store_true", help="skip lm-eval")
    parser.add_argument("--no-pin", action="store_true",
                        help="leave the server and the clients to the scheduler")
    args = parser.parse_args()

    server = subprocess.Popen([sys.executable, "-m", "lmeval_testkit.api", "--latency",
                               str(args.latency)], stdout=subprocess.PIPE, text=True)
    pinning = None
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if not args.no_pin and len(cpus) >= 2:
        os.sched_setaffinity(server.pid, {cpus[-1]})
        os.sched_setaffinity(0, set(cpus[:-1]))  # inherited by lm-eval's subprocess
        pinning = {"server": [cpus[-1]], "clients": cpus[:-1]}
    url = server.stdout.readline().strip() + "/v1/completions"
    python = None if args.no_reference else reference_python()
    rows = []
    try:
        for c in args.concurrency:
            ideal = c / args.latency
            n = max(c, int(ideal * args.seconds))
            mine, theirs, floor = [], [], []
            for _ in range(args.repeats):  # interleaved: every side sees the same machine load
                mine.append(ours(url, c, n))
                floor.append(bare(url, c, n))
                if python:
                    theirs.append(reference(python, url, c, n))
            bare_rps = statistics.median(n / s for s in floor)
            rps = statistics.median(n / s for s, _ in mine)
            cpu = statistics.median(1000 * u / n for _, u in mine)
            ref_rps = statistics.median(n / s for s, _ in theirs) if theirs else None
            ref_cpu = statistics.median(1000 * u / n for _, u in theirs) if theirs else None
            rows.append({"num_concurrent": c, "requests": n, "ideal_rps": ideal,
                         "bare_client_rps": round(bare_rps, 1),
                         "bare_vs_ideal": round(bare_rps / ideal, 3),
                         "lmeval_rps": round(rps, 1), "lmeval_vs_ideal": round(rps / ideal, 3),
                         "lmeval_vs_bare_client": round(rps / bare_rps, 3),
                         "lm_eval_rps": round(ref_rps, 1) if ref_rps else None,
                         "lmeval_vs_lm_eval": round(rps / ref_rps, 2) if ref_rps else None,
                         "lmeval_cpu_ms_per_request": round(cpu, 3),
                         "lm_eval_cpu_ms_per_request": round(ref_cpu, 3) if ref_cpu else None})
            print(json.dumps(rows[-1]), flush=True)
    finally:
        server.kill()
    print(f"\nlatency {args.latency * 1000:.0f} ms, {os.cpu_count()} CPUs, median of "
          f"{args.repeats} runs, pinning: {pinning or 'none'}\n")
    print("| num_concurrent | ideal req/s | bare client req/s | lmeval req/s | / ideal | "
          "/ bare client | lm-eval 0.4.13 req/s | lmeval / lm-eval | client CPU ms/req lmeval "
          "| lm-eval |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['num_concurrent']} | {r['ideal_rps']:.0f} | {r['bare_client_rps']} | "
              f"{r['lmeval_rps']} | {r['lmeval_vs_ideal']} | {r['lmeval_vs_bare_client']} | "
              f"{r['lm_eval_rps']} | {r['lmeval_vs_lm_eval']} | "
              f"{r['lmeval_cpu_ms_per_request']} | {r['lm_eval_cpu_ms_per_request']} |")
    out = HERE / "results" / "api_throughput.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"latency_s": args.latency, "cpus": os.cpu_count(),
                               "repeats": args.repeats, "pinning": pinning, "rows": rows},
                              indent=2) + "\n")


if __name__ == "__main__":
    main()
