"""Writes lm-eval 0.4.13's own samples files for the tasks in ./tasks, as golden files.

    python benchmarks/reference_env.py      # prints the python of a venv with lm-eval 0.4.13
    <that python> packages/lmeval-core/tests/golden/samples_layout/make_samples_golden.py

lm-eval runs its real CLI (``lm-eval run ... --log_samples``) with one model registered here:
the formulas of lmeval's reference LM (``lmeval.testing.ReferenceLM``, ``--model dummy``, seed 0)
ported to lm-eval's LM interface, so both tools get the same answers for the same requests.
The files lm-eval writes are copied to ./lm_eval_0.4.13/samples_<task>.jsonl unchanged (the
timestamp dropped from the name). test_samples_layout.py runs lmeval on the same tasks and
compares its samples files with these; the test suite never imports lm-eval.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

from lm_eval.api.model import LM
from lm_eval.api.registry import register_model

HERE = Path(__file__).resolve().parent
TASKS = ["g_mc", "g_ll", "g_roll", "g_gen"]


def _h(*parts):
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


@register_model("lmeval_reference")
class LmevalReferenceLM(LM):
    """lmeval's ReferenceLM (seed 0) for lm-eval: scores from request hashes."""

    seed = 0

    def __init__(self, **_kwargs):  # batch_size, device ...: unused
        super().__init__()

    def loglikelihood(self, requests, disable_tqdm=False):
        out = []
        for r in requests:
            context, continuation = r.args
            h = _h(self.seed, "ll", context, continuation)
            out.append((-((h % 100_000) / 10_000.0) - 0.05 * len(continuation), h % 3 == 0))
        return out

    def loglikelihood_rolling(self, requests, disable_tqdm=False):
        return [-(0.25 * len(r.args[0].split()) + (_h(self.seed, "roll", r.args[0]) % 1000) / 1000.0)
                for r in requests]

    def generate_until(self, requests, disable_tqdm=False):
        out = []
        for r in requests:
            context, kwargs = r.args
            until = kwargs.get("until") or []
            until = [until] if isinstance(until, str) else until
            text = f" The answer is {_h(self.seed, 'gen', context) % 10}.\n\nQuestion: ignored"
            for stop in until:
                if stop and stop in text:
                    text = text[: text.index(stop)]
            out.append(text)
        return out


def main() -> None:
    from lm_eval._cli import HarnessCLI

    os.chdir(HERE / "tasks")  # lm-eval reads data_files relative to the working directory
    with tempfile.TemporaryDirectory() as tmp:
        argv = ["run", "--model", "lmeval_reference", "--include_path", str(HERE / "tasks"),
                "--tasks", ",".join(TASKS), "--log_samples", "--output_path", tmp]
        sys.argv = ["lm-eval", *argv]
        cli = HarnessCLI()
        cli.execute(cli.parse_args())
        out = HERE / "lm_eval_0.4.13"
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir()
        for task in TASKS:
            (found,) = Path(tmp).rglob(f"samples_{task}_*.jsonl")
            shutil.copyfile(found, out / f"samples_{task}.jsonl")
            print(f"{out / f'samples_{task}.jsonl'}: {len(found.read_text().splitlines())} lines",
                  file=sys.stderr)


if __name__ == "__main__":
    main()
