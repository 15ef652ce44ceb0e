"""JSONSchemaBench (Geng et al. 2025): write a JSON object that satisfies a GitHub JSON schema, at
three difficulty levels (tag ``jsonschema_bench``).

The two in-context examples are the first two of six inline ones, kept in
``jsonschema_bench_shots.json`` beside this file.
"""

from __future__ import annotations

import json
from pathlib import Path

from _common import Function, comment, reset_dir, write_yaml

SCRIPT = "jsonschema_bench.py"
SHOTS = Path(__file__).with_name("jsonschema_bench_shots.json")
LEVELS = ("easy", "medium", "hard")
BASE = "jsonschema_bench_easy.yaml"


def scored_by(*names: str) -> list[dict[str, object]]:
    return [{"metric": Function(f"metrics.{name}"), "aggregation": "mean", "higher_is_better": True}
            for name in names]


def main(root: Path) -> None:
    folder = reset_dir(root / "jsonschema_bench")
    write_yaml(folder / BASE, {
        "tag": ["jsonschema_bench"],
        "task": "jsonschema_bench_easy",
        "dataset_path": "epfl-dlab/JSONSchemaBench",
        "dataset_name": "Github_easy",
        "training_split": "train",
        "validation_split": "valid",
        "test_split": "test",
        "description": "Generate a JSON object that matches the following JSON schema.",
        # a backslash and an n, not a newline: lm-eval's YAML has them single-quoted
        "doc_to_text": "JSON schema: {{json_schema}}\\n\\nJSON object: ",
        "doc_to_target": "{{json_object if json_object is defined else json_schema}}",
        "output_type": "generate_until",
        "metric_list": scored_by("json_validity", "schema_compliance"),
        "metadata": {"version": 0.1},
        "fewshot_split": None,
        "num_fewshot": 2,
        "fewshot_config": {"sampler": "first_n", "samples": json.loads(SHOTS.read_text(encoding="utf-8"))},
    }, SCRIPT, comment("""
JSONSchemaBench (Geng et al. 2025, arXiv:2501.10868): write a JSON object that satisfies a
GitHub JSON schema. Two inline examples (first_n of six); scored by JSON validity and by
compliance with the schema (jsonschema's Draft 2020-12 validator with format checks): the
[jsonschema] extra. The schema itself is the target of a test document.
"""))
    for level in LEVELS[1:]:
        write_yaml(folder / f"jsonschema_bench_{level}.yaml", {
            "include": BASE,
            "task": f"jsonschema_bench_{level}",
            "dataset_name": f"Github_{level}",
        }, SCRIPT)
