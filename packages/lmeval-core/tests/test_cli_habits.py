"""lm-eval 0.4.13's command-line habits in `lmeval run`: --tasks paths, --samples files,
--gen_kwargs in JSON and Python-literal form, three-value --seed, bounds on numeric flags,
'did you mean' for mistyped flags and subcommands, one-line argparse errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from kernel_tasks import calls, write_tasks
from lmeval.cli import main
from lmeval.errors import UsageError
from lmeval.run import options

N_DOCS = 6


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))


@pytest.fixture
def tasks(tmp_path) -> Path:
    return write_tasks(tmp_path / "tasks", n_docs=N_DOCS)


def _run(out: Path, *args: str) -> tuple[dict, dict[str, list[dict]]]:
    code = main(["run", "--model", "dummy", "--output_path", str(out), "--bootstrap_iters", "0",
                 "--log_samples", *args])
    assert code == 0
    (file,) = sorted(out.rglob("results_*.json"))
    samples = {}
    for path in sorted(out.rglob("samples_*.jsonl")):
        task = path.name[len("samples_"):].rsplit("_", 1)[0]
        samples[task] = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    return json.loads(file.read_text(encoding="utf-8")), samples


def _error(capsys, *args: str) -> str:
    """Run, expect exit status 2, return stderr (one line: no usage dump, no traceback)."""
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse's own errors exit from parse_args
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err and "usage:" not in err, err
    return err


# -- --tasks: YAML files, globs, directories ---------------------------------------------------

def test_tasks_takes_a_yaml_file_path(tasks, tmp_path):
    results, samples = _run(tmp_path / "out", "--tasks", str(tasks / "k_mc.yaml"))
    assert set(results["results"]) == {"k_mc"}
    assert len(samples["k_mc"]) == N_DOCS


def test_tasks_takes_several_files_a_glob_and_names_together(tasks, tmp_path):
    single = tmp_path / "single"
    single.mkdir()
    shutil.copy(tasks / "docs.jsonl", single)
    (single / "k_other.yaml").write_text(
        (tasks / "k_mc.yaml").read_text().replace("task: k_mc", "task: k_other"))
    results, _ = _run(tmp_path / "out", "--include_path", str(tasks),
                      "--tasks", f"{tasks}/k_gen*.yaml,k_mc", str(single / "k_other.yaml"))
    assert set(results["results"]) == {"k_gen", "k_mc", "k_other"}


def test_tasks_takes_a_directory_of_yamls(tasks, tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    for name in ("docs.jsonl", "k_mc.yaml", "k_gen.yaml"):
        shutil.copy(tasks / name, folder)
    results, _ = _run(tmp_path / "out", "--tasks", str(folder))
    assert set(results["results"]) == {"k_mc", "k_gen"}


def test_a_task_file_keeps_its_include_and_functions_relative_to_itself(tasks, tmp_path):
    (tasks / "k_child.yaml").write_text("include: k_custom.yaml\ntask: k_child\n")
    # k_custom's process_results is `!function kernel_scorer.explode`, beside the file: it runs
    with pytest.raises(RuntimeError, match="process_results was called"):
        main(["run", "--model", "dummy", "--tasks", str(tasks / "k_child.yaml")])


def test_a_registered_name_wins_over_a_directory_of_that_name(tasks, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k_mc").mkdir()  # an output folder named like the task
    results, _ = _run(tmp_path / "out", "--include_path", str(tasks), "--tasks", "k_mc")
    assert set(results["results"]) == {"k_mc"}


def test_missing_task_file_or_empty_directory_is_a_usage_error(tasks, tmp_path, capsys):
    err = _error(capsys, "run", "--model", "dummy", "--tasks", str(tmp_path / "nope.yaml"))
    assert "nope.yaml" in err
    (tmp_path / "empty").mkdir()
    err = _error(capsys, "run", "--model", "dummy", "--tasks", str(tmp_path / "empty"))
    assert "no *.yaml" in err and "--include_path" in err


# -- --samples ---------------------------------------------------------------------------------

def test_samples_from_a_json_file(tasks, tmp_path):
    file = tmp_path / "pick.json"
    file.write_text('{"k_mc": [1, 4], "k_gen": [0]}')
    log = tmp_path / "calls.log"
    results, samples = _run(tmp_path / "out", "--include_path", str(tasks), "--tasks", "k_mc,k_gen",
                            "--samples", str(file), "--model_args", f"call_log={log}")
    assert [s["doc_id"] for s in samples["k_mc"]] == [1, 4]
    assert [s["doc_id"] for s in samples["k_gen"]] == [0]
    assert results["n-samples"]["k_mc"]["effective"] == 2
    assert calls(log) == {"loglikelihood": 2 * 4, "generate_until": 1}


def test_samples_naming_a_task_not_run_is_a_usage_error(tasks, capsys):
    base = ["run", "--model", "dummy", "--include_path", str(tasks), "--tasks", "k_mc"]
    err = _error(capsys, *base, "--samples", '{"k_mcc": [0]}')
    assert "'k_mcc'" in err and "did you mean 'k_mc'" in err
    err = _error(capsys, *base, "--samples", '{"k_mc": [0], "k_gen": [1]}')
    assert "'k_gen'" in err and "does not evaluate" in err


@pytest.mark.parametrize(("value", "message"), [
    ("{not json", "invalid JSON"),
    ("missing_file.json", "neither JSON nor a file"),
    ('{"k_mc": 3}', "list of document indices"),
    ('{"k_mc": [-1]}', "list of document indices"),
    ('[0, 1]', "expected"),
])
def test_bad_samples_values(tasks, capsys, value, message):
    err = _error(capsys, "run", "--model", "dummy", "--include_path", str(tasks), "--tasks", "k_mc",
                 "--samples", value)
    assert message in err


def test_samples_file_with_bad_json_names_the_line(tmp_path):
    file = tmp_path / "pick.json"
    file.write_text('{\n  "k_mc": [1,\n}\n')
    with pytest.raises(UsageError, match=r"pick.json:3"):
        options.parse_samples(str(file))


# -- --gen_kwargs --------------------------------------------------------------------------------

def test_gen_kwargs_json_with_two_stop_strings(tasks, tmp_path):
    results, samples = _run(tmp_path / "out", "--include_path", str(tasks), "--tasks", "k_gen",
                            "--gen_kwargs", '{"temperature": 0.7, "until": ["hello", "\\n"]}')
    kwargs = samples["k_gen"][0]["arguments"]["gen_args_0"]["arg_1"]
    assert kwargs["until"] == ["hello", "\n"] and kwargs["temperature"] == 0.7
    assert results["config"]["gen_kwargs"] == {"temperature": 0.7, "until": ["hello", "\n"]}


def test_gen_kwargs_python_literals_as_lm_eval(tasks, tmp_path):
    _, samples = _run(tmp_path / "out", "--include_path", str(tasks), "--tasks", "k_gen",
                      "--gen_kwargs", 'until=["hello","Q:"],temperature=0', "top_p=0.9", "do_sample=True")
    kwargs = samples["k_gen"][0]["arguments"]["gen_args_0"]["arg_1"]
    assert kwargs["until"] == ["hello", "Q:"]
    assert kwargs["temperature"] == 0 and kwargs["top_p"] == 0.9 and kwargs["do_sample"] is True


@pytest.mark.parametrize(("words", "expected"), [
    (["temperature=0.5,max_gen_toks=7"], {"temperature": 0.5, "max_gen_toks": 7}),
    (["until=['a, b', 'c']"], {"until": ["a, b", "c"]}),
    (['stop="x,y",n=2'], {"stop": "x,y", "n": 2}),
    (["do_sample=false", "seed=None"], {"do_sample": False, "seed": None}),
    (["text=hello world"], {"text": "hello world"}),
    (['{"until": ["\\n\\n"], "max_gen_toks": 3}'], {"until": ["\n\n"], "max_gen_toks": 3}),
    ([{"temperature": 1}], {"temperature": 1}),
    ({"temperature": 1}, {"temperature": 1}),
])
def test_parse_kv_forms(words, expected):
    assert options.parse_kv(words, "--gen_kwargs") == expected


@pytest.mark.parametrize(("words", "message"), [
    (["temperature"], "expected key=value"),
    (['{"until": [1,}'], "invalid JSON"),
    (['["a"]'], "expected key=value"),
    (["{'single': 1}"], "double quotes"),
])
def test_parse_kv_errors(words, message):
    with pytest.raises(UsageError, match=message):
        options.parse_kv(words, "--gen_kwargs")


# -- --seed ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "seeds"), [
    ("5", [5, 5, 5, 5]),
    ("1,2,3,4", [1, 2, 3, 4]),
    ("1,2,3", [1, 2, 3, 1234]),  # lm-eval: the few-shot seed from the default
    ("None,2,none,4", [None, 2, None, 4]),
    ("None", [None] * 4),
    (" 7 , 8 , 9 ", [7, 8, 9, 1234]),
    (42, [42] * 4),
    ([1, 2, 3, 4], [1, 2, 3, 4]),
])
def test_seed_values(value, seeds):
    assert options.parse_seed(value) == seeds


@pytest.mark.parametrize("value", ["1,2", "1,2,3,4,5", "x", "1,two,3", "1.5", "-1", "0,-5,0",
                                   f"0,{2**32},0"])
def test_bad_seed(value):
    with pytest.raises(UsageError, match="--seed"):
        options.parse_seed(value)


def test_three_seeds_reach_the_results(tasks, tmp_path):
    results, _ = _run(tmp_path / "out", "--include_path", str(tasks), "--tasks", "k_mc",
                      "--seed", "1,2,3")
    config = results["config"]
    assert [config[k] for k in ("random_seed", "numpy_seed", "torch_seed", "fewshot_seed")] == \
        [1, 2, 3, 1234]


# -- numeric bounds --------------------------------------------------------------------------------

@pytest.mark.parametrize(("flag", "value", "message"), [
    ("--num_fewshot", "-1", "--num_fewshot: expected an integer >= 0"),
    ("--limit", "0", "--limit: expected a count >= 1"),
    ("--limit", "-3", "--limit: expected a count >= 1"),
    ("--limit", "inf", "--limit: expected a count >= 1"),
    ("--limit", "nan", "--limit: expected a count >= 1"),
    ("--batch_size", "0", "--batch_size: expected N >= 1"),
    ("--batch_size", "-2", "--batch_size: expected N >= 1"),
    ("--batch_size", "auto:0", "--batch_size"),
    ("--batch_size", "big", "--batch_size"),
    ("--max_batch_size", "0", "--max_batch_size: expected an integer >= 1"),
])
def test_bad_numbers_are_usage_errors_before_the_model_loads(tasks, tmp_path, capsys, flag, value,
                                                             message):
    log = tmp_path / "calls.log"
    err = _error(capsys, "run", "--model", "dummy", "--include_path", str(tasks), "--tasks", "k_mc",
                 "--model_args", f"call_log={log}", flag, value)
    assert message in err
    assert not log.exists()


def test_python_api_checks_the_same_bounds(tasks):
    from lmeval import evaluate

    with pytest.raises(UsageError, match="--num_fewshot"):
        evaluate("dummy", tasks="k_mc", include_path=str(tasks), num_fewshot=-1)
    with pytest.raises(UsageError, match="--limit"):
        evaluate("dummy", tasks="k_mc", include_path=str(tasks), limit=0)


# -- argparse habits ---------------------------------------------------------------------------------

def test_mistyped_flag_gets_did_you_mean(capsys):
    err = _error(capsys, "run", "--model", "dummy", "--tasks", "k_mc", "--num_fewsot", "2")
    assert "unrecognized arguments: --num_fewsot 2" in err and "did you mean '--num_fewshot'" in err
    err = _error(capsys, "--model", "dummy", "--tsks", "k_mc")  # `run` implied
    assert "did you mean '--tasks'" in err
    assert len(err.splitlines()) == 1


def test_mistyped_subcommand_gets_did_you_mean(capsys):
    err = _error(capsys, "valdate", "x.yaml")
    assert "unknown subcommand 'valdate'" in err and "did you mean 'validate'" in err
    err = _error(capsys, "comapre", "a", "b")
    assert "did you mean 'compare'" in err


def test_invalid_choice_gets_did_you_mean(capsys):
    err = _error(capsys, "ls", "tsks")
    assert "invalid choice: 'tsks'" in err and "did you mean 'tasks'" in err


def test_type_error_is_one_line(capsys):
    err = _error(capsys, "run", "--model", "dummy", "--tasks", "k_mc", "--num_fewshot", "five")
    assert len(err.splitlines()) == 1
    assert "--num_fewshot" in err and "invalid int value: 'five'" in err
    assert "lmeval run -h" in err


def test_help_usage_line_lists_every_subcommand(capsys):
    from lmeval.cli import SUBCOMMANDS

    with pytest.raises(SystemExit):
        main(["-h"])
    usage = capsys.readouterr().out.split("\n\n")[0]
    for name in SUBCOMMANDS:
        assert name in usage, (name, usage)


# -- --fewshot_as_multiturn defaults on with a chat template (lm-eval 0.4.13) -----------------------

def test_fewshot_as_multiturn_follows_apply_chat_template(tasks, tmp_path):
    results, _ = _run(tmp_path / "a", "--include_path", str(tasks), "--tasks", "k_gen",
                      "--apply_chat_template", "--num_fewshot", "1")
    assert results["fewshot_as_multiturn"] is True
    results, _ = _run(tmp_path / "b", "--include_path", str(tasks), "--tasks", "k_gen",
                      "--apply_chat_template", "--fewshot_as_multiturn", "false", "--num_fewshot", "1")
    assert results["fewshot_as_multiturn"] is False
    results, _ = _run(tmp_path / "c", "--include_path", str(tasks), "--tasks", "k_gen")
    assert results["fewshot_as_multiturn"] is None  # lm-eval 0.4.13's CLI writes None here


# -- --num_fewshot leaves a task whose config says 0 alone (lm-eval 0.4.13's simple_evaluate) -----

def test_num_fewshot_does_not_override_a_zero_shot_task(tasks, tmp_path, caplog):
    (tasks / "k_zero.yaml").write_text(
        (tasks / "k_gen.yaml").read_text().replace("task: k_gen", "task: k_zero") + "num_fewshot: 0\n")
    results, samples = _run(tmp_path / "out", "--include_path", str(tasks), "--tasks", "k_zero,k_gen",
                            "--num_fewshot", "2")
    assert results["n-shot"] == {"k_zero": 0, "k_gen": 2}
    zero = samples["k_zero"][0]["arguments"]["gen_args_0"]["arg_0"]
    two = samples["k_gen"][0]["arguments"]["gen_args_0"]["arg_0"]
    assert zero.count("Question:") == 1 and two.count("Question:") == 3
    assert "k_zero: num_fewshot is 0 in its config" in caplog.text  # said, not silent


# -- --model_args as a JSON object (lm-eval's MergeDictAction) --------------------------------

def test_model_args_json_object_keeps_nested_values(tasks, tmp_path):
    log = tmp_path / "calls.log"
    args = json.dumps({"call_log": str(log), "seed": 3, "chat_template_args": {"a": 1, "b": [2, 3]}})
    results, _ = _run(tmp_path / "out", "--include_path", str(tasks), "--tasks", "k_mc",
                      "--model_args", args, "--trust_remote_code")
    # as lm-eval: the parsed object is the run's model_args (nested values intact)
    assert results["config"]["model_args"] == {"call_log": str(log), "seed": 3,
                                               "chat_template_args": {"a": 1, "b": [2, 3]},
                                               "trust_remote_code": True}
    assert calls(log) == {"loglikelihood": N_DOCS * 4}


def test_task_metadata_holds_model_args_then_metadata_as_lm_eval(tasks, tmp_path):
    # lm-eval 0.4.13 (CLI and simple_evaluate) merges model_args | --metadata into every task's
    # metadata; measured with lm-eval on g_mc: {'version': 1.0, 'seed': 0, 'pretrained': 'foo/bar',
    # 'k': 1, 'config_source': ...} (config_source, the YAML path, is not written by lmeval)
    results, _ = _run(tmp_path / "out", "--include_path", str(tasks), "--tasks", "k_mc",
                      "--model_args", "seed=0,pretrained=foo/bar", "--metadata", '{"k": 1, "seed": 5}')
    assert results["configs"]["k_mc"]["metadata"] == {"version": 1.0, "seed": 5, "pretrained": "foo/bar",
                                                      "k": 1}
