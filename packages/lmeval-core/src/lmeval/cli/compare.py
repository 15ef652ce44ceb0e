"""``lmeval compare A B``: per-task and per-sample differences between two runs (exit 1 if any)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HELP = "differences between two runs: scores and per-sample predictions (exit 1 when they differ)"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare", help=HELP, description=HELP + ". A and B are results JSON files or "
                       "directories (the newest results file under each); sample files written with "
                       "--log_samples beside them are compared document by document.",
                       epilog="Exit status: 0 same within tolerance, 1 different, 2 usage error.")
    p.add_argument("a", metavar="A", help="baseline results file or directory")
    p.add_argument("b", metavar="B", help="new results file or directory")
    p.add_argument("--tolerance", type=float, default=0.0, metavar="<abs>",
                   help="largest absolute score difference still counted as equal (default 0)")
    p.add_argument("--sample_tolerance", type=float, default=None, metavar="<abs>",
                   help="the same for per-sample numbers such as log-likelihoods (default: --tolerance)")
    p.add_argument("--scores_only", action="store_true",
                   help="report per-sample changes but set the exit status from the scores alone")
    p.add_argument("--no_samples", action="store_true", help="do not read sample files")
    p.add_argument("--only_differences", action="store_true", help="list only the scores that differ")
    p.add_argument("--examples", type=int, default=5, metavar="<n>", help="changed samples shown per task")
    p.add_argument("--output_path", "-o", default=None, metavar="<file.json>",
                   help="also write the full comparison as JSON")
    p.add_argument("--verbose", "-V", action="store_true", help="tracebacks on errors")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from lmeval.report import load_run
    from lmeval.report.compare import compare_runs, format_comparison

    a, b = load_run(args.a), load_run(args.b)
    result = compare_runs(a, b, tolerance=args.tolerance, sample_tolerance=args.sample_tolerance,
                          samples=not args.no_samples)
    sys.stdout.write(format_comparison(result, only_differences=args.only_differences,
                                       examples=args.examples))
    if args.output_path:
        path = Path(args.output_path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False, default=str) + "\n",
                        encoding="utf-8")
    differ = result.scores_differ or (result.samples_differ and not args.scores_only)
    return 1 if differ else 0
