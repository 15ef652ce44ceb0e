"""Zeno export: real runs of the reference LM, exported and read back."""

from __future__ import annotations

import json

import pytest
from lmeval import evaluate
from lmeval.outputs.results import write_results
from lmeval_report_zeno.export import main

TASKS = {
    "z_mc": 'output_type: multiple_choice\ndoc_to_text: "Q: {{q}}"\ndoc_to_choice: "{{choices}}"\n'
            'doc_to_target: answer\nmetric_list:\n  - metric: acc\n    aggregation: mean\n  - metric: acc_norm\n',
    "z_gen": 'output_type: generate_until\ndoc_to_text: "Q: {{q}}"\ndoc_to_target: "{{choices[answer]}}"\n'
             'generation_kwargs:\n  until: ["\\n"]\nfilter_list:\n  - name: strict\n    filter:\n'
             '      - function: regex\n        regex_pattern: "answer is (\\\\d+)"\n      - function: take_first\n'
             '  - name: raw\n    filter:\n      - function: take_first\n'
             'metric_list:\n  - metric: exact_match\n',
    "z_ppl": 'output_type: loglikelihood_rolling\ndoc_to_text: ""\ndoc_to_target: "{{q}}"\n',
}


@pytest.fixture(scope="module")
def output(tmp_path_factory):
    root = tmp_path_factory.mktemp("zeno")
    mp = pytest.MonkeyPatch()
    mp.setenv("LMEVAL_CACHE_DIR", str(root / "cache"))
    tasks = root / "tasks"
    tasks.mkdir()
    with (tasks / "docs.jsonl").open("w") as fh:
        for i in range(7):
            fh.write(json.dumps({"q": f"{i} plus {i}?", "choices": [str(2 * i), str(2 * i + 1)], "answer": 0}) + "\n")
    head = "dataset_path: json\ndataset_kwargs:\n  data_files:\n    test: docs.jsonl\ntest_split: test\n"
    for name, body in TASKS.items():
        (tasks / f"{name}.yaml").write_text(f"task: {name}\n{head}{body}")
    out = root / "output"
    for seed, model in ((0, "org/model-a"), (1, "model-b")):
        results = evaluate("dummy", f"seed={seed},pretrained={model}", list(TASKS), include_path=str(tasks),
                           log_samples=True, bootstrap_iters=0)
        write_results(results, out)
    mp.undo()
    return out


def _jsonl(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_export_one_project_per_task_with_a_system_per_model(output, tmp_path, capsys):
    assert main(["--data_path", str(output), "--project_name", "Eleuther Project", "--output_dir", str(tmp_path)]) == 0
    projects = sorted(p.name for p in tmp_path.iterdir())
    assert projects == ["Eleuther Project_z_gen", "Eleuther Project_z_mc", "Eleuther Project_z_ppl"]
    mc = tmp_path / "Eleuther Project_z_mc"
    meta = json.loads((mc / "project.json").read_text())
    assert meta["view"] == "text-classification" and meta["id_column"] == "id"
    assert meta["metrics"] == [{"name": "acc", "type": "mean", "columns": ["acc"]},
                               {"name": "acc_norm", "type": "mean", "columns": ["acc_norm"]}]
    assert sorted(p.name for p in (mc / "systems").iterdir()) == ["model-b.jsonl", "org__model-a.jsonl"]
    dataset = _jsonl(mc / "dataset.jsonl")
    assert [r["id"] for r in dataset] == list(range(7))
    # the label is the samples file's target: a string, as lm-eval writes it (and zeno_visualize reads it)
    assert dataset[3]["data"] == "Q: 3 plus 3?\n\n-  6\n-  7" and dataset[3]["labels"] == "0"
    assert dataset[3]["input_len"] == len(dataset[3]["data"])
    samples = _jsonl(next(output.glob("org__model-a/samples_z_mc_*.jsonl")))
    system = _jsonl(mc / "systems" / "org__model-a.jsonl")
    for row, s in zip(system, samples, strict=True):
        assert row["output"] == ", ".join(str(r[0]) for r in s["filtered_resps"]) and row["num_answers"] == 2
        assert row["acc"] == s["acc"] and row["acc_norm"] == s["acc_norm"]


def test_filters_make_ids_and_perplexity_is_not_a_mean_metric(output, tmp_path):
    assert main(["--data_path", str(output), "--project_name", "p", "--output_dir", str(tmp_path)]) == 0
    gen = tmp_path / "p_z_gen"
    dataset = _jsonl(gen / "dataset.jsonl")
    assert [r["id"] for r in dataset[:2]] == ["0.strict", "1.strict"] and dataset[-1]["id"] == "6.raw"
    system = _jsonl(gen / "systems" / "model-b.jsonl")
    samples = _jsonl(next(output.glob("model-b/samples_z_gen_*.jsonl")))
    assert [(r["filter"], r["output"], r["exact_match"]) for r in system] == [
        (s["filter"], str(s["filtered_resps"][0]), s["exact_match"]) for s in samples]
    assert all(r["output_length"] == len(r["output"]) for r in system)
    ppl = json.loads((tmp_path / "p_z_ppl" / "project.json").read_text())
    assert ppl["metrics"] == []  # word_perplexity & co. aggregate (loglik, words) pairs, not means
    rows = _jsonl(tmp_path / "p_z_ppl" / "systems" / "model-b.jsonl")
    assert rows[0]["word_perplexity"][1] == 3 and rows[0]["output"].startswith("-")


def test_the_reporter_plugin_exports_the_current_run(output, tmp_path, monkeypatch, capsys):
    """`lmeval run --reporter zeno:...` finds the reporter through the installed entry point."""
    from lmeval.cli import main as lmeval_main
    from lmeval.plugins import PluginManager

    entry = PluginManager().reporters.get("zeno")
    assert entry.distribution == "lmeval-report-zeno"
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    code = lmeval_main(["run", "--model", "dummy", "--model_args", "seed=1,pretrained=model-b",
                        "--tasks", *TASKS, "--include_path", str(output.parent / "tasks"),
                        "--log_samples", "--output_path", str(tmp_path / "out"),
                        "--reporter", f"zeno:output_dir={tmp_path / 'zeno'},project_name=run"])
    assert code == 0, capsys.readouterr().err
    zeno = tmp_path / "zeno"
    assert sorted(p.name for p in zeno.iterdir()) == ["run_z_gen", "run_z_mc", "run_z_ppl"]
    assert [p.name for p in (zeno / "run_z_mc" / "systems").iterdir()] == ["model-b.jsonl"]
    # the same rows as an export of the saved run
    assert main(["--data_path", str(tmp_path / "out"), "--project_name", "saved", "--output_dir", str(zeno)]) == 0
    exported = next((zeno / "saved_z_mc" / "systems").iterdir())
    assert _jsonl(exported) == _jsonl(zeno / "run_z_mc" / "systems" / "model-b.jsonl")


def test_zeno_export_is_an_lmeval_subcommand(output, tmp_path, capsys):
    from lmeval.cli import main as lmeval_main

    code = lmeval_main(["zeno-export", "--data_path", str(output), "--project_name", "p",
                        "--output_dir", str(tmp_path / "sub")])
    assert code == 0, capsys.readouterr().err
    assert main(["--data_path", str(output), "--project_name", "p", "--output_dir", str(tmp_path / "script")]) == 0
    for path in (tmp_path / "script").rglob("*.json*"):
        assert (tmp_path / "sub" / path.relative_to(tmp_path / "script")).read_text() == path.read_text()
    capsys.readouterr()
    (tmp_path / "empty" / "m").mkdir(parents=True)
    (tmp_path / "empty" / "m" / "results_2024-01-01T00-00-00.0.json").write_text(json.dumps({"results": {"t": {}}}))
    assert lmeval_main(["zeno-export", "--data_path", str(tmp_path / "empty"), "--project_name", "p"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lmeval: error: ") and "--log_samples" in err and "Traceback" not in err


def test_no_samples_is_an_error_a_person_can_act_on(tmp_path, capsys):
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "results_2024-01-01T00-00-00.0.json").write_text(json.dumps({"results": {"t": {}}}))
    assert main(["--data_path", str(tmp_path), "--project_name", "p"]) == 2
    assert "--log_samples" in capsys.readouterr().err
