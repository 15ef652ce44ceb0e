"""``RunConfig``: the frozen, checked options ``lmeval.evaluate`` hands to every phase."""

from __future__ import annotations

import dataclasses
import inspect

import pytest
from lmeval.errors import UsageError
from lmeval.evaluator import RunConfig, evaluate


def test_every_option_of_evaluate_is_a_field():
    params = set(inspect.signature(evaluate).parameters) - {"plugins"}
    fields = {f.name for f in dataclasses.fields(RunConfig)} - {"arguments"}  # model_args parsed
    assert params == fields


def test_frozen_and_parsed():
    config = RunConfig.checked("dummy", None, "k_mc", samples='{"k_mc": [2, 0]}',
                               gen_kwargs="temperature=0,max_gen_toks=3")
    assert config.tasks == ("k_mc",)  # one name, not its letters
    assert config.samples == {"k_mc": [2, 0]}
    assert config.gen_kwargs == {"temperature": 0, "max_gen_toks": 3}
    assert config.samples_of("k_mc") == [2, 0] and config.samples_of("other") is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.limit = 3  # type: ignore[misc]


@pytest.mark.parametrize(("given", "message"), [
    ({"tasks": []}, "no tasks given"),
    ({"fewshot_as_multiturn": True}, "--fewshot_as_multiturn needs --apply_chat_template"),
    ({"limit": 2, "samples": {"t": [0]}}, "--limit and --samples"),
    ({"limit": -1}, "limit"),
    ({"gen_kwargs": "temperature"}, "--gen_kwargs"),
])
def test_bad_options_are_usage_errors(given, message):
    tasks = given.pop("tasks", ["t"])
    with pytest.raises(UsageError, match=message):
        RunConfig.checked("dummy", None, tasks, **given)


# --- the one table of run options (issue 32): every surface is built from RunConfig's and
# CommandOptions' fields, so adding an option is one field


def _parser_flags() -> dict[str, tuple[str, ...]]:
    import argparse

    from lmeval.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    run = sub.choices["run"]
    return {a.dest: tuple(a.option_strings) for a in run._actions if a.option_strings
            and a.dest != "help"}


def test_every_flag_of_lmeval_run_is_a_row_of_the_table():
    from lmeval.evaluator.config import table

    rows = {row.name: row for row in table()}
    flags = _parser_flags()
    assert set(flags) == {name for name, row in rows.items() if row.flag.flags}
    for name, spelled in flags.items():
        assert set(spelled) == set(rows[name].flag.flags), name
        assert rows[name].flag.help, f"{name} has no help text"


def test_config_file_keys_evaluate_and_lm_eval_names_come_from_the_table():
    import lmeval
    from lmeval.evaluator.config import config_keys, lm_eval_names, run_option_names, table
    from lmeval.lm_eval_api import LM_EVAL_KEYWORDS

    rows = table()
    assert list(config_keys()) == [r.name for r in rows if r.flag.flags and r.name != "config"]
    assert config_keys()["batch_size"] == 1 and config_keys()["model"] == "hf"  # the CLI's
    params = inspect.signature(evaluate).parameters
    assert list(params)[:3] == ["model", "model_args", "tasks"]
    assert [p for p in params if p not in ("model", "model_args", "tasks", "plugins")] == \
        list(run_option_names())
    for row in rows:
        if row.run and row.name not in ("model", "model_args", "tasks"):
            assert params[row.name].default == row.default, row.name
    # every option lm-eval's simple_evaluate names is mapped; lm-eval has no others but its
    # own forms (request-cache booleans, tracker, task manager, verbosity, integrity checks)
    mapped = lm_eval_names()
    assert set(mapped) <= set(LM_EVAL_KEYWORDS)
    assert set(LM_EVAL_KEYWORDS) - set(mapped) == {
        "rewrite_requests_cache", "delete_requests_cache", "evaluation_tracker", "task_manager",
        "verbosity", "check_integrity"}
    assert set(inspect.signature(lmeval.simple_evaluate).parameters) >= set(mapped)


def test_an_unknown_option_of_evaluate_names_the_closest():
    with pytest.raises(TypeError, match="did you mean 'num_fewshot'"):
        evaluate("dummy", None, "t", num_fewshots=2)


def test_a_new_field_is_a_flag_a_config_key_and_a_keyword(monkeypatch):
    """What 'adding an option is one field' means: a field added to the table shows up in the
    parser, the --config keys and evaluate's signature with nothing else edited."""
    import argparse

    from lmeval.evaluator import config as config_module

    extra = dataclasses.make_dataclass("Extra", [("shiny", bool, config_module.option(
        False, "--shiny", group="output", action="store_true", lm_eval="",
        help="a new option"))])
    real_table = config_module.table
    monkeypatch.setattr(config_module, "table", lambda: (
        *real_table(), *config_module._rows(extra, run=True)))
    parser = argparse.ArgumentParser()
    config_module.add_arguments(parser)
    assert parser.parse_args(["--shiny"]).shiny is True
    assert config_module.config_keys()["shiny"] is False
    assert "shiny" in config_module.run_option_names()
    assert "shiny" in config_module.evaluate_signature(None).parameters


def test_model_args_are_parsed_once_per_run(tmp_path, monkeypatch):
    """The CLI hands the text to RunConfig.checked, which parses it; every later phase reads
    the parsed mapping (before, five call sites parsed the same text again)."""
    from kernel_tasks import write_tasks
    from lmeval import protocol
    from lmeval.cli import main

    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    tasks = write_tasks(tmp_path / "tasks", n_docs=3)
    calls: list[str] = []
    real = protocol.coerce_value

    def counting(value):
        if value == "marker-7f3a":
            calls.append(value)
        return real(value)

    monkeypatch.setattr(protocol, "coerce_value", counting)
    status = main(["run", "--model", "dummy", "--model_args", "pretrained=marker-7f3a",
                   "--tasks", "k_mc", "--include_path", str(tasks), "--bootstrap_iters", "0"])
    assert status == 0
    assert calls == ["marker-7f3a"]
