"""Write LongBench v2's golden requests with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_longbench2_goldens.py

``golden/longbench2_requests.json``: the four requests lm-eval builds for the first fixture
document of a slice of the tasks (every category, the tag-only task, code) and their scores.
"""

from __future__ import annotations

import sys
from pathlib import Path

PACK = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(PACK.parent / "lmeval-testkit" / "src")]

from lmeval_testkit.goldens import write_goldens  # noqa: E402

CASES = ["longbench2_govt_single", "longbench2_detective", "longbench2_legal_multi", "longbench2_news_multi",
         "longbench2_translate", "longbench2_agent_history", "longbench2_table", "longbench2_code"]

if __name__ == "__main__":
    write_goldens(CASES, PACK / "tests" / "fixtures" / "datasets", PACK / "tests" / "golden" / "longbench2_requests.json")
