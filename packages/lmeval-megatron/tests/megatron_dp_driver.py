"""Run by the data-parallel test under torchrun: one lmeval.evaluate on megatron_lm, CPU shims
on, results written by rank 0 to argv[2]."""

import json
import sys
from pathlib import Path

from lmeval_megatron import testing as mt


def main() -> None:
    load, out, devices = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with mt.cpu_shims():
        import lmeval
        from lmeval_megatron.lm import MegatronLM

        lm = MegatronLM(load=load, seq_length=64, devices=devices, batch_size=2)
        res = lmeval.evaluate(model=lm, tasks=["mt_mc", "mt_gen", "mt_ppl"],
                              include_path=str(Path(__file__).parent / "tasks"))
    Path(f"{out}.rank{lm.rank}").write_text(json.dumps(
        {"rank": lm.rank, "world_size": lm.world_size, "forward_calls": lm.runner.forward_calls}))
    if res:
        Path(out).write_text(json.dumps(res["results"]))


if __name__ == "__main__":
    main()
