"""Small finished runs (results + sample files) of the reference LM, for compare/report tests."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

TASKS = {
    "cmp_mc": """\
        output_type: multiple_choice
        doc_to_text: "Question: {{q}}\\nAnswer:"
        doc_to_choice: "{{choices}}"
        doc_to_target: answer
        metric_list:
          - metric: acc
        """,
    "cmp_gen": """\
        output_type: generate_until
        doc_to_text: "Question: {{q}}\\nAnswer:"
        doc_to_target: "{{choices[answer]}}"
        generation_kwargs:
          until: ["\\n"]
        filter_list:
          - name: get-answer
            filter:
              - function: regex
                regex_pattern: "The answer is (\\\\d+)"
              - function: take_first
        metric_list:
          - metric: exact_match
        """,
    "cmp_ppl": """\
        output_type: loglikelihood_rolling
        doc_to_text: ""
        doc_to_target: "{{q}}"
        """,
}


def write_tasks(directory: Path, n_docs: int = 12) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    with (directory / "docs.jsonl").open("w") as fh:
        for i in range(n_docs):
            choices = [str(i + k) for k in range(4)]
            fh.write(json.dumps({"q": f"What is {i} plus {i % 3}?", "choices": choices, "answer": i % 4}) + "\n")
    head = "dataset_path: json\ndataset_kwargs:\n  data_files:\n    test: docs.jsonl\ntest_split: test\n"
    for name, body in TASKS.items():
        (directory / f"{name}.yaml").write_text(f"task: {name}\n{head}{textwrap.dedent(body)}")
    return directory


def make_run(tasks_dir: Path, out: Path, *, seed: int = 0, log_samples: bool = True,
             tasks: tuple[str, ...] = tuple(TASKS), model_name: str | None = None) -> Path:
    """Evaluate the reference LM (``seed`` changes every score) and write results under ``out``."""
    from lmeval import evaluate
    from lmeval.outputs.results import write_results

    results = evaluate("dummy", f"seed={seed}" + (f",pretrained={model_name}" if model_name else ""),
                       list(tasks), include_path=str(tasks_dir), log_samples=log_samples,
                       bootstrap_iters=100)
    if not log_samples:
        results.pop("samples", None)
    return write_results(results, out)
