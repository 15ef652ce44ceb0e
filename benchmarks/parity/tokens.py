"""Token ids of every request in a run's sample files, as one tool's HF model would feed them.

    python tokens.py --tool lm-eval|lmeval --model DIR --run RUN_DIR --out tokens.json

Runs in either venv: ``--tool lm-eval`` encodes with lm-eval 0.4.13's ``HFLM`` (``_encode_pair``,
``get_rolling_token_windows``/``make_disjoint_window``, ``tok_batch_encode``), ``--tool lmeval``
with lmeval-hf's ``HFLM`` (``TokenEncoder.pair``, ``loglikelihood_windows``, ``batch_encode``).
Both read the *same* sample file (lm-eval's), so the comparison isolates tokenization: for each
request the output holds the context and continuation ids (log-likelihood and each rolling
window) or the prompt ids (generation). run.py compares the two files.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import compare  # noqa: E402

DEFAULT_MAX_GEN_TOKS = 256


def lm_eval_encoder(model: str):
    from lm_eval.models.huggingface import HFLM
    from lm_eval.utils import get_rolling_token_windows, make_disjoint_window

    lm = HFLM(pretrained=model, dtype="float32", device="cpu", batch_size=1)

    def pair(context: str, continuation: str) -> list[list[int]]:
        if context == "":
            return [[lm.prefix_token_id], lm.tok_encode(continuation)]
        return [list(x) for x in lm._encode_pair(context, continuation)]

    def rolling(text: str) -> list[list[list[int]]]:
        windows = get_rolling_token_windows(token_list=lm.tok_encode(text),
                                            prefix_token=lm.prefix_token_id,
                                            max_seq_len=lm.max_length, context_len=1)
        return [[list(a), list(b)] for a, b in map(make_disjoint_window, windows)]

    def prompt(context: str, max_gen_toks: int) -> list[int]:
        ids, _ = lm.tok_batch_encode([context], left_truncate_len=lm.max_length - max_gen_toks)
        return ids[0].tolist()

    return pair, rolling, prompt


def lmeval_encoder(model: str):
    from lmeval.backend.rolling import loglikelihood_windows
    from lmeval_hf.models import HFLM

    lm = HFLM(pretrained=model, dtype="float32", device="cpu", batch_size=1)

    def pair(context: str, continuation: str) -> list[list[int]]:
        return [list(x) for x in lm.encoder.pair(context, continuation)]

    def rolling(text: str) -> list[list[list[int]]]:
        windows = loglikelihood_windows(lm.tok_encode(text), lm.prefix_token_id, lm.max_length)
        return [[list(a), list(b)] for a, b in windows]

    def prompt(context: str, max_gen_toks: int) -> list[int]:
        ids, _ = lm.batch_encode([context], left_truncate_len=lm.max_length - max_gen_toks)
        return ids[0].tolist()

    return pair, rolling, prompt


def encode_run(tool: str, model: str, run: Path) -> dict[str, dict[str, list]]:
    pair, rolling, prompt = (lm_eval_encoder if tool == "lm-eval" else lmeval_encoder)(model)
    results, samples = compare.run_files(run)
    out: dict[str, dict[str, list]] = {}
    for task, path in sorted(samples.items()):
        otype = (results.get("configs", {}).get(task) or {}).get("output_type")
        per_doc: dict[str, list] = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            sample = json.loads(line)
            ids = []
            for args in compare.sample_args(sample):
                if otype in ("multiple_choice", "loglikelihood"):
                    ids.append(pair(args[0], args[1]))
                elif otype == "loglikelihood_rolling":
                    ids.append(rolling(args[0]))
                else:
                    kwargs = args[1] if len(args) > 1 and isinstance(args[1], dict) else {}
                    ids.append(prompt(args[0], int(kwargs.get("max_gen_toks",
                                                              DEFAULT_MAX_GEN_TOKS))))
            per_doc[str(sample["doc_id"])] = ids
        out[task] = per_doc
    return out


def compare_tokens(ref: dict, ours: dict) -> dict[str, dict]:
    """Per task: requests compared, requests whose ids differ, the first difference."""
    report = {}
    for task in sorted(set(ref) | set(ours)):
        a, b = ref.get(task, {}), ours.get(task, {})
        n = differ = 0
        first = None
        for doc in sorted(set(a) | set(b), key=lambda d: int(d)):
            ra, rb = a.get(doc, []), b.get(doc, [])
            for i in range(max(len(ra), len(rb))):
                n += 1
                x = ra[i] if i < len(ra) else None
                y = rb[i] if i < len(rb) else None
                if x != y:
                    differ += 1
                    if first is None:
                        first = {"doc_id": int(doc), "request": i,
                                 "lm_eval": str(x)[:300], "lmeval": str(y)[:300]}
        report[task] = {"requests": n, "token_ids_differ": differ, "first_difference": first}
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", choices=["lm-eval", "lmeval"], required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--run", type=Path, required=True, help="a run directory (lm-eval's samples)")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    args.out.write_text(json.dumps(encode_run(args.tool, args.model, args.run)))


if __name__ == "__main__":
    main()
