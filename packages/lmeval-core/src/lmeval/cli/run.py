"""``lmeval run``: evaluate a model on tasks, with lm-eval's flag names."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError
from lmeval.evaluator.config import RunConfig, add_arguments, config_keys, listish, table, words
from lmeval.run.options import parse_seed

HELP = "evaluate a model on tasks (the default subcommand)"

#: the keys a --config file may set, with the command line's defaults (from the options table)
DEFAULTS: dict[str, Any] = config_keys()


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("run", help=HELP, description=HELP + ".", formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="Example: lmeval run --model hf --model_args pretrained=EleutherAI/pythia-160m "
                              "--tasks hellaswag --batch_size 8")
    add_arguments(p)
    p.set_defaults(handler=blame_config(handle))


def blame_config(handler: Any) -> Any:
    """An error about an option that came from the ``--config`` file names that file, its line
    and the key (``run.yaml:4: num_fewshot: expected an integer >= 0 ...``), not a flag the user
    never typed."""
    import functools

    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except UsageError as exc:
            from lmeval.errors import ConfigError

            text = str(exc)
            if not args.config or isinstance(exc, ConfigError) or not text.startswith("--"):
                raise
            flag, sep, rest = text[2:].partition(":")
            key = flag.split()[0] if flag else ""
            if not sep or key not in DEFAULTS or hasattr(args, key):
                raise  # the flag was typed on the command line: the message is right
            from lmeval.tasks.yamlio import read_yaml

            data = read_yaml(args.config)
            found = next((k for k in data if str(k).replace("-", "_") == key), None)
            if found is None:
                raise
            raise ConfigError(f"{rest.strip()} (from --config)", file=args.config,
                              line=data.line_of(found), field=str(found)) from None

    return run


def resolve_options(args: argparse.Namespace) -> dict[str, Any]:
    """Defaults < --config file < command line."""
    options = dict(DEFAULTS)
    if args.config:
        from lmeval.tasks.yamlio import read_yaml

        data = read_yaml(args.config)
        from lmeval.outputs import redact

        redact.remember_args({k: v for k, v in data.items() if isinstance(v, (str, int, float))})
        for key, value in data.items():
            key = key.replace("-", "_")
            if key not in DEFAULTS:
                from lmeval.errors import ConfigError, did_you_mean

                raise ConfigError("unknown run option" + did_you_mean(key, sorted(DEFAULTS)),
                                  file=args.config, line=data.line_of(key), field=key)
            options[key] = value
        options["_config_dir"] = str(Path(args.config).resolve().parent)
    for key in DEFAULTS:
        if hasattr(args, key):
            options[key] = getattr(args, key)
    return options


def handle(args: argparse.Namespace) -> int:
    import logging

    options = resolve_options(args)
    if options.get("verbosity"):
        logging.basicConfig(level=str(options["verbosity"]).upper(), format="%(levelname)s %(message)s")
    config = run_config(args, options)
    if options["limit"] is not None:
        print("lmeval: warning: --limit should only be used for testing; scores are not "
              "comparable to full runs", file=sys.stderr)
    from lmeval.plugins import get_plugin_manager, set_plugin_manager

    pm = get_plugin_manager()
    for spec in listish(options["plugins"]):
        pm.load_local(spec)
    set_plugin_manager(pm)
    if config.log_samples and not options["output_path"]:
        raise UsageError("--log_samples needs --output_path")
    from lmeval.outputs.reporters import build_reporters

    reporters = build_reporters(pm, options, words)
    if options["check_integrity"]:
        _check_integrity(pm, list(config.tasks), config.include_path)
    from lmeval.outputs.results import check_writable

    # a path that cannot be written fails now, not after hours of model calls (the caches:
    # lmeval.run.preflight.check_caches, which evaluate() runs too)
    check_writable(options["output_path"], "--output_path", file_suffixes=(".json",))
    stream = None
    if config.log_samples and options["output_path"] and not reporters:
        from lmeval.outputs.samplestream import SampleStream

        stream = SampleStream(options["output_path"])  # samples on disk as scored, not in memory
    try:
        return _run_and_report(config, pm, options, reporters, stream)
    finally:
        if stream is not None:
            stream.discard()


def _run_and_report(config: RunConfig, pm: Any, options: dict[str, Any], reporters: list,
                    stream: Any) -> int:
    from lmeval.backend.reasoning import cut_off_warnings, footnotes
    from lmeval.evaluator.run import run
    from lmeval.outputs.reporters import send_reports
    from lmeval.outputs.results import make_table, save_results, summary_line

    results = run(config, pm, samples_to=stream)
    if not results:  # a rank other than 0
        return 0
    results["config"]["num_fewshot"] = options["num_fewshot"]
    results["config"].update(_as_lm_eval_cli(config, options))
    if options["fewshot_as_multiturn"] is None and not options["apply_chat_template"]:
        results["fewshot_as_multiturn"] = None  # lm-eval's CLI: not given, no chat template
    samples_out = results.get("samples") if config.log_samples else None
    print(summary_line(results["config"]))  # the table first: nothing below can lose it
    print(make_table(results))
    if "groups" in results:
        print(make_table(results, "groups"))
    for line in footnotes(results):  # regex misses, thinking cut off by the token budget
        print(f"* {line}")
    sys.stdout.flush()
    status = save_results(results, options["output_path"], stream) if options["output_path"] else 0
    results.pop("samples", None)
    # a failing reporter is one line after the table, never instead of it
    status = send_reports(reporters, results, samples_out, verbose=bool(options["verbose"])) or status
    if options["show_config"]:
        print(json.dumps(results["configs"], indent=2, ensure_ascii=False, default=str))
    for line in cut_off_warnings(results):  # last, where it is seen
        print(f"lmeval: warning: {line}", file=sys.stderr)
    return status


def run_config(args: argparse.Namespace, options: dict[str, Any]) -> RunConfig:
    """The run's :class:`RunConfig` from the resolved options, in the command line's forms:
    each table row's text form converted (``from_cli``), ``--seed`` spread over the four
    seeds, then every value parsed and checked once, by :meth:`RunConfig.checked`."""
    given: dict[str, Any] = {}
    for row in table():
        if row.run and row.name in options:
            value = options[row.name]
            given[row.name] = row.flag.from_cli(value) if row.flag.from_cli else value
    model, model_args, tasks = given.pop("model"), given.pop("model_args"), given.pop("tasks")
    if not tasks:
        raise UsageError("--tasks is required (see `lmeval ls tasks`)")
    include = given.get("include_path")
    if include and options.get("_config_dir") and not Path(str(include)).is_absolute() \
            and args.config and not hasattr(args, "include_path"):
        given["include_path"] = str(Path(options["_config_dir"]) / str(include))
    if options["trust_remote_code"]:
        import os

        os.environ["HF_DATASETS_TRUST_REMOTE_CODE"] = "1"
        if isinstance(model_args, dict):
            model_args = {**model_args, "trust_remote_code": True}
        else:
            model_args = ",".join(a for a in (model_args, "trust_remote_code=True") if a)
    seeds = parse_seed(options["seed"])
    given.update(zip(("random_seed", "numpy_random_seed", "torch_random_seed",
                      "fewshot_random_seed"), seeds, strict=True))
    return RunConfig.checked(model, model_args, tasks, **given)


def _as_lm_eval_cli(config: RunConfig, options: dict[str, Any]) -> dict[str, Any]:
    """``config``'s fields as lm-eval 0.4.13's CLI writes them: ``model_args`` parsed to a dict
    (credentials masked), ``batch_size`` as typed (a string), ``limit`` a float."""
    from lmeval.outputs import redact

    limit = options["limit"]
    return {"model_args": redact.redact_args(dict(config.arguments)),
            "batch_size": options["batch_size"],
            "limit": float(limit) if limit is not None else None}


def _check_integrity(pm: Any, tasks: list[str], include: Any) -> None:
    """--check_integrity: the deep checks of `lmeval validate` on every task before running."""
    from lmeval.cli.validate import validate_file
    from lmeval.tasks.index import TaskIndex, task_sources
    from lmeval.tasks.specs import yaml_files

    index = TaskIndex(task_sources(pm, include))
    problems: list[str] = []
    names: list[str] = []
    for spec in tasks:
        files = yaml_files(spec, index.rows)
        if files is None:
            names.append(spec)
        for file in files or ():
            problems.extend(validate_file(file, pm, index))
    from lmeval.cli.validate import with_members

    named: list[Path] = []
    for name in index.match(names):
        entry = index.get(name)
        members = [entry] if entry.path else [index.get(m) for m in entry.tags]
        named.extend(Path(member.path) for member in members if member.path)
    for file in with_members(named, index):  # a group's members too, recursively
        problems.extend(validate_file(file, pm, index))
    if problems:
        raise UsageError("--check_integrity found problems:\n" + "\n".join(problems))
