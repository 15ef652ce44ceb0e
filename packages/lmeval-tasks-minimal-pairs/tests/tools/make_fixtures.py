"""Write the offline mirror the tests and benchmarks read: a few invented rows per config.

Every file has the columns of the Hub dataset it stands in for (``nyu-mll/blimp``:
sentence_good, sentence_bad, field, linguistics_term, UID, simple_LM_method, one_prefix_method,
two_prefix_method, lexically_identical, pair_id; ``jmichaelov/blimp_nl``: sentence_good,
sentence_bad; ``jmichaelov/bhs``: context, ending_good, ending_bad; ``Junrui1202/zhoblimp`` and
``juletxara/turblimp``, ``jmichaelov/lm_syneval``: sentence_good, sentence_bad; ``jumelet/multiblimp``: sen, wrong_sen; the
columns lm-eval reads), laid out as
``<hub id>/<config>/<split>.jsonl``, the layout of ``$LMEVAL_DATASETS_DIR``.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent / "fixtures" / "datasets"
sys.path.insert(0, str(HERE.parents[1] / "generate"))

import bhs as bhs_family  # noqa: E402
import blimp as blimp_family  # noqa: E402
import blimp_nl as blimp_nl_family  # noqa: E402
import lm_syneval as lm_syneval_family  # noqa: E402
import multiblimp as multiblimp_family  # noqa: E402
import turblimp as turblimp_family  # noqa: E402
import zhoblimp as zhoblimp_family  # noqa: E402


def write(hub_id: str, config: str, split: str, rows: list[dict]) -> None:
    path = ROOT / hub_id / config / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def blimp(config: str, n: int = 3) -> list[dict]:
    return [{"sentence_good": f"The {i} cats near the door ({config}) are sleeping.",
             "sentence_bad": f"The {i} cats near the door ({config}) is sleeping.",
             "field": "morphology", "linguistics_term": "subject_verb_agreement", "UID": config,
             "simple_LM_method": True, "one_prefix_method": False, "two_prefix_method": False,
             "lexically_identical": i % 2 == 0, "pair_id": i} for i in range(n)]


def blimp_nl(config: str, n: int = 3) -> list[dict]:
    return [{"sentence_good": f"De {i} katten ({config}) slapen bij de deur.",
             "sentence_bad": f"De {i} katten ({config}) slaapt bij de deur."} for i in range(n)]


def bhs(config: str, n: int = 3) -> list[dict]:
    return [{"context": f"[{config}] Mtoto {i} wa rafiki yangu", "ending_good": f" anacheza {i}.",
             "ending_bad": f" wanacheza {i}."} for i in range(n)]


def zhoblimp(config: str, n: int = 2) -> list[dict]:
    return [{"sentence_good": f"他把{i}本书({config})放在桌子上了。",
             "sentence_bad": f"他把{i}本书({config})放桌子上在了。"} for i in range(n)]


def turblimp(config: str, n: int = 2) -> list[dict]:
    return [{"sentence_good": f"Kediler {i} ({config}) kapının yanında uyuyor.",
             "sentence_bad": f"Kediler {i} ({config}) kapının yanında uyuyorum."} for i in range(n)]


def multiblimp(config: str, n: int = 2) -> list[dict]:
    return [{"sen": f"The {i} dogs ({config}) bark.", "wrong_sen": f"The {i} dogs ({config}) barks."}
            for i in range(n)]


def lm_syneval(config: str, n: int = 2) -> list[dict]:
    return [{"sentence_good": f"The {i} authors ({config}) laugh.",
             "sentence_bad": f"The {i} authors ({config}) laughs."} for i in range(n)]


def main() -> None:
    if ROOT.exists():
        shutil.rmtree(ROOT)
    for config in blimp_family.CONFIGS:
        write("nyu-mll/blimp", config, "train", blimp(config))
    for config in blimp_nl_family.CONFIGS:
        write("jmichaelov/blimp_nl", config, "test", blimp_nl(config))
    for config in bhs_family.CONFIGS:
        write("jmichaelov/bhs", config, "test", bhs(config))
    for config in zhoblimp_family.CONFIGS:
        write("Junrui1202/zhoblimp", config, "train", zhoblimp(config))
    for config in turblimp_family.CONFIGS:
        write("juletxara/turblimp", config, "train", turblimp(config))
    for config in multiblimp_family.CONFIGS:
        write("jumelet/multiblimp", config, "train", multiblimp(config))
    for config in lm_syneval_family.tasks():
        write("jmichaelov/lm_syneval", config, "test", lm_syneval(config))

if __name__ == "__main__":
    main()
