"""``lmeval compare A B``: per-task and per-sample differences between two runs, and paired
significance tests of per-sample scores (``--fail_on`` gates CI on them)."""

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
                       epilog="Exit status: 0 same within tolerance, 1 different, 2 usage error. "
                       "With --fail_on change or regress, 1 only for a statistically significant "
                       "change (or regression) in a paired test of per-sample scores.")
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
    g = p.add_argument_group("paired statistics (documents logged in both runs)")
    g.add_argument("--fail_on", choices=("difference", "change", "regress"), default="difference",
                   help="what exits 1: any score or sample difference (default); a statistically "
                        "significant change in a paired test; only a significant regression")
    g.add_argument("--alpha", type=float, default=0.05, metavar="<p>",
                   help="significance level of the paired tests (default 0.05)")
    g.add_argument("--correction", choices=("none", "holm", "bonferroni"), default="none",
                   help="adjust p-values for the number of tests (default none)")
    g.add_argument("--binary_test", choices=("mcnemar-exact", "mcnemar-chi2"), default="mcnemar-exact",
                   help="test of binary per-sample scores (default McNemar's exact binomial test)")
    g.add_argument("--confidence", type=float, default=0.95, metavar="<level>",
                   help="level of the bootstrap interval of B - A (default 0.95)")
    g.add_argument("--iters", type=int, default=1000, metavar="<n>",
                   help="bootstrap resamples and random sign flips (default 1000)")
    g.add_argument("--seed", type=int, default=1234, metavar="<n>", help="seed of the resampling (default 1234)")
    g.add_argument("--metrics", default=None, metavar="<m1,m2>", help="test only these metrics")
    p.add_argument("--verbose", "-V", action="store_true", help="tracebacks on errors")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from lmeval.errors import UsageError
    from lmeval.report import load_run
    from lmeval.report.compare import compare_runs, format_comparison
    from lmeval.report.paired import PairedOptions, paired_comparison

    if not 0 < args.alpha < 1 or not 0 < args.confidence < 1:
        raise UsageError("--alpha and --confidence: expected a number between 0 and 1")
    for name in ("tolerance", "sample_tolerance"):
        value = getattr(args, name)
        if value is not None and not 0 <= value < float("inf"):
            raise UsageError(f"--{name}: expected a finite number >= 0, got {value}")
    if args.iters < 1:
        raise UsageError(f"--iters: expected a positive number, got {args.iters}")
    if args.output_path:
        from lmeval.outputs.results import check_writable

        check_writable(str(args.output_path), "--output_path", file_suffixes=(".json",))
    if args.fail_on != "difference" and args.no_samples:
        raise UsageError(f"--fail_on {args.fail_on} tests per-sample scores: drop --no_samples")
    a, b = load_run(args.a), load_run(args.b)
    if a.path.resolve() == b.path.resolve():
        raise UsageError(f"A and B are the same results file, {a.path} (a directory holding several "
                         f"runs gives its newest one: name the results files)")
    _note_newest("A", args.a, a.path)
    _note_newest("B", args.b, b.path)
    result = compare_runs(a, b, tolerance=args.tolerance, sample_tolerance=args.sample_tolerance,
                          samples=not args.no_samples)
    if not args.no_samples:
        options = PairedOptions(alpha=args.alpha, confidence=args.confidence, iters=args.iters,
                                seed=args.seed, binary_test=args.binary_test, correction=args.correction,
                                metrics=tuple(m for m in (args.metrics or "").split(",") if m))
        result.paired, result.paired_options = paired_comparison(a, b, options), options
        tested = [t for pt in result.paired for t in pt.tests if t.tested]
        if args.fail_on != "difference" and not tested:
            raise UsageError(f"--fail_on {args.fail_on}: no paired test possible between {a.path} and "
                             f"{b.path} (log per-sample scores in both runs with --log_samples)")
    sys.stdout.write(format_comparison(result, only_differences=args.only_differences,
                                       examples=args.examples))
    if args.output_path:
        path = Path(args.output_path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False, default=str) + "\n",
                        encoding="utf-8")
    if args.fail_on == "regress":
        return 1 if result.regressions else 0
    if args.fail_on == "change":
        return 1 if result.significant else 0
    differ = result.scores_differ or (result.samples_differ and not args.scores_only)
    return 1 if differ else 0


def _note_newest(which: str, given: str, chosen: Path) -> None:
    """Say which file a directory of several runs stood for (stderr: stdout is the report)."""
    from lmeval.report import find_results

    files = find_results(given)
    if len(files) > 1:
        print(f"lmeval: {which}: {len(files)} results files under {given}; comparing the newest, "
              f"{chosen} (name a file to choose another)", file=sys.stderr)
