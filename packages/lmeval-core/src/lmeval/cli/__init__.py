"""``lmeval``: ``run`` (the default), ``ls``, ``validate``. One module per subcommand.

Errors a user can act on are printed in one line with exit code 2 (usage) or 1; ``--verbose``
(or ``LMEVAL_TRACEBACK=1``) shows the traceback.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

SUBCOMMANDS = {
    "run": "lmeval.cli.run",
    "ls": "lmeval.cli.ls",
    "validate": "lmeval.cli.validate",
}


class OneLineErrorParser(argparse.ArgumentParser):
    """Usage errors in one line (argparse prints the whole usage first), exit status 2."""

    def error(self, message: str) -> NoReturn:
        choice = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if choice:
            from lmeval.errors import did_you_mean

            message += did_you_mean(choice.group(1), re.findall(r"'([^']*)'", choice.group(2)))
        self.exit(2, f"{self.prog}: error: {message} (see `{self.prog} -h`)\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full parser, or (``only``) one whose single subcommand is that one: the others'
    modules are then not imported, which keeps ``lmeval ls`` quick."""
    names = [*SUBCOMMANDS, *plugin_subcommands()]
    parser = OneLineErrorParser(
        prog="lmeval",
        description="Evaluate language models on lm-eval compatible tasks. "
                    "`lmeval --model ...` without a subcommand means `lmeval run`.",
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="{" + ",".join(names) + "}")
    for name, module in {**SUBCOMMANDS, **plugin_subcommands()}.items():
        if only is None or name == only:
            importlib.import_module(module).add_parser(sub)
    return parser


def plugin_subcommands() -> dict[str, str]:
    """Extra subcommands shipped with lmeval-core (report, compare, decontaminate) when present."""
    extra = {}
    for name in ("compare", "report", "decontaminate"):
        module = f"lmeval.cli.{name}"
        if importlib.util.find_spec(module) is not None:
            extra[name] = module
    return extra


def _version() -> str:
    from lmeval import __version__

    return f"lmeval {__version__}"


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    known = [*SUBCOMMANDS, *plugin_subcommands()]
    if argv and argv[0] not in known and argv[0] not in ("-h", "--help", "--version"):
        if not argv[0].startswith("-"):  # `run` takes no positional word: a mistyped subcommand
            from lmeval.errors import did_you_mean

            print(f"lmeval: error: unknown subcommand {argv[0]!r}{did_you_mean(argv[0], known)}; "
                  f"subcommands: {', '.join(known)} (`lmeval --model ...` means `lmeval run`)",
                  file=sys.stderr)
            return 2
        argv = ["run", *argv]
    parser = build_parser(argv[0] if argv and argv[0] in known else None)
    args, extra = parser.parse_known_args(argv)
    if extra:
        return _unrecognized(parser, args, extra)
    if args.command is None:
        parser.print_help()
        return 0
    verbose = getattr(args, "verbose", False) or os.environ.get("LMEVAL_TRACEBACK") == "1"
    from lmeval.errors import LmevalError

    if args.command != "ls":  # a listing prints names only; its start-up is counted in ms
        from lmeval.redact import install

        install()  # logs, warnings and tracebacks of this process mask credentials

    from lmeval.interrupts import RunInterrupted, stop_on_signals

    try:
        with stop_on_signals():
            return int(args.handler(args) or 0)
    except LmevalError as exc:
        if verbose:
            raise
        from lmeval.redact import redact_text

        print(f"lmeval: error: {redact_text(exc)}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt as exc:  # SIGINT or SIGTERM (see lmeval.interrupts)
        if not isinstance(exc, RunInterrupted):
            exc = RunInterrupted(2)
        from lmeval.redact import redact_text

        print(redact_text(exc.message(argv if args.command == "run" else None)), file=sys.stderr)
        return exc.exit_code


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
    from lmeval.redact import redact_text

    print(redact_text(f"{prog}: error: unrecognized arguments: {' '.join(extra)}{hint} "
                      f"(see `{prog} -h`)"), file=sys.stderr)
    return 2
