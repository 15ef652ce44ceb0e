"""`lmeval run` flags end to end (in process, through ``lmeval.cli.main``) with the reference LM
on small local tasks: what reaches the results JSON and the samples JSONL."""

from __future__ import annotations

import hashlib
import json
import pickle
from pathlib import Path

import pytest
from kernel_tasks import calls, docs, write_tasks
from lmeval import evaluator
from lmeval.cli import main

N_DOCS = 10

#: lm-eval 0.4.13's top-level results keys that lmeval writes too (its environment keys —
#: git_hash, pretty_env_info, transformers_version, lm_eval_version, upper_git_hash, the
#: tokenizer_* keys, eot_token_id, max_length — are replaced by lmeval_version, plugins and
#: scheduler; see docs/migrating-from-lm-eval.md)
LM_EVAL_KEYS = {
    "results", "group_subtasks", "configs", "versions", "n-shot", "higher_is_better", "n-samples",
    "config", "date", "task_hashes", "model_source", "model_name", "model_name_sanitized",
    "system_instruction", "system_instruction_sha", "fewshot_as_multiturn", "chat_template",
    "chat_template_sha", "start_time", "end_time", "total_evaluation_time_seconds",
}
LM_EVAL_CONFIG_KEYS = {
    "model", "model_args", "batch_size", "batch_sizes", "device", "use_cache", "limit",
    "bootstrap_iters", "gen_kwargs", "random_seed", "numpy_seed", "torch_seed", "fewshot_seed",
}
#: the fields of one lm-eval 0.4.13 samples line (plus one key per metric)
SAMPLE_FIELDS = {"doc_id", "doc", "target", "arguments", "resps", "filtered_resps", "filter",
                 "metrics", "doc_hash", "prompt_hash", "target_hash"}


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))


@pytest.fixture
def tasks(tmp_path) -> Path:
    return write_tasks(tmp_path / "tasks", n_docs=N_DOCS)


def _run(tasks: Path, out: Path, *args: str) -> tuple[dict, dict[str, list[dict]]]:
    """``lmeval run --model dummy ... --output_path out``; the results JSON and sample lines."""
    code = main(["run", "--model", "dummy", "--include_path", str(tasks),
                 "--output_path", str(out), "--bootstrap_iters", "10", *args])
    assert code == 0
    (file,) = sorted(out.rglob("results_*.json"))
    samples = {}
    for path in sorted(out.rglob("samples_*.jsonl")):
        task = path.name[len("samples_"):].rsplit("_", 1)[0]
        samples[task] = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return json.loads(file.read_text(encoding="utf-8")), samples


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- the results file and the sample lines ---------------------------------------------------

def test_results_json_keys_path_and_sample_lines(tasks, tmp_path, capsys):
    out = tmp_path / "out"
    results, samples = _run(tasks, out, "--model_args", "pretrained=org/tiny-model",
                            "--tasks", "k_group,k_gen", "--log_samples")
    # <output_path>/<model_name_sanitized>/results_<timestamp>.json
    (file,) = out.rglob("results_*.json")
    assert file.parent == out / "org__tiny-model"
    assert results["model_name"] == "org/tiny-model"
    assert results["model_name_sanitized"] == "org__tiny-model"
    assert LM_EVAL_KEYS <= set(results)
    assert {"groups", "lmeval_version", "plugins", "scheduler"} <= set(results)
    assert LM_EVAL_CONFIG_KEYS <= set(results["config"])
    assert results["config"]["model"] == "dummy"
    assert results["config"]["model_args"] == {"pretrained": "org/tiny-model"}  # lm-eval's CLI
    assert set(results["results"]) == {"k_group", "k_mc", "k_mc_twin", "k_gen"}
    assert set(results["groups"]) == {"k_group"}
    assert results["group_subtasks"]["k_group"] == ["k_mc", "k_mc_twin"]
    assert results["n-samples"]["k_mc"] == {"original": N_DOCS, "effective": N_DOCS}
    assert results["versions"]["k_mc"] == 1.0
    assert results["higher_is_better"]["k_mc"] == {"acc": True, "acc_norm": True}
    assert {"acc,none", "acc_stderr,none", "acc_norm,none"} <= set(results["results"]["k_mc"])
    assert "exact_match,none" in results["results"]["k_gen"]
    assert float(results["total_evaluation_time_seconds"]) >= 0
    assert results["end_time"] >= results["start_time"]
    # the table is printed
    assert "|k_mc" in capsys.readouterr().out.replace(" ", "").replace("-", "")

    assert set(samples) == {"k_mc", "k_mc_twin", "k_gen"}
    source = docs(N_DOCS)
    for task, lines in samples.items():
        assert [s["doc_id"] for s in lines] == list(range(N_DOCS))
        for s in lines:
            assert SAMPLE_FIELDS <= set(s), f"{task}: missing {SAMPLE_FIELDS - set(s)}"
            assert s["doc"] == source[s["doc_id"]]
            assert set(s["metrics"]) <= set(s)  # one key per metric, with its value
            prompt = s["arguments"]["gen_args_0"]["arg_0"]
            assert prompt == f"Question: {s['doc']['q']}\nAnswer:"
            # the hashes lm-eval computes
            assert s["doc_hash"] == _sha(json.dumps(s["doc"], indent=2, ensure_ascii=False))
            assert s["prompt_hash"] == _sha(prompt)
            assert s["target_hash"] == _sha(str(s["target"]))
            assert s["filter"] == "none"
        # task_hashes: one hash over the task's doc, prompt and target hashes
        assert results["task_hashes"][task] == _sha("".join(
            s["doc_hash"] + s["prompt_hash"] + s["target_hash"] for s in lines))

    # lm-eval 0.4.13's file layout: arguments keyed gen_args_i/arg_j, values stringified
    mc = samples["k_mc"][3]
    assert mc["target"] == str(3 % 4)
    assert mc["metrics"] == ["acc", "acc_norm"]
    assert mc["acc"] in (0.0, 1.0) and mc["acc_norm"] in (0.0, 1.0)
    assert [a["arg_1"] for a in mc["arguments"].values()] == [" " + c for c in mc["doc"]["choices"]]
    assert list(mc["arguments"]) == [f"gen_args_{i}" for i in range(4)]
    assert len(mc["resps"]) == 4 and all(len(r) == 1 and len(r[0]) == 2 for r in mc["resps"])
    assert all(float(r[0][0]) < 0 and r[0][1] in ("True", "False") for r in mc["resps"])
    assert mc["filtered_resps"] == [r[0] for r in mc["resps"]]
    gen = samples["k_gen"][3]
    assert gen["target"] == gen["doc"]["choices"][gen["doc"]["answer"]]
    assert gen["arguments"] == {"gen_args_0": {"arg_0": gen["arguments"]["gen_args_0"]["arg_0"],
                                               "arg_1": {"until": ["\n"], "do_sample": False}}}
    assert len(gen["resps"]) == 1 and isinstance(gen["resps"][0][0], str)
    assert gen["filtered_resps"] == [gen["resps"][0][0]]
    assert gen["metrics"] == ["exact_match"] and gen["exact_match"] in (0.0, 1.0)


@pytest.mark.parametrize(("model_args", "name"), [
    ("pretrained=org/base", "org/base"),
    ("pretrained=org/base,peft=org/lora", "org/lora"),  # lm-eval: an adapter names the run
    ("delta=org/delta,pretrained=org/base", "org/delta"),
    ("model=gpt-x,engine=e", "gpt-x"),
    ("engine=davinci", "davinci"),
])
def test_model_name_from_model_args_as_lm_eval(tasks, tmp_path, model_args, name):
    out = tmp_path / "out"
    results, _ = _run(tasks, out, "--tasks", "k_mc", "--limit", "2", "--model_args", model_args)
    assert results["model_name"] == name
    assert (out / name.replace("/", "__")).is_dir()


# -- --predict_only ----------------------------------------------------------------------------

def test_predict_only_logs_samples_without_metrics(tasks, tmp_path):
    results, samples = _run(tasks, tmp_path / "out", "--tasks", "k_mc,k_gen", "--predict_only")
    assert set(samples) == {"k_mc", "k_gen"}  # --log_samples implied
    assert all(len(lines) == N_DOCS for lines in samples.values())
    for task in ("k_mc", "k_gen"):
        assert not {k for k in results["results"][task] if k.startswith(("acc", "exact_match"))}
        assert results["higher_is_better"][task] == {"bypass": True}
    # as lm-eval: a generation task reports the bypass placeholder, a multiple-choice one nothing
    assert results["results"]["k_gen"]["bypass,none"] == 999
    assert results["results"]["k_gen"]["bypass_stderr,none"] == "N/A"
    assert results["configs"]["k_gen"]["metric_list"] == [{"metric": "bypass"}]
    assert samples["k_gen"][0]["resps"][0][0].startswith(" The answer is")
    assert samples["k_mc"][0]["metrics"] == [] and len(samples["k_mc"][0]["resps"]) == 4


def test_predict_only_does_not_run_the_tasks_scoring_code(tasks, tmp_path):
    # scoring k_custom raises ...
    with pytest.raises(RuntimeError, match="process_results was called"):
        main(["run", "--model", "dummy", "--include_path", str(tasks), "--tasks", "k_custom"])
    # ... and --predict_only does not score, as in lm-eval (its override drops process_results)
    results, samples = _run(tasks, tmp_path / "out", "--tasks", "k_custom", "--predict_only")
    assert results["results"]["k_custom"]["bypass,none"] == 999
    assert "my_score,none" not in results["results"]["k_custom"]
    assert len(samples["k_custom"]) == N_DOCS


def test_predict_only_needs_an_output_path(tasks, capsys):
    code = main(["run", "--model", "dummy", "--include_path", str(tasks), "--tasks", "k_gen",
                 "--predict_only"])
    assert code == 2
    assert "--output_path" in capsys.readouterr().err


# -- document selection: --samples and --limit ---------------------------------------------

def test_samples_selects_only_those_docs(tasks, tmp_path):
    log = tmp_path / "calls.log"
    results, samples = _run(tasks, tmp_path / "out", "--tasks", "k_mc", "--log_samples",
                            "--model_args", f"call_log={log}", "--samples", '{"k_mc": [0, 2]}')
    assert [s["doc_id"] for s in samples["k_mc"]] == [0, 2]
    assert [s["doc"] for s in samples["k_mc"]] == [docs(N_DOCS)[0], docs(N_DOCS)[2]]
    assert results["n-samples"]["k_mc"] == {"original": N_DOCS, "effective": 2}
    assert results["results"]["k_mc"]["sample_len"] == 2
    assert calls(log) == {"loglikelihood": 2 * 4}


def test_samples_out_of_range_or_with_limit_is_a_usage_error(tasks, capsys):
    base = ["run", "--model", "dummy", "--include_path", str(tasks), "--tasks", "k_mc"]
    assert main([*base, "--samples", '{"k_mc": [0, 99]}']) == 2
    assert "99" in capsys.readouterr().err
    # as lm-eval: --limit and --samples exclude each other
    assert main([*base, "--samples", '{"k_mc": [0, 2]}', "--limit", "5"]) == 2
    assert "--limit" in capsys.readouterr().err
    assert main([*base, "--samples", "{not json"]) == 2


@pytest.mark.parametrize(("limit", "effective"), [("0.5", 5), ("0.25", 3), ("3", 3), ("50", 10)])
def test_limit_count_or_fraction(tasks, tmp_path, limit, effective, capsys):
    results, samples = _run(tasks, tmp_path / "out", "--tasks", "k_mc,k_gen", "--log_samples",
                            "--limit", limit)
    for task in ("k_mc", "k_gen"):  # a fraction rounds up, as lm-eval's ceil(n * limit)
        assert results["n-samples"][task] == {"original": N_DOCS, "effective": effective}
        assert [s["doc_id"] for s in samples[task]] == list(range(effective))
    assert results["config"]["limit"] == float(limit)
    assert "--limit should only be used for testing" in capsys.readouterr().err


# -- --seed, --metadata, --gen_kwargs ---------------------------------------------------------

def test_seed_four_values_and_one_value(tasks, tmp_path):
    results, _ = _run(tasks, tmp_path / "a", "--tasks", "k_mc", "--seed", "1,2,3,4")
    config = results["config"]
    assert (config["random_seed"], config["numpy_seed"], config["torch_seed"],
            config["fewshot_seed"]) == (1, 2, 3, 4)
    results, _ = _run(tasks, tmp_path / "b", "--tasks", "k_mc", "--seed", "5")
    config = results["config"]
    assert (config["random_seed"], config["numpy_seed"], config["torch_seed"],
            config["fewshot_seed"]) == (5, 5, 5, 5)
    results, _ = _run(tasks, tmp_path / "c", "--tasks", "k_mc", "--seed", "None,2,3,4")
    assert results["config"]["random_seed"] is None
    results, _ = _run(tasks, tmp_path / "d", "--tasks", "k_mc")  # lm-eval's defaults
    config = results["config"]
    assert (config["random_seed"], config["numpy_seed"], config["torch_seed"],
            config["fewshot_seed"]) == (0, 1234, 1234, 1234)


def test_bad_seed_is_a_usage_error(tasks):
    assert main(["run", "--model", "dummy", "--include_path", str(tasks), "--tasks", "k_mc",
                 "--seed", "1,2"]) == 2


def test_metadata_reaches_the_task_config(tasks, tmp_path):
    results, _ = _run(tasks, tmp_path / "out", "--tasks", "k_mc,k_gen",
                      "--metadata", '{"k": 1, "max_seq_lengths": "0k,1k"}')
    # merged into each task's metadata; the task's own version stays
    assert results["configs"]["k_mc"]["metadata"] == {"version": 1.0, "k": 1,
                                                      "max_seq_lengths": "0k,1k"}
    assert results["configs"]["k_gen"]["metadata"] == {"k": 1, "max_seq_lengths": "0k,1k"}
    assert results["versions"]["k_mc"] == 1.0


def test_gen_kwargs_override_the_tasks_generation_kwargs(tasks, tmp_path):
    results, samples = _run(tasks, tmp_path / "out", "--tasks", "k_gen,k_mc", "--log_samples",
                            "--gen_kwargs", "do_sample=true,temperature=0.5,max_gen_toks=7")
    expected = {"until": ["\n"], "do_sample": True, "temperature": 0.5, "max_gen_toks": 7}
    for s in samples["k_gen"]:
        assert s["arguments"]["gen_args_0"]["arg_1"] == expected
    assert results["configs"]["k_gen"]["generation_kwargs"] == expected
    assert results["config"]["gen_kwargs"] == {"do_sample": True, "temperature": 0.5,
                                               "max_gen_toks": 7}
    # loglikelihood tasks are untouched
    assert "generation_kwargs" not in results["configs"]["k_mc"] or \
        not results["configs"]["k_mc"]["generation_kwargs"]
    assert all(len(a) == 2 and isinstance(a["arg_1"], str)
               for a in samples["k_mc"][0]["arguments"].values())


def test_gen_kwargs_space_separated(tasks, tmp_path):
    _, samples = _run(tasks, tmp_path / "out", "--tasks", "k_gen", "--log_samples",
                      "--gen_kwargs", "temperature=0", "max_gen_toks=3")
    assert samples["k_gen"][0]["arguments"]["gen_args_0"]["arg_1"] == {
        "until": ["\n"], "do_sample": False, "temperature": 0, "max_gen_toks": 3}


# -- --cache_requests ----------------------------------------------------------------------------

def test_cache_requests_true_refresh_delete(tasks, tmp_path, monkeypatch):
    built: list[str] = []
    real = evaluator.build_instances

    def counting(task, **kw):
        built.append(task.name)
        return real(task, **kw)

    monkeypatch.setattr(evaluator.requests, "build_instances", counting)
    requests_dir = tmp_path / "lmeval-cache" / "requests"
    args = ("--tasks", "k_mc,k_gen", "--limit", "4")

    def run(name, *extra):
        built.clear()
        results, _ = _run(tasks, tmp_path / name, *args, *extra)
        return sorted(built), results

    names, first = run("a", "--cache_requests", "true")
    assert names == ["k_gen", "k_mc"]
    files = sorted(requests_dir.glob("*.pkl"))
    assert [f.name.split("-")[0] for f in files] == ["k_gen", "k_mc"]

    names, again = run("b", "--cache_requests")  # no value means true: read, nothing rebuilt
    assert names == []
    assert again["results"] == first["results"]

    for f in files:  # spoil the files: refresh must rebuild and overwrite them
        f.write_bytes(pickle.dumps("stale"))
    names, refreshed = run("c", "--cache_requests", "refresh")
    assert names == ["k_gen", "k_mc"]
    assert refreshed["results"] == first["results"]
    for f in files:
        ids, instances = pickle.loads(f.read_bytes())
        assert ids == [0, 1, 2, 3] and instances

    names, _ = run("d", "--cache_requests", "delete")
    assert names == ["k_gen", "k_mc"]
    assert not requests_dir.exists()  # removed, and nothing written

    names, _ = run("e")  # without the flag nothing is read or written
    assert names == ["k_gen", "k_mc"] and not requests_dir.exists()

    assert main(["run", "--model", "dummy", "--include_path", str(tasks), "--tasks", "k_mc",
                 "--cache_requests", "sometimes"]) == 2


def test_cache_requests_key_follows_the_document_selection(tasks, tmp_path, monkeypatch):
    built: list[str] = []
    real = evaluator.build_instances
    monkeypatch.setattr(evaluator.requests, "build_instances",
                        lambda task, **kw: built.append(task.name) or real(task, **kw))
    _run(tasks, tmp_path / "a", "--tasks", "k_mc", "--limit", "4", "--cache_requests", "true")
    _, samples = _run(tasks, tmp_path / "b", "--tasks", "k_mc", "--limit", "6", "--log_samples",
                      "--cache_requests", "true")
    assert built == ["k_mc", "k_mc"]  # another limit is another key
    assert len(samples["k_mc"]) == 6


# -- --config ------------------------------------------------------------------------------------

def test_config_file_with_cli_overrides(tasks, tmp_path):
    out = tmp_path / "out"
    config = tmp_path / "run.yaml"
    config.write_text(
        "model: dummy\n"
        "tasks: k_mc,k_gen\n"
        f"include_path: {tasks.name}\n"  # relative to the config file
        "limit: 4\n"
        "seed: 7\n"
        "log_samples: true\n"
        f"output_path: {out}\n"
        "gen_kwargs: max_gen_toks=9\n", encoding="utf-8")

    assert main(["run", "--config", str(config)]) == 0
    (file,) = out.rglob("results_*.json")
    from_file = json.loads(file.read_text())
    assert from_file["config"]["limit"] == 4
    assert from_file["config"]["random_seed"] == 7 and from_file["config"]["fewshot_seed"] == 7
    assert from_file["n-samples"]["k_mc"]["effective"] == 4
    assert from_file["configs"]["k_gen"]["generation_kwargs"]["max_gen_toks"] == 9
    file.unlink()

    # command-line values win over the file's
    assert main(["run", "--config", str(config), "--limit", "2", "--seed", "3",
                 "--gen_kwargs", "max_gen_toks=5", "--tasks", "k_gen"]) == 0
    (file,) = out.rglob("results_*.json")
    overridden = json.loads(file.read_text())
    assert overridden["config"]["limit"] == 2
    assert overridden["n-samples"] == {"k_gen": {"original": N_DOCS, "effective": 2}}
    assert overridden["config"]["random_seed"] == 3
    assert overridden["configs"]["k_gen"]["generation_kwargs"]["max_gen_toks"] == 5
    assert overridden["config"]["model"] == "dummy"  # not overridden: still the file's


def test_config_file_unknown_option_is_located(tasks, tmp_path, capsys):
    config = tmp_path / "run.yaml"
    config.write_text("model: dummy\ntasks: k_mc\nlimitt: 4\n", encoding="utf-8")
    assert main(["run", "--config", str(config), "--include_path", str(tasks)]) == 2
    err = capsys.readouterr().err
    assert "run.yaml:3" in err and "limitt" in err and "limit" in err
