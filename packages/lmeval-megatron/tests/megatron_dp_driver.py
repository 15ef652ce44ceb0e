"""Run by the torchrun test with 2 ranks (CPU shims on): ``LOAD OUT``.

1. data parallel (``devices=2``): one ``lmeval.evaluate``; rank 0 writes the results to
   ``OUT.results``; each rank writes its world size and forward calls.
2. tensor parallel (``tensor_model_parallel_size=2``, same process group, megatron-core state
   rebuilt): every rank answers the same requests directly;
3. the same TP=2 model through ``lmeval.evaluate``: the backend owns the ranks (one worker), the
   core keeps them in lockstep and only global rank 0 returns results (``OUT.tp_results``).

Each rank writes ``OUT.rank<R>`` (JSON).
"""

import json
import sys
from pathlib import Path

from lmeval_testkit import megatron as mt


def main() -> None:
    load, out = sys.argv[1], sys.argv[2]
    with mt.cpu_shims():
        import lmeval
        import torch.distributed as dist
        from lmeval.protocol import GenerateRequest, LoglikelihoodRequest
        from lmeval_megatron.models import MegatronLM
        from megatron.core import parallel_state

        lm = MegatronLM(load=load, seq_length=64, devices=2, batch_size=2)
        res = lmeval.evaluate(model=lm, tasks=["mt_mc", "mt_gen", "mt_ppl"],
                              include_path=str(Path(__file__).parent / "tasks"))
        info = {"dp": {"world_size": lm.world_size, "forward_calls": lm.runner.forward_calls}}
        if res:
            Path(f"{out}.results").write_text(json.dumps(res["results"]))
        parallel_state.destroy_model_parallel()
        lm = MegatronLM(load=load, seq_length=64, devices=2, tensor_model_parallel_size=2,
                        batch_size=2)
        requests = json.loads(Path(f"{out}.requests").read_text())
        info["tp"] = {
            "world_size": lm.world_size,
            "ll": lm.loglikelihood([LoglikelihoodRequest(c, x) for c, x in requests["ll"]]),
            "gen": lm.generate_until([GenerateRequest.make(c, k) for c, k in requests["gen"]]),
        }
        # 3. the same TP=2 model through the core: both ranks in lockstep, rank 0 reports
        res = lmeval.evaluate(model=lm, tasks=["mt_mc", "mt_gen", "mt_ppl"],
                              include_path=str(Path(__file__).parent / "tasks"))
        info["tp_reported"] = bool(res)
        if res:
            Path(f"{out}.tp_results").write_text(json.dumps(res["results"]))
        Path(f"{out}.rank{dist.get_rank()}").write_text(json.dumps(info))


if __name__ == "__main__":
    main()
