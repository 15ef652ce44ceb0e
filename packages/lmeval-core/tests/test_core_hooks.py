"""One test per hook of lmeval.hookspecs, named ``test_<hook>``: a plugin module implements the
hook and a real run (the reference LM on a small task) shows its effect. test_docs_hooks.py
checks that every hook has such a test."""

from __future__ import annotations

import json
import logging
import sys
import types
from pathlib import Path

import lmeval
import pytest
import yaml
from lmeval.hookspecs import hookimpl
from lmeval.testing import plugin_manager

DOCS = [
    {"question": "What is 2 plus 2", "answer": "4", "choices": ["3", "4", "5"], "label": 1},
    {"question": "What is 3 plus 5", "answer": "8", "choices": ["8", "9", "6"], "label": 0},
    {"question": "What is 1 plus 6", "answer": "7", "choices": ["6", "8", "7"], "label": 2},
    {"question": "What is 4 plus 4", "answer": "8", "choices": ["7", "8", "9"], "label": 1},
]


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("LMEVAL_DATASETS_DIR", raising=False)


def _plugin(name: str, **hooks) -> types.ModuleType:
    """A plugin module named ``name`` whose attributes are the given hook implementations."""
    module = types.ModuleType(name)
    for hook_name, fn in hooks.items():
        setattr(module, hook_name, hookimpl(fn))
    return module


def _task(directory: Path, name: str, **fields) -> Path:
    """A task YAML over DOCS (a local jsonl file) with ``fields`` on top."""
    directory.mkdir(parents=True, exist_ok=True)
    data = directory / "data.jsonl"
    if not data.exists():
        data.write_text("".join(json.dumps(d) + "\n" for d in DOCS), encoding="utf-8")
    config = {"task": name, "dataset_path": "json",
              "dataset_kwargs": {"data_files": {"test": "data.jsonl", "train": "data.jsonl"}},
              "test_split": "test", "doc_to_text": "Question: {{question}}?\nAnswer:",
              "doc_to_target": "answer", **fields}
    path = directory / f"{name}.yaml"
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return directory


def _evaluate(pm, tasks, include_path=None, **kw):
    return lmeval.evaluate("dummy", tasks=tasks, include_path=include_path and str(include_path),
                           log_samples=True, plugins=pm, **kw)


# ---------------------------------------------------------------------------- contribution


def test_lmeval_register_models(tmp_path):
    received = []

    def factory(**kwargs):
        received.append(kwargs)
        from lmeval.testing import ReferenceLM

        return ReferenceLM(**kwargs)

    def lmeval_register_models(register):
        register("hook-lm", factory, aliases=("hook-lm-alias",))
        register("lazy-lm", "lmeval_no_such_backend_module:LM")

    pm = plugin_manager(_plugin("hook_models", lmeval_register_models=lmeval_register_models))
    assert {"hook-lm", "hook-lm-alias", "lazy-lm", "dummy"} <= set(pm.models.names())
    assert pm.models.get("hook-lm-alias").name == "hook-lm"
    assert pm.models.get("lazy-lm").plugin == "hook_models"
    # a "module:attr" factory is imported on first use only
    assert "lmeval_no_such_backend_module" not in sys.modules
    with pytest.raises(ModuleNotFoundError):
        pm.model_factory("lazy-lm")
    out = lmeval.evaluate("hook-lm-alias", "seed=3", tasks=["hk_gen"], batch_size=4, plugins=pm,
                          include_path=str(_task(tmp_path, "hk_gen")))
    assert received == [{"seed": 3, "batch_size": 4}]  # model args parsed, CLI extras added
    assert out["config"]["model"] == "hook-lm-alias"
    assert "exact_match,none" in out["results"]["hk_gen"]


def test_lmeval_register_task_sources(tmp_path):
    pack = _task(tmp_path / "pack", "hk_from_pack")

    def lmeval_register_task_sources(register):
        register(pack)

    pm = plugin_manager(_plugin("hook_tasks", lmeval_register_task_sources=lmeval_register_task_sources))
    assert (pack, "local") in pm.task_sources()
    out = _evaluate(pm, ["hk_from_pack"])  # no include_path: the plugin's directory is found
    assert out["n-samples"]["hk_from_pack"] == {"original": 4, "effective": 4}


def test_lmeval_register_metrics(tmp_path):
    def prediction_length(references, predictions, **kwargs):
        return float(len(predictions[0]))

    def lmeval_register_metrics(register):
        register("prediction_length", prediction_length, aggregation="mean", higher_is_better=False)

    pm = plugin_manager(_plugin("hook_metrics", lmeval_register_metrics=lmeval_register_metrics))
    tasks = _task(tmp_path, "hk_metric", metric_list=[{"metric": "prediction_length"}])
    out = _evaluate(pm, ["hk_metric"], tasks)
    samples = out["samples"]["hk_metric"]
    lengths = [len(s["filtered_resps"][0]) for s in samples]
    assert [s["prediction_length"] for s in samples] == lengths
    assert out["results"]["hk_metric"]["prediction_length,none"] == pytest.approx(sum(lengths) / len(lengths))
    assert out["higher_is_better"]["hk_metric"] == {"prediction_length": False}


def test_lmeval_register_aggregations(tmp_path):
    def lmeval_register_aggregations(register):
        register("maximum", max)

    pm = plugin_manager(_plugin("hook_aggs", lmeval_register_aggregations=lmeval_register_aggregations))
    tasks = _task(tmp_path, "hk_agg", output_type="loglikelihood",
                  metric_list=[{"metric": "perplexity", "aggregation": "maximum"}])
    out = _evaluate(pm, ["hk_agg"], tasks)
    values = [s["perplexity"] for s in out["samples"]["hk_agg"]]
    assert len(set(values)) > 1  # so that max differs from other aggregations
    assert out["results"]["hk_agg"]["perplexity,none"] == max(values)


def test_lmeval_register_filters(tmp_path):
    class LastWord:
        def __init__(self, strip: str = "") -> None:
            self.strip = strip

        def apply(self, resps, docs):
            return [[r.split()[-1].strip(self.strip) if r.split() else r for r in rs] for rs in resps]

    def lmeval_register_filters(register):
        register("last_word", LastWord)

    pm = plugin_manager(_plugin("hook_filters", lmeval_register_filters=lmeval_register_filters))
    tasks = _task(tmp_path, "hk_filter", filter_list=[
        {"name": "last", "filter": [{"function": "last_word", "strip": "."}, {"function": "take_first"}]}])
    out = _evaluate(pm, ["hk_filter"], tasks)
    for s in out["samples"]["hk_filter"]:
        raw = s["resps"][0][0]  # the reference LM answers " The answer is N."
        assert s["filtered_resps"][0] == raw.split()[-1].rstrip(".")
        assert s["exact_match"] == float(s["filtered_resps"][0] == s["target"])
    assert "exact_match,last" in out["results"]["hk_filter"]
    bad = _task(tmp_path / "bad", "hk_filter_bad", filter_list=[
        {"name": "last", "filter": [{"function": "last_word", "strp": "."}]}])
    with pytest.raises(lmeval.errors.UsageError, match="did you mean 'strip'"):
        _evaluate(pm, ["hk_filter_bad"], bad)


def test_lmeval_register_samplers(tmp_path):
    made = []

    class LastN:
        def __init__(self, docs, *, rnd, fewshot_indices):
            self.docs = list(docs)
            made.append(rnd)

        def sample(self, n, eval_doc=None):
            return [d for d in self.docs if d != eval_doc][-n:]

    def lmeval_register_samplers(register):
        register("last_n", LastN)

    pm = plugin_manager(_plugin("hook_samplers", lmeval_register_samplers=lmeval_register_samplers))
    tasks = _task(tmp_path, "hk_sampler", num_fewshot=2, fewshot_split="train",
                  fewshot_config={"sampler": "last_n"})
    out = _evaluate(pm, ["hk_sampler"], tasks)
    first = out["samples"]["hk_sampler"][0]["arguments"][0][0]
    assert first == ("Question: What is 1 plus 6?\nAnswer: 7\n\n"
                     "Question: What is 4 plus 4?\nAnswer: 8\n\n"
                     "Question: What is 2 plus 2?\nAnswer:")
    assert made == [1234]  # the few-shot seed


def test_lmeval_register_dataset_loaders(tmp_path, monkeypatch):
    calls = []

    def load(dataset_path, dataset_name, **dataset_kwargs):
        calls.append((dataset_path, dataset_name, dataset_kwargs))
        return {"test": DOCS[: dataset_kwargs["size"]]}

    def lmeval_register_dataset_loaders(register):
        register("hook-source", load)

    # an offline mirror holding the same dataset: the plugin loader still wins
    mirror = tmp_path / "mirror" / "hook-source" / "cfg"
    mirror.mkdir(parents=True)
    (mirror / "test.jsonl").write_text(json.dumps(DOCS[0]) + "\n", encoding="utf-8")
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(tmp_path / "mirror"))
    pm = plugin_manager(_plugin("hook_loaders", lmeval_register_dataset_loaders=lmeval_register_dataset_loaders))
    tasks = _task(tmp_path / "tasks", "hk_loader", dataset_path="hook-source", dataset_name="cfg",
                  dataset_kwargs={"size": 3})
    out = _evaluate(pm, ["hk_loader"], tasks)
    assert calls == [("hook-source", "cfg", {"size": 3})]
    assert out["n-samples"]["hk_loader"] == {"original": 3, "effective": 3}
    assert [s["doc"] for s in out["samples"]["hk_loader"]] == DOCS[:3]


def _run_main(pm, argv):
    from lmeval.cli import main
    from lmeval.plugins import set_plugin_manager

    set_plugin_manager(pm)
    try:
        return main(argv)
    finally:
        set_plugin_manager(None)


def _recording_reporters(reports, fail=()):
    """A plugin registering reporters that record what they get (those in ``fail`` raise)."""
    def make(name):
        class Reporter:
            def __init__(self, **kwargs):
                self.kwargs = kwargs

            def report(self, results, samples):
                if name in fail:
                    raise RuntimeError(f"{name} cannot reach its server")
                reports.append((name, self.kwargs, results, samples))
        return Reporter

    def lmeval_register_reporters(register):
        for name in ("hook-reporter", "wandb", "hf_hub", "broken-reporter"):
            register(name, make(name))

    return _plugin("hook_reporters", lmeval_register_reporters=lmeval_register_reporters)


def test_lmeval_register_reporters(tmp_path, capsys):
    reports = []
    pm = plugin_manager(_recording_reporters(reports))
    code = _run_main(pm, ["run", "--model", "dummy", "--tasks", "hk_report", "--include_path",
                          str(_task(tmp_path, "hk_report")), "--output_path", str(tmp_path / "out"),
                          "--log_samples", "--reporter", "hook-reporter:project=demo,runs=2"])
    assert code == 0, capsys.readouterr().err
    [(name, kwargs, results, samples)] = reports
    assert name == "hook-reporter"
    assert kwargs == {"project": "demo", "runs": 2}  # the k=v,... became the factory's kwargs
    assert "exact_match,none" in results["results"]["hk_report"]
    assert len(samples["hk_report"]) == len(DOCS)


def test_lmeval_register_reporters_lm_eval_flags_are_aliases(tmp_path, capsys):
    """--wandb_args X is --reporter wandb:X (with --wandb_config_args as config_args), and
    --hf_hub_log_args X is --reporter hf_hub:X, whichever plugin registers those names."""
    reports = []
    pm = plugin_manager(_recording_reporters(reports))
    base = ["run", "--model", "dummy", "--tasks", "hk_alias", "--include_path",
            str(_task(tmp_path, "hk_alias"))]
    code = _run_main(pm, [*base, "--wandb_args", "project=demo", "--wandb_config_args", "team=evals",
                          "--hf_hub_log_args", "hub_results_org=me,public_repo=False"])
    assert code == 0, capsys.readouterr().err
    assert sorted((name, kwargs) for name, kwargs, _, _ in reports) == [
        ("hf_hub", {"hub_results_org": "me", "public_repo": False}),
        ("wandb", {"project": "demo", "config_args": {"team": "evals"}}),
    ]
    capsys.readouterr()
    # the flags need the reporter installed; nothing here names a package
    code = _run_main(plugin_manager(), [*base, "--wandb_args", "project=demo"])
    err = capsys.readouterr().err
    assert code == 2 and "--wandb_args: this flag means --reporter wandb:..." in err
    assert "no installed plugin registers a reporter 'wandb'" in err
    code = _run_main(pm, [*base, "--wandb_config_args", "team=evals"])
    assert code == 2 and "--wandb_config_args needs the wandb reporter" in capsys.readouterr().err
    # the same choices from a --config file: one --reporter as a string, the alias as a mapping
    reports.clear()
    config = tmp_path / "run.yaml"
    config.write_text("reporter: hook-reporter:project=x\nwandb_args: {project: demo}\n")
    assert _run_main(pm, [*base, "--config", str(config)]) == 0, capsys.readouterr().err
    assert sorted((name, kwargs) for name, kwargs, _, _ in reports) == [
        ("hook-reporter", {"project": "x"}), ("wandb", {"project": "demo"})]


def test_lmeval_register_reporters_a_failing_reporter_never_hides_the_results(tmp_path, capsys):
    reports = []
    pm = plugin_manager(_recording_reporters(reports, fail={"broken-reporter"}))
    out = tmp_path / "out"
    code = _run_main(pm, ["run", "--model", "dummy", "--tasks", "hk_fail", "--include_path",
                          str(_task(tmp_path, "hk_fail")), "--output_path", str(out),
                          "--reporter", "broken-reporter", "--reporter", "hook-reporter"])
    captured = capsys.readouterr()
    assert code == 1  # the run is complete, but a reporter failed: not a silent success
    assert "hk_fail" in captured.out and "exact_match" in captured.out  # the table
    assert list(out.rglob("results_*.json"))  # the results file
    assert [name for name, *_ in reports] == ["hook-reporter"]  # the next reporter still ran
    [line] = [x for x in captured.err.splitlines() if "broken-reporter" in x]
    assert line == ("lmeval: error: reporter 'broken-reporter' failed: RuntimeError: "
                    "broken-reporter cannot reach its server (the results above are complete)")


def _halves_executor(calls):
    """An executor's stand-in LM: two in-process replicas of the backend, each answering half
    of every call, with the backend's own cache identity."""
    from lmeval.evaluator.run import build_model
    from lmeval.plugins import PluginManager
    from lmeval.protocol import LM

    class Halves(LM):
        def __init__(self, model, model_args, run_options, *, replicas=2):
            super().__init__()
            pm = PluginManager(autoload=False)
            self.parts = [build_model(pm, model, dict(model_args),
                                      batch_size=run_options["batch_size"]) for _ in range(replicas)]
            calls.append(("built", model, dict(model_args), replicas))

        def identity(self):
            return self.parts[0].identity()

        def _split(self, kind, requests):
            half = len(requests) // 2
            calls.append((kind, len(requests)))
            return [*getattr(self.parts[0], kind)(requests[:half]),
                    *getattr(self.parts[1], kind)(requests[half:])]

        def loglikelihood(self, requests):
            return self._split("loglikelihood", requests)

        def generate_until(self, requests):
            return self._split("generate_until", requests)

    return Halves


def test_lmeval_register_executors(tmp_path):
    """--executor name:k=v: the plugin's LM answers every call; the scores, samples and cache
    are those of the backend in one process, and the cache is shared both ways."""
    from lmeval.errors import UsageError

    calls: list = []

    def lmeval_register_executors(register):
        register("halves", _halves_executor(calls))

    pm = plugin_manager(_plugin("hook_executors", lmeval_register_executors=lmeval_register_executors))
    where = _task(tmp_path, "hk_exec", output_type="multiple_choice", doc_to_choice="{{choices}}",
                  doc_to_target="label", metric_list=[{"metric": "acc"}])
    single = _evaluate(pm, "hk_exec", where, use_cache=str(tmp_path / "c1"))
    spread = _evaluate(pm, "hk_exec", where, executor="halves:replicas=2",
                       use_cache=str(tmp_path / "c2"))
    assert calls[0] == ("built", "dummy", {}, 2) and ("loglikelihood", 12) in calls
    assert spread["results"] == single["results"]
    strip = lambda rows: [{k: v for k, v in r.items() if k != "doc_hash"} for r in rows]  # noqa: E731
    assert strip(spread["samples"]["hk_exec"]) == strip(single["samples"]["hk_exec"])
    calls.clear()  # the single-process cache answers the executor's run: nothing computed
    again = _evaluate(pm, "hk_exec", where, executor="halves", use_cache=str(tmp_path / "c1"))
    assert again["results"] == single["results"] and [c[0] for c in calls] == ["built"]
    with pytest.raises(UsageError, match=r"no option 'replica' \(did you mean 'replicas'"):
        _evaluate(pm, "hk_exec", where, executor="halves:replica=3")
    with pytest.raises(UsageError, match=r"unknown executor 'halfs' \(did you mean 'halves'"):
        _evaluate(pm, "hk_exec", where, executor="halfs")
    with pytest.raises(UsageError, match="needs lmeval-ray, which is not installed: pip install lmeval-ray"):
        _evaluate(pm, "hk_exec", where, executor="ray:replicas=2")


def test_lmeval_register_commands(tmp_path, capsys, monkeypatch):
    calls = []
    module = types.ModuleType("hook_command_impl")

    def command(parser):
        parser.add_argument("--times", type=int, default=1)

        def handler(args):
            calls.append(args.times)
            print("hello " * args.times)
            return 3

        return handler

    module.command = command
    monkeypatch.setitem(sys.modules, "hook_command_impl", module)
    sys.modules.pop("hook_command_lazy", None)

    def lmeval_register_commands(register):
        register("hello", "hook_command_impl:command", help="say hello", aliases=("hi",))
        register("never-run", "hook_command_lazy:command", help="its module does not exist")

    pm = plugin_manager(_plugin("hook_commands", lmeval_register_commands=lmeval_register_commands))
    assert _run_main(pm, ["hello", "--times", "2"]) == 3  # the handler's result is the exit status
    assert _run_main(pm, ["hi"]) == 3
    assert calls == [2, 1]
    assert "hook_command_lazy" not in sys.modules  # registered, listed, never imported
    with pytest.raises(SystemExit):
        _run_main(pm, ["--help"])
    listing = capsys.readouterr().out
    assert "hello" in listing and "say hello" in listing and "never-run" in listing
    assert "hook_command_lazy" not in sys.modules
    # a mistyped subcommand suggests the plugin's too; a flag it lacks is one line, exit 2
    assert _run_main(pm, ["helo"]) == 2
    assert "did you mean 'hello'" in capsys.readouterr().err
    assert _run_main(pm, ["hello", "--tims", "2"]) == 2
    assert "did you mean '--times'" in capsys.readouterr().err
    # a plugin that failed to load may be the one that has the subcommand: say so
    pm.failed["broken-dist"] = "ImportError: no module named 'x'"
    assert _run_main(pm, ["broken-command"]) == 2
    assert "plugins that failed to load: broken-dist" in capsys.readouterr().err
    del pm.failed["broken-dist"]
    # a command whose module is missing fails in one line naming the plugin
    assert _run_main(pm, ["never-run"]) == 1
    err = capsys.readouterr().err
    assert "subcommand 'never-run' of plugin 'hook_commands'" in err and "Traceback" not in err


def test_lmeval_register_commands_cannot_take_a_core_subcommand(capsys):
    def lmeval_register_commands(register):
        register("ls", "hook_command_impl:command")

    pm = plugin_manager(_plugin("hook_shadow", lmeval_register_commands=lmeval_register_commands))
    assert _run_main(pm, ["anything"]) == 1
    err = capsys.readouterr().err
    assert "plugin 'hook_shadow'" in err and "'ls': that is lmeval's own" in err
    assert _run_main(pm, ["ls", "aggregations"]) == 0  # the core's ls never asks plugins for commands


# one misspelled keyword per contribution hook: refused, naming the plugin and the closest keyword
_MISSPELLED = {
    "lmeval_register_models": (("m", object), {"alias": ("x",)}, "aliases"),
    "lmeval_register_task_sources": ((".",), {"name": "pack"}, None),
    "lmeval_register_metrics": (("m", len), {"higer_is_better": False}, "higher_is_better"),
    "lmeval_register_aggregations": (("a", max), {"aliases": "x"}, None),
    "lmeval_register_filters": (("f", object), {"cli_flag": "x"}, None),
    "lmeval_register_samplers": (("s", object), {"aliasses": ()}, "aliases"),
    "lmeval_register_dataset_loaders": (("d", dict), {"split": "test"}, None),
    "lmeval_register_reporters": (("r", object), {"cli_flag": "wandb_args"}, None),
    "lmeval_register_commands": (("c", "m:f"), {"hepl": "x"}, "help"),
}


@pytest.mark.parametrize("hook", sorted(_MISSPELLED))
def test_register_callbacks_refuse_unknown_keywords(hook):
    from lmeval.errors import PluginError

    args, kwargs, closest = _MISSPELLED[hook]

    def impl(register):
        register(*args, **kwargs)

    impl.__name__ = hook
    pm = plugin_manager(_plugin("careless_plugin", **{hook: impl}))
    kind = {"lmeval_register_dataset_loaders": "dataset_loaders"}.get(hook, hook.rsplit("_", 1)[1])
    with pytest.raises(PluginError) as err:
        pm.task_sources() if kind == "sources" else getattr(pm, kind)
    message = str(err.value)
    assert message.startswith(f"plugin 'careless_plugin' (local) called register() of {hook}")
    if closest:
        assert f"did you mean '{closest}'" in message
    if "aliases" in kwargs:  # a bare string would register one alias per letter
        assert "a list of names, not a string" in message
    else:
        assert f"unknown keyword {next(iter(kwargs))!r}" in message


def test_register_callbacks_refuse_missing_and_extra_arguments():
    from lmeval.errors import PluginError

    def lmeval_register_filters(register):
        register("only-a-name")

    pm = plugin_manager(_plugin("short_plugin", lmeval_register_filters=lmeval_register_filters))
    with pytest.raises(PluginError, match=r"plugin 'short_plugin' \(local\) called register\(\) of "
                                          r"lmeval_register_filters wrongly \(missing a required argument: 'factory'\)"):
        pm.filters  # noqa: B018

    def lmeval_register_metrics(register):
        register("m", len, "max")  # the aggregation must be named

    pm = plugin_manager(_plugin("positional_plugin", lmeval_register_metrics=lmeval_register_metrics))
    with pytest.raises(PluginError, match="too many positional arguments"):
        pm.metrics  # noqa: B018


# ------------------------------------------------------------------------------- observers


@pytest.fixture
def observed(tmp_path):
    events = []

    def lmeval_run_start(config):
        events.append(("run_start", config))

    def lmeval_task_end(task_name, metrics):
        events.append(("task_end", task_name, metrics))

    def lmeval_run_end(results):
        events.append(("run_end", results))

    pm = plugin_manager(_plugin("hook_observer", lmeval_run_start=lmeval_run_start,
                                lmeval_task_end=lmeval_task_end, lmeval_run_end=lmeval_run_end))
    _task(tmp_path, "hk_obs_gen")
    tasks = _task(tmp_path, "hk_obs_mc", output_type="multiple_choice", doc_to_choice="choices",
                  doc_to_target="label")
    out = _evaluate(pm, ["hk_obs_gen", "hk_obs_mc"], tasks)
    return events, out


def test_lmeval_run_start(observed):
    events, _ = observed
    assert [e[0] for e in events] == ["run_start", "task_end", "task_end", "run_end"]
    assert events[0][1] == {"model": "dummy", "tasks": ["hk_obs_gen", "hk_obs_mc"]}


def test_lmeval_task_end(observed):
    events, out = observed
    ends = {e[1]: e[2] for e in events if e[0] == "task_end"}
    assert set(ends) == {"hk_obs_gen", "hk_obs_mc"}
    for name, metrics in ends.items():
        # the written row also carries lm-eval's "name" key, a label added when results are assembled
        assert metrics == {k: v for k, v in out["results"][name].items() if k != "name"}
        assert out["results"][name]["name"] == name
    assert "acc,none" in ends["hk_obs_mc"]


def test_lmeval_run_end(observed):
    events, out = observed
    assert events[-1][0] == "run_end"
    assert events[-1][1] is out  # the finished results, config included
    assert events[-1][1]["config"]["model"] == "dummy"


def test_lmeval_run_end_failing_observers_are_logged_and_the_run_goes_on(tmp_path, caplog):
    def boom(**_):
        raise RuntimeError("observer broke")

    def lmeval_run_start(config):
        boom()

    def lmeval_task_end(task_name, metrics):
        boom()

    def lmeval_run_end(results):
        boom()

    pm = plugin_manager(_plugin("broken_observer", lmeval_run_start=lmeval_run_start,
                                lmeval_task_end=lmeval_task_end, lmeval_run_end=lmeval_run_end))
    with caplog.at_level(logging.WARNING, logger="lmeval"):
        out = _evaluate(pm, ["hk_broken"], _task(tmp_path, "hk_broken"))
    assert "exact_match,none" in out["results"]["hk_broken"]
    failures = [r.getMessage() for r in caplog.records if "observer broke" in r.getMessage()]
    assert len(failures) == 3
    for hook in ("lmeval_run_start", "lmeval_task_end", "lmeval_run_end"):
        assert any("broken_observer" in m and hook in m for m in failures), hook


def test_misspelled_hookimpl_fails_at_registration():
    """Registered by hand (tests, --plugins): an error naming the closest hook. An installed
    plugin is disabled with a warning instead (tests/test_plugin_broken.py)."""
    from lmeval.errors import PluginError

    def lmeval_register_model(register):  # missing "s"
        pass

    with pytest.raises(PluginError, match="did you mean 'lmeval_register_models'"):
        plugin_manager(_plugin("typo_plugin", lmeval_register_model=lmeval_register_model))


def test_an_optional_hook_of_a_newer_lmeval_is_accepted():
    """pluggy's way to implement a hook this lmeval does not have yet: @hookimpl(optionalhook=True)."""
    import types

    from lmeval.hookspecs import hookimpl
    from lmeval.plugins import PluginManager

    def lmeval_register_future_things(register):
        pass

    module = types.ModuleType("future_plugin")
    module.lmeval_register_future_things = hookimpl(optionalhook=True)(lmeval_register_future_things)
    pm = PluginManager(autoload=False)
    pm.register(module, name="future_plugin")
    pm.pm.check_pending()
    assert "future_plugin" in [name for name, _, _ in pm.plugins()]
