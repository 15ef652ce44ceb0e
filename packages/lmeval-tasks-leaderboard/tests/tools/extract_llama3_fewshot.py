"""Extract the five in-prompt examples per subject of lm-eval 0.4.13's multilingual Llama-3 MMLU.

    .venv/bin/python packages/lmeval-tasks-leaderboard/tests/tools/extract_llama3_fewshot.py

lm-eval's ``llama3/instruct/mmlu_<lang>`` tasks carry their few-shot examples (rows of Meta's
``Llama-3.1-8B-Instruct-evals`` prompts) inline; this reads them from the reference venv into
``generate/data/llama3_mmlu_fewshot.json`` (``{lang: {subject: [example, ...]}}``), the table
``generate/llama3.py`` writes the task configs from. Data only: no config is copied.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT / "benchmarks"))
OUT = Path(__file__).resolve().parents[2] / "generate" / "data" / "llama3_mmlu_fewshot.json"
LANGS = ("de", "es", "fr", "hi", "it", "pt", "th")


class _Loader(yaml.SafeLoader):
    pass


_Loader.add_constructor("!function", lambda loader, node: loader.construct_scalar(node))


def main() -> None:
    from reference_env import reference_python

    ref = Path(reference_python()).parents[1]
    tasks = next(ref.glob("lib/python3*/site-packages/lm_eval/tasks")) / "llama3" / "instruct"
    table: dict[str, dict[str, list]] = {}
    for lang in LANGS:
        table[lang] = {}
        for path in sorted((tasks / f"mmlu_{lang}").glob(f"mmlu_{lang}_*.yaml")):
            config = yaml.load(path.read_text(encoding="utf-8"), _Loader)
            subject = path.stem[len(f"mmlu_{lang}_"):]
            table[lang][subject] = config["fewshot_config"]["samples"]
    OUT.write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
