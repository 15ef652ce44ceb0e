"""``lmeval``: ``run`` (the default), ``ls``, ``validate``. One module per subcommand.

Errors a user can act on are printed in one line with exit code 2 (usage) or 1; ``--verbose``
(or ``LMEVAL_TRACEBACK=1``) shows the traceback.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence

SUBCOMMANDS = {
    "run": "lmeval.cli.run",
    "ls": "lmeval.cli.ls",
    "validate": "lmeval.cli.validate",
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full parser, or (``only``) one whose single subcommand is that one: the others'
    modules are then not imported, which keeps ``lmeval ls`` quick."""
    parser = argparse.ArgumentParser(
        prog="lmeval",
        description="Evaluate language models on lm-eval compatible tasks. "
                    "`lmeval --model ...` without a subcommand means `lmeval run`.",
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="{run,ls,validate}")
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
    known = set(SUBCOMMANDS) | set(plugin_subcommands())
    if argv and argv[0] not in known and argv[0] not in ("-h", "--help", "--version"):
        argv = ["run", *argv]
    parser = build_parser(argv[0] if argv and argv[0] in known else None)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    verbose = getattr(args, "verbose", False) or os.environ.get("LMEVAL_TRACEBACK") == "1"
    from lmeval.errors import LmevalError

    from lmeval.interrupts import RunInterrupted, stop_on_signals

    try:
        with stop_on_signals():
            return int(args.handler(args) or 0)
    except LmevalError as exc:
        if verbose:
            raise
        print(f"lmeval: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt as exc:  # SIGINT or SIGTERM (see lmeval.interrupts)
        if not isinstance(exc, RunInterrupted):
            exc = RunInterrupted(2)
        print(exc.message(argv if args.command == "run" else None), file=sys.stderr)
        return exc.exit_code
