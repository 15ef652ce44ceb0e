"""``lmeval report RESULTS_DIR...``: a static HTML page comparing runs (tables, plots, samples)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = ("write a static HTML page comparing runs: settings that differ, per-task tables and plots "
        "(needs matplotlib), and a browser of the logged samples")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("report", help=HELP, description=HELP + ". Every results*.json under the "
                       "given directories (or the files themselves) is one run. "
                       "Install the plotting extra with: pip install 'lmeval-core[report]'.")
    p.add_argument("paths", nargs="+", metavar="RESULTS_DIR", help="results directories or results JSON files")
    p.add_argument("--output_path", "-o", default=None, metavar="<file.html>",
                   help="where to write the page (default: report.html in the first RESULTS_DIR)")
    p.add_argument("--title", default="lmeval report", metavar="<text>", help="page title")
    p.add_argument("--no_plots", action="store_true", help="tables only (no matplotlib needed)")
    p.add_argument("--no_samples", action="store_true",
                   help="leave out the sample browser (every document logged with --log_samples)")
    p.add_argument("--verbose", "-V", action="store_true", help="tracebacks on errors")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from lmeval.report import load_runs
    from lmeval.report.html import render

    runs = load_runs(args.paths)
    page = render(runs, title=args.title, plots=not args.no_plots, samples=not args.no_samples)
    if args.output_path:
        out = Path(args.output_path)
    else:
        first = Path(args.paths[0])
        out = (first if first.is_dir() else first.parent) / "report.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")
    tasks = {t for r in runs for t in r.tasks}
    print(f"lmeval: report of {len(runs)} run(s), {len(tasks)} task(s) written to {out}", file=sys.stderr)
    return 0
