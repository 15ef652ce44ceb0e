"""Small local tasks (JSONL data beside the YAML) for the scheduler and `lmeval run` flag tests."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

HEAD = "dataset_path: json\ndataset_kwargs:\n  data_files:\n    test: docs.jsonl\ntest_split: test\n"

MC = """\
    output_type: multiple_choice
    doc_to_text: "Question: {{q}}\\nAnswer:"
    doc_to_choice: "{{choices}}"
    doc_to_target: answer
    metric_list:
      - metric: acc
      - metric: acc_norm
    metadata:
      version: 1.0
    """

TASKS = {
    "k_mc": MC,
    # the same prompts under another name: its requests are identical to k_mc's
    "k_mc_twin": MC,
    "k_gen": """\
        output_type: generate_until
        doc_to_text: "Question: {{q}}\\nAnswer:"
        doc_to_target: "{{choices[answer]}}"
        generation_kwargs:
          until: ["\\n"]
          do_sample: false
        metric_list:
          - metric: exact_match
        """,
    "k_sampled": """\
        output_type: generate_until
        doc_to_text: "Sample: {{q}}\\nAnswer:"
        doc_to_target: "{{choices[answer]}}"
        generation_kwargs:
          until: ["\\n"]
          do_sample: true
          temperature: 0.8
        metric_list:
          - metric: exact_match
        """,
    # scoring raises: proves --predict_only does not score
    "k_custom": """\
        output_type: generate_until
        doc_to_text: "Custom: {{q}}\\nAnswer:"
        doc_to_target: "{{choices[answer]}}"
        generation_kwargs:
          until: ["\\n"]
        process_results: !function kernel_scorer.explode
        metric_list:
          - metric: my_score
        """,
}

GROUP = """\
group: k_group
task:
  - k_mc
  - k_mc_twin
aggregate_metric_list:
  - metric: acc
    weight_by_size: true
metadata:
  version: 1.0
"""

SCORER = '''\
def explode(doc, results):
    raise RuntimeError("process_results was called")
'''


def docs(n_docs: int, duplicates: int = 0) -> list[dict]:
    """``n_docs`` distinct documents, then copies of the first ``duplicates`` of them."""
    out = []
    for i in range(n_docs):
        out.append({"q": f"What is {i} plus {i % 3}?", "choices": [str(i + k) for k in range(4)],
                    "answer": i % 4})
    return out + [dict(d) for d in out[:duplicates]]


def write_tasks(directory: Path, n_docs: int = 10, duplicates: int = 0) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    with (directory / "docs.jsonl").open("w", encoding="utf-8") as fh:
        for doc in docs(n_docs, duplicates):
            fh.write(json.dumps(doc) + "\n")
    for name, body in TASKS.items():
        (directory / f"{name}.yaml").write_text(f"task: {name}\n{HEAD}{textwrap.dedent(body)}",
                                                encoding="utf-8")
    (directory / "k_group.yaml").write_text(GROUP, encoding="utf-8")
    (directory / "kernel_scorer.py").write_text(SCORER, encoding="utf-8")
    return directory


def calls(log: Path) -> dict[str, int]:
    """Requests the reference LM answered, per kind, from its ``call_log``."""
    out: dict[str, int] = {}
    if not log.exists():
        return out
    for line in log.read_text(encoding="utf-8").splitlines():
        if line.strip():
            kind, n = line.split()
            out[kind] = out.get(kind, 0) + int(n)
    return out
