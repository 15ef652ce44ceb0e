"""BABILong's 20 tasks and its two groups from ``babilong_prompts.json`` (each task's
instruction and few-shot examples, as lm-eval 0.4.13 has them).

qa1-qa5 exist at every context length (0k … 128k); the length is chosen at run time with
``--metadata max_seq_lengths=4k`` (default 0k), which the ``custom_dataset`` loader reads, as in
lm-eval. qa6-qa10 use the same loader; qa11-qa20 exist only at 0k and read that config directly.
"""

from __future__ import annotations

import json
from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "babilong.py"
PROMPTS = json.loads((Path(__file__).parent / "babilong_prompts.json").read_text(encoding="utf-8"))
LOADER_TASKS = range(1, 11)  # qa1-qa10 come through the length-aware loader
LONG_CONTEXT_TASKS = range(1, 6)  # the only ones with 1k-128k configs

COMMON = {
    "dataset_path": "RMT-team/babilong-1k-samples",
    "output_type": "generate_until",
    "doc_to_target": "{{target}}",
    "target_delimiter": " ",
    "num_fewshot": 2,
    "process_results": Function("babilong_helpers.process_results"),
    "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
    "generation_kwargs": {"do_sample": False, "temperature": 0.0, "max_gen_toks": 16, "until": []},
    "metadata": {"version": 0.0},
}


def task(n: int) -> dict:
    prompt = PROMPTS[f"qa{n}"]
    cfg: dict = {"include": "_babilong_common_yaml", "task": f"babilong_qa{n}", "test_split": f"qa{n}"}
    if n in LOADER_TASKS:
        cfg["custom_dataset"] = Function("babilong_helpers.load_dataset")
        cfg["dataset_kwargs"] = {"qa_split": f"qa{n}"}
    else:
        cfg["dataset_name"] = "0k"
    cfg["description"] = prompt["description"]
    cfg["doc_to_text"] = "{{input.strip()}}\n{{question.strip()}}"
    cfg["fewshot_config"] = {"sampler": "first_n", "samples": prompt["shots"]}
    return cfg


def group(name: str, numbers: range) -> dict:
    return {"group": name, "task": [f"babilong_qa{n}" for n in numbers],
            "aggregate_metric_list": [{"metric": "acc", "weight_by_size": True}],
            "metadata": {"version": 0.0}}


def main(root: Path) -> None:
    out = reset_dir(root / "babilong")
    write_yaml(out / "_babilong_common_yaml", COMMON, SCRIPT,
               "# BABILong (Kuratov et al., 2024, arXiv:2406.10149): bAbI facts hidden in long text.\n"
               "# Long context: at 128k a prompt is ~128k tokens; the model needs that window.\n")
    for n in range(1, 21):
        write_yaml(out / f"babilong_qa{n}.yaml", task(n), SCRIPT)
    write_yaml(out / "babilong.yaml", group("babilong", range(1, 21)), SCRIPT,
               "# All 20 tasks at the length of --metadata max_seq_lengths (default 0k), size-weighted acc.\n")
    write_yaml(out / "babilong_longctx.yaml", group("babilong_longctx", LONG_CONTEXT_TASKS), SCRIPT,
               "# qa1-qa5, the tasks with long-context configs (1k-128k): long context needed.\n")
