"""Write NEREL-bench's fixed few-shot examples, as lm-eval 0.4.13 defines them, to the pack's data.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-multilingual/tests/tools/extract_nerel_fewshot.py

lm-eval keeps three worked examples per task in its nerel-bench helper module (instruction and
source text already formatted); they are benchmark data, so they are read from lm-eval here and
stored as ``src/lmeval_tasks_multilingual/nerel_fewshot.json`` (committed), which
:mod:`lmeval_tasks_multilingual.nerel` serves as the tasks' ``fewshot_config.samples``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import lm_eval

OUT = Path(__file__).resolve().parents[2] / "src" / "lmeval_tasks_multilingual" / "nerel_fewshot.json"
KINDS = ("ner", "re", "ned", "rd")

if __name__ == "__main__":
    path = Path(lm_eval.__file__).parent / "tasks" / "nerel-bench" / "utils.py"
    spec = importlib.util.spec_from_file_location("nerel_utils", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    data = {kind: getattr(module, f"fewshot_samples_for_{kind}")() for kind in KINDS}
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{sum(len(v) for v in data.values())} examples -> {OUT}", file=sys.stderr)
