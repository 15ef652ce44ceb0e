"""``lmeval``: ``run`` (the default), ``ls``, ``validate``, ``compare``, ``rescore``, ``report``,
``decontaminate`` — one module per subcommand — and the subcommands plugins register
(``lmeval_register_commands``).

Plugins are asked for subcommands only when the first word is not one of the core's, or for
``lmeval --help``: ``lmeval ls`` and ``lmeval run`` never load them for that, and a plugin
subcommand's module is imported only when it is the one invoked.

Errors a user can act on are printed in one line with exit code 2 (usage) or 1; ``--verbose``
(or ``LMEVAL_TRACEBACK=1``) shows the traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from lmeval.plugins import Entry

#: The core's subcommands and their modules (each has ``add_parser(sub)``).
SUBCOMMANDS = {
    "run": "lmeval.cli.run",
    "ls": "lmeval.cli.ls",
    "validate": "lmeval.cli.validate",
    "compare": "lmeval.cli.compare",
    "rescore": "lmeval.cli.rescore",
    "report": "lmeval.cli.report",
    "decontaminate": "lmeval.cli.decontaminate",
}


class OneLineErrorParser(argparse.ArgumentParser):
    """Usage errors in one line (argparse prints the whole usage first), exit status 2."""

    def error(self, message: str) -> NoReturn:
        choice = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if choice:
            from lmeval.errors import did_you_mean

            message += did_you_mean(choice.group(1), re.findall(r"'([^']*)'", choice.group(2)))
        self.exit(2, f"{self.prog}: error: {message} (see `{self.prog} -h`)\n")


def build_parser(only: str | None = None,
                 commands: dict[str, Entry] | None = None) -> argparse.ArgumentParser:
    """The parser of the core's subcommands plus ``commands`` (plugin subcommands, see
    :func:`plugin_commands`). With ``only``, only that subcommand is built (the other modules
    are not imported, which keeps ``lmeval ls`` quick); a plugin subcommand is built, and its
    module imported, only as ``only``."""
    commands = commands or {}
    names = [*SUBCOMMANDS, *commands]
    parser = OneLineErrorParser(
        prog="lmeval",
        description="Evaluate language models on lm-eval compatible tasks. "
                    "`lmeval --model ...` without a subcommand means `lmeval run`.",
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="{" + ",".join(names) + "}")
    for name, module in SUBCOMMANDS.items():
        if only is None or name == only:
            importlib.import_module(module).add_parser(sub)
    for name, entry in commands.items():
        help_text = entry.meta.get("help") or f"(from {entry.distribution})"
        p = sub.add_parser(name, aliases=entry.meta.get("aliases", ()), help=help_text,
                           description=help_text)
        if name == only:
            _configure(p, entry)
    return parser


def _configure(parser: argparse.ArgumentParser, entry: Entry) -> None:
    """Let a plugin's ``command(parser)`` add its arguments; its result is the handler."""
    from lmeval.errors import PluginError

    where = f"subcommand {entry.name!r} of plugin {entry.plugin!r} ({entry.distribution})"
    try:
        handler = entry.load()(parser)
    except Exception as exc:
        if _verbose():
            raise
        raise PluginError(f"{where} failed to load: {type(exc).__name__}: {exc}") from None
    if not callable(handler):
        raise PluginError(f"{where}: command(parser) returned {handler!r}, not a handler(args)")
    parser.set_defaults(handler=handler)


def plugin_commands() -> dict[str, Entry]:
    """The subcommands plugins register, by name (their aliases in ``meta["aliases"]``).

    Loads the plugins; no command module is imported. A plugin taking a core subcommand's name
    is a :class:`lmeval.errors.PluginError` naming it."""
    from lmeval.errors import PluginError
    from lmeval.plugins import get_plugin_manager

    registry = get_plugin_manager().commands
    out = {}
    for entry in registry.entries():
        entry.meta["aliases"] = registry.aliases_of(entry.name)
        for key in (entry.name, *entry.meta["aliases"]):
            if key in SUBCOMMANDS or key.startswith("-") or key.split() != [key]:
                raise PluginError(f"plugin {entry.plugin!r} ({entry.distribution}) registered the "
                                  f"subcommand {key!r}: " + ("that is lmeval's own" if key in SUBCOMMANDS
                                                             else "a subcommand is one word, not a flag"))
        out[entry.name] = entry
    return out


def _verbose() -> bool:
    return os.environ.get("LMEVAL_TRACEBACK") == "1"


def _version() -> str:
    from lmeval import __version__

    return f"lmeval {__version__}"


def main(argv: Sequence[str] | None = None) -> int:
    own_process = argv is None  # the process's own command line: an error may end it at once
    argv = list(sys.argv[1:] if argv is None else argv)
    from lmeval.errors import LmevalError

    commands: dict[str, Entry] = {}
    only = argv[0] if argv and argv[0] in SUBCOMMANDS else None
    try:
        if not argv or argv[0] in ("-h", "--help"):
            commands = _commands_for_help()
        elif only is None and argv[0] != "--version":
            if argv[0].startswith("-"):  # `lmeval --model ...` means `lmeval run --model ...`
                argv, only = ["run", *argv], "run"
            else:  # a plugin's subcommand, or a mistyped one
                commands = plugin_commands()
                by_word = {w: n for n, e in commands.items() for w in (n, *e.meta["aliases"])}
                if argv[0] not in by_word:
                    return _unknown_subcommand(argv[0], [*SUBCOMMANDS, *by_word])
                only = by_word[argv[0]]
        parser = build_parser(only, commands)
    except LmevalError as exc:
        if _verbose():
            raise
        print(f"lmeval: error: {exc}", file=sys.stderr)
        return exc.exit_code
    if argv and argv[0] in ("-h", "--help"):  # run is the default subcommand: show its flags too
        print(parser.format_help())
        run_parser = _subparsers(build_parser("run", {}))["run"]
        print("`lmeval run` (the default subcommand: `lmeval --model ...` is "
              "`lmeval run --model ...`):\n")
        print(run_parser.format_help(), end="")
        raise SystemExit(0)  # as argparse's own --help
    args, extra = parser.parse_known_args(argv)
    if extra:
        return _unrecognized(parser, args, extra)
    if args.command is None:
        parser.print_help()
        return 0
    verbose = getattr(args, "verbose", False) or _verbose()

    if args.command != "ls":  # a listing prints names only; its start-up is counted in ms
        from lmeval.outputs.redact import install

        install()  # logs, warnings and tracebacks of this process mask credentials

    from lmeval.run.early_start import leave
    from lmeval.run.interrupts import RunInterrupted, stop_on_signals

    try:
        with stop_on_signals():
            return int(args.handler(args) or 0)
    except LmevalError as exc:
        if verbose:
            raise
        print(f"lmeval: error: {_redacted_error(exc)}", file=sys.stderr)
        return leave(exc.exit_code, own_process=own_process)  # a model still starting: no wait
    except KeyboardInterrupt as exc:  # SIGINT or SIGTERM (see lmeval.run.interrupts)
        if not isinstance(exc, RunInterrupted):
            exc = RunInterrupted(2)
        from lmeval.outputs.redact import redact_text

        line = exc.message(argv) if args.command == "run" else exc.headline()  # only a run caches
        print(redact_text(line), file=sys.stderr)
        return leave(exc.exit_code, own_process=own_process)


def _commands_for_help() -> dict[str, Entry]:
    """Plugin subcommands to list in ``lmeval --help``; a broken plugin only costs its line."""
    from lmeval.errors import LmevalError

    try:
        return plugin_commands()
    except LmevalError as exc:
        print(f"lmeval: warning: plugin subcommands not listed: {exc}", file=sys.stderr)
        return {}


def _unknown_subcommand(word: str, known: list[str]) -> int:
    from lmeval.errors import did_you_mean
    from lmeval.plugins import get_plugin_manager

    failed = get_plugin_manager().failed  # a plugin that did not load registered nothing
    note = f"; plugins that failed to load: {', '.join(sorted(failed))}" if failed else ""
    print(f"lmeval: error: unknown subcommand {word!r}{did_you_mean(word, known)}; "
          f"subcommands: {', '.join(known)} (`lmeval --model ...` means `lmeval run`){note}",
          file=sys.stderr)
    return 2


def _unrecognized(parser: argparse.ArgumentParser, args: argparse.Namespace, extra: list[str]) -> int:
    """``unrecognized arguments`` in one line, with the closest flags of that subcommand."""
    from lmeval.errors import did_you_mean

    command = getattr(args, "command", None)
    options: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            options = [o for a in action.choices[command]._actions for o in a.option_strings]
    flag = next((e.split("=", 1)[0] for e in extra if e.startswith("--")), None)
    hint = did_you_mean(flag, [o for o in options if o.startswith("--")]) if flag else ""
    prog = f"lmeval {command}" if command else "lmeval"
    from lmeval.outputs.redact import redact_text

    print(redact_text(f"{prog}: error: unrecognized arguments: {' '.join(extra)}{hint} "
                      f"(see `{prog} -h`)"), file=sys.stderr)
    return 2


def _redacted_error(exc: Exception) -> str:
    """The error's text with credentials masked: values only, never the words of the error
    (``cfg.yaml:4: bogus_key: unknown run option`` is not a ``key: value`` pair to mask)."""
    from lmeval.errors import ConfigError
    from lmeval.outputs.redact import redact_known, redact_text

    if isinstance(exc, ConfigError) and exc.field and str(exc).endswith(exc.message):
        located = str(exc)
        prefix = located[: len(located) - len(exc.message)]
        return redact_known(prefix) + redact_text(exc.message)
    return redact_text(exc)


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}
