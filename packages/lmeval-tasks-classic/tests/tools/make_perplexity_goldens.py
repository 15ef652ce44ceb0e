"""Write the perplexity corpora's goldens with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-classic/tests/tools/make_perplexity_goldens.py

``golden/perplexity_requests.json``: the request lm-eval builds for the first fixture document
of a slice of the tasks and its per-document metrics; ``golden/perplexity_scores.json``: for
every document of those tasks, the text lm-eval scores and its ``process_results`` for one
log-likelihood (the word and byte counts of each fixture text).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACK = HERE.parents[1]
MIRROR = PACK / "tests" / "fixtures" / "datasets"
OUT = PACK / "tests" / "golden"
sys.path[:0] = [str(PACK.parent / "lmeval-testkit" / "src")]

from lmeval_testkit.goldens import STAND_IN_ROLLING, _jsonable, reference_tasks, write_goldens  # noqa: E402

CASES = ["pile_arxiv", "pile_dm-mathematics", "pile_ubuntu-irc", "pile_10k", "paloma_c4_en",
         "paloma_twitterAAE_HELM_fixed", "paloma_wikitext_103", "uncheatable_eval_github_python",
         "uncheatable_eval_ao3_nonenglish", "uncheatable_eval_wikipedia_english"]


def main() -> None:
    write_goldens(CASES, MIRROR, OUT / "perplexity_requests.json")
    records = []
    for name, task in reference_tasks(CASES, MIRROR):
        for doc_id, doc in enumerate(task.eval_docs):
            records.append({"task": name, "doc_id": doc_id, "target": task.doc_to_target(doc),
                            "process_results": _jsonable(task.process_results(doc, [STAND_IN_ROLLING]))})
    (OUT / "perplexity_scores.json").write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n",
                                                encoding="utf-8")
    print(f"{len(records)} score records", file=sys.stderr)


if __name__ == "__main__":
    main()
