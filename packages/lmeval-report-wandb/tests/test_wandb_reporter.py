"""The wandb reporter in offline mode: real wandb writes a real run file; we read it back."""

from __future__ import annotations

import json

import pytest
from lmeval.cli import main
from wandb_run_file import RunFile

TASKS = {
    "wb_mc": 'output_type: multiple_choice\ndoc_to_text: "{{q}}"\ndoc_to_choice: "{{choices}}"\n'
             'doc_to_target: answer\nmetric_list:\n  - metric: acc\n',
    "wb_gen": 'output_type: generate_until\ndoc_to_text: "{{q}}"\ndoc_to_target: "{{choices[answer]}}"\n'
              'generation_kwargs:\n  until: ["\\n"]\nfilter_list:\n  - name: get-answer\n    filter:\n'
              '      - function: regex\n        regex_pattern: "answer is (\\\\d+)"\n      - function: take_first\n',
    "wb_ppl": 'output_type: loglikelihood_rolling\ndoc_to_text: ""\ndoc_to_target: "{{q}}"\n',
}


@pytest.fixture(scope="module")
def tasks(tmp_path_factory):
    d = tmp_path_factory.mktemp("tasks")
    with (d / "docs.jsonl").open("w") as fh:
        for i in range(5):
            fh.write(json.dumps({"q": f"What is {i} plus 2?", "choices": [str(i + 1), str(i + 2)], "answer": 1}) + "\n")
    head = "dataset_path: json\ndataset_kwargs:\n  data_files:\n    test: docs.jsonl\ntest_split: test\n"
    for name, body in TASKS.items():
        (d / f"{name}.yaml").write_text(f"task: {name}\n{head}{body}")
    return d


@pytest.fixture
def offline(tmp_path, monkeypatch):
    for var, sub in (("WANDB_DIR", "wandb-dir"), ("WANDB_DATA_DIR", "wandb-data"),
                     ("WANDB_CACHE_DIR", "wandb-cache"), ("WANDB_CONFIG_DIR", "wandb-config")):
        (tmp_path / sub).mkdir()
        monkeypatch.setenv(var, str(tmp_path / sub))
    monkeypatch.setenv("WANDB_MODE", "offline")
    monkeypatch.setenv("WANDB_SILENT", "true")
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    yield tmp_path / "wandb-dir"
    import wandb

    wandb.teardown()  # wandb keeps its settings (the run directory) per process until torn down


def _run_file(wandb_dir) -> RunFile:
    import wandb

    # The run file is written by wandb's service process; run.finish() returns once the exit is
    # handled, not once the service has flushed and closed the file. Tearing the service down
    # waits for that, so the records read below are all there (CI once read it mid-write).
    wandb.teardown()
    [path] = list(wandb_dir.glob("wandb/offline-run-*/run-*.wandb"))
    return RunFile(path)


def test_results_samples_and_configs_in_the_offline_run(tasks, tmp_path, offline):
    out = tmp_path / "out"
    code = main(["run", "--model", "dummy", "--model_args", "pretrained=org/tiny", "--tasks", "wb_mc,wb_gen,wb_ppl",
                 "--include_path", str(tasks), "--log_samples", "--output_path", str(out),
                 "--wandb_args", "project=lmeval-tests,name=offline-check,job_type=eval",
                 "--wandb_config_args", "team=evals,budget=3"])
    assert code == 0
    results = json.loads(next(out.rglob("results_*.json")).read_text())
    run = _run_file(offline)
    assert run.run.project == "lmeval-tests" and run.run.display_name == "offline-check"
    assert run.run.job_type == "eval" and run.exited
    # configs: --wandb_config_args, the task configs and the CLI config
    assert run.config["team"] == "evals" and run.config["budget"] == 3
    assert run.config["task_configs"]["wb_mc"]["output_type"] == "multiple_choice"
    assert run.config["cli_configs"]["model"] == "dummy"
    # metrics: ,none dropped, other filters kept; strings in the summary
    logged = {k: v for h in run.history for k, v in h.items()}
    assert logged["wb_mc/acc"] == results["results"]["wb_mc"]["acc,none"]
    assert logged["wb_gen/exact_match,get-answer"] == results["results"]["wb_gen"]["exact_match,get-answer"]
    assert logged["wb_ppl/bits_per_byte"] == results["results"]["wb_ppl"]["bits_per_byte,none"]
    assert run.summary["wb_mc/alias"] == "wb_mc" and run.summary["wb_ppl/bits_per_byte_stderr"] == "N/A"
    # tables, written as files of the run
    table_files = [f for f in run.files if f.endswith(".table.json")]
    names = sorted(f.split("/")[-1].rsplit("_", 2)[0] for f in table_files)
    assert names == ["eval_results", "wb_gen_eval_results", "wb_mc_eval_results", "wb_ppl_eval_results"]
    files_dir = run.path.parent / "files"
    [summary_table] = [f for f in table_files if f.startswith("media/table/evaluation/")]
    table = json.loads((files_dir / summary_table).read_text())
    assert table["columns"] == ["Tasks", "Version", "Filter", "num_fewshot", "Metric", "Value", "Stderr"]
    # a task without metadata.version is "Yaml" in lm-eval's versions, and so in its W&B table
    assert ["wb_mc", "Yaml", "none", 0, "acc", str(results["results"]["wb_mc"]["acc,none"]),
            f"{results['results']['wb_mc']['acc_stderr,none']:.4f}"] in table["data"]
    [mc_table] = [f for f in table_files if "wb_mc_eval_results" in f]
    mc = json.loads((files_dir / mc_table).read_text())
    local = [json.loads(line) for line in next(out.rglob("samples_wb_mc_*.jsonl")).open()]
    col = {c: i for i, c in enumerate(mc["columns"])}
    assert [r[col["id"]] for r in mc["data"]] == [e["doc_id"] for e in local]
    assert [r[col["acc"]] for r in mc["data"]] == [e["acc"] for e in local]
    assert mc["data"][0][col["choices"]] == "0.  1\n1.  2"  # continuations keep the target delimiter
    [ppl_table] = [f for f in table_files if "wb_ppl_eval_results" in f]
    ppl = json.loads((files_dir / ppl_table).read_text())
    assert "bits_per_byte_loglikelihood" in ppl["columns"] and "word_perplexity_words" in ppl["columns"]
    # artifacts: results.json and one samples file per task
    assert json.loads(run.artifact_file("results", "results.json")) == results
    assert run.artifacts["results"].type == "eval_results"
    for task in TASKS:
        assert run.artifacts[task].type == "samples_by_task"
        pushed = json.loads(run.artifact_file(task, f"{task}_eval_samples.json"))
        assert [e["doc_id"] for e in pushed] == [json.loads(x)["doc_id"]
                                                for x in next(out.rglob(f"samples_{task}_*.jsonl")).open()]


def test_step_and_no_samples(tasks, tmp_path, offline):
    code = main(["run", "--model", "dummy", "--tasks", "wb_mc", "--include_path", str(tasks),
                 "--wandb_args", "project=p,step=7"])
    assert code == 0
    run = _run_file(offline)
    assert run.exited
    steps = {h.get("_step") for h in run.history if "wb_mc/acc" in h}
    assert steps == {7}
    assert "results" in run.artifacts and not set(TASKS) & set(run.artifacts)  # no samples logged


def test_bad_wandb_args_are_usage_errors(tasks, offline, capsys):
    code = main(["run", "--model", "dummy", "--tasks", "wb_mc", "--include_path", str(tasks),
                 "--wandb_args", "projekt=p"])
    assert code == 2
    assert "--wandb_args" in capsys.readouterr().err
