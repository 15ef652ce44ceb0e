"""Build RULER's documents with lmeval or with lm-eval 0.4.13, for one tokenizer and the given
lengths, on the pack's offline mirror, and write a digest of them (JSON)::

    .venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/ruler_documents.py lmeval TOKENIZER_DIR 512,1024 OUT.json
    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/ruler_documents.py lm-eval TOKENIZER_DIR 512,1024 OUT.json

The lm-eval side reads the same mirror: ``datasets.load_dataset`` and its JSON downloads are
pointed at ``tests/fixtures/datasets``, and nltk at the Punkt model the pack ships. Each task is
built once per process from the state lm-eval's default ``--seed`` gives (``random.seed(0)``,
``numpy.random.seed(1234)``), as when lm-eval runs that task alone. The digest holds, per task,
the number of documents, the SHA-256 of each document (its fields as sorted JSON) and the first
document in full. ``compare_ruler_documents.py`` compares two digests.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from pathlib import Path

PACK = Path(__file__).resolve().parents[2]
MIRROR = PACK / "tests" / "fixtures" / "datasets"
NLTK_DATA = PACK / "src" / "lmeval_tasks_longcontext" / "data" / "nltk_data"
TASKS = {"niah_single_1": "niah_utils.niah_single_1", "niah_single_2": "niah_utils.niah_single_2",
         "niah_single_3": "niah_utils.niah_single_3", "niah_multikey_1": "niah_utils.niah_multikey_1",
         "niah_multikey_2": "niah_utils.niah_multikey_2", "niah_multikey_3": "niah_utils.niah_multikey_3",
         "niah_multivalue": "niah_utils.niah_multivalue", "niah_multiquery": "niah_utils.niah_multiquery",
         "ruler_vt": "vt_utils.get_vt_dataset", "ruler_cwe": "cwe_utils.get_cw_dataset",
         "ruler_fwe": "fwe_utils.fwe_download", "ruler_qa_squad": "qa_utils.get_squad",
         "ruler_qa_hotpot": "qa_utils.get_hotpotqa"}
MIRRORED = {"https://rajpurkar.github.io/SQuAD-explorer/dataset/dev-v2.0.json": "rajpurkar/SQuAD-explorer/dev-v2.0.json",
            "hotpot_dev_distractor_v1.json": "namlh2004/hotpotqa/hotpot_dev_distractor_v1.json"}


def reference_builders() -> dict:
    """lm-eval's own builders, reading the mirror."""
    os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", NLTK_DATA=str(NLTK_DATA))
    sys.path.insert(0, str(PACK.parent / "lmeval-testkit" / "src"))
    from lmeval_testkit.goldens import install_mirror

    install_mirror(MIRROR)
    import importlib

    qa_utils = importlib.import_module("lm_eval.tasks.ruler.qa_utils")

    def download_json(url: str):
        key = next(k for k in MIRRORED if url.endswith(k))
        return json.loads((MIRROR / MIRRORED[key]).read_text(encoding="utf-8"))

    qa_utils.download_json = download_json
    builders = {}
    for task, ref in TASKS.items():
        module, name = ref.split(".")
        builders[task] = getattr(importlib.import_module(f"lm_eval.tasks.ruler.{module}"), name)
    return builders


def lmeval_builders() -> dict:
    os.environ["LMEVAL_DATASETS_DIR"] = str(MIRROR)
    from lmeval_tasks_longcontext.ruler import builders

    return {task: getattr(builders, ref.split(".")[1]) for task, ref in TASKS.items()}


def digest(docs: list[dict]) -> dict:
    rows = [dict(d) for d in docs]
    return {"count": len(rows),
            "sha256": [hashlib.sha256(json.dumps(r, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]
                       for r in rows],
            "first": rows[0] if rows else None}


def build(side: str, tokenizer: str, lengths: list[int], tasks: list[str], out_path: Path | None = None) -> dict:
    import numpy

    builders = reference_builders() if side == "lm-eval" else lmeval_builders()
    out = {}
    for task in tasks:
        random.seed(0)
        numpy.random.seed(1234)
        try:
            splits = builders[task](pretrained=tokenizer, max_seq_lengths=list(lengths))
            out[task] = digest(list(splits["test"]))
        except Exception as exc:  # noqa: BLE001 - the digest records what failed
            out[task] = {"error": f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"}
        print(f"{side} {task}: {out[task].get('count', out[task].get('error'))}", file=sys.stderr)
        if out_path is not None:  # after each task: a task that never ends (lm-eval's) leaves the others
            out_path.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return out


def main(argv: list[str]) -> None:
    side, tokenizer, lengths, out = argv[:4]
    tasks = argv[4].split(",") if len(argv) > 4 else list(TASKS)
    build(side, tokenizer, [int(x) for x in lengths.split(",")], tasks, Path(out))


if __name__ == "__main__":
    main(sys.argv[1:])
