"""``lmeval rescore RUN``: filters, metrics and groups again from a run's samples, no model."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path

HELP = "score a finished run again from its samples files, with the current filters and metrics (no model)"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "rescore", help=HELP,
        description=HELP + ". RUN is a results JSON file or a directory (the newest results file "
        "under it) written by `lmeval run --output_path ... --log_samples`. Tasks are loaded from "
        "their YAML as it is now (--include_path first): an edited regex, metric or metric "
        "argument is applied to the logged answers. A change to what shaped the requests (prompt, "
        "documents, choices, generation arguments) is refused, since the logged answers answer "
        "the old requests. The samples' filtered answers and per-sample metrics are recomputed, "
        "never read.",
        epilog="Exit status: 0 rescored, 2 usage error (no samples, a changed task, a bad sample line).")
    p.add_argument("run", metavar="RUN", help="results JSON file or directory of the run")
    p.add_argument("--include_path", default=None, metavar="<dir>",
                   help="directory of task YAML (edited copies) searched before the installed tasks")
    p.add_argument("--output_path", "-o", default=None, metavar="<dir|file.json>",
                   help="where to write the rescored results and samples "
                        "(default: a rescored/ directory beside the run's results file)")
    p.add_argument("--allow_request_changes", action="store_true",
                   help="rescore although fields that shaped the requests changed (recorded in the "
                        "output) or a logged document no longer matches its doc_hash")
    p.add_argument("--bootstrap_iters", type=int, default=None, metavar="<n>",
                   help="resamples for bootstrapped stderrs (default: the run's)")
    p.add_argument("--no_samples", action="store_true", help="write the results file only, no samples files")
    p.add_argument("--confirm_run_unsafe_code", action="store_true",
                   help="allow tasks whose metrics execute model-generated code (as lmeval run)")
    p.add_argument("--verbose", "-V", action="store_true", help="tracebacks on errors")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from lmeval.evaluator.rescore import rescore_run
    from lmeval.outputs.results import check_writable, make_table, summary_line, write_results
    from lmeval.plugins import get_plugin_manager
    from lmeval.report import load_run

    run = load_run(args.run)
    if args.output_path:
        out = Path(args.output_path)
    else:
        out = run.path.parent / "rescored"
    if out.suffix != ".json":
        out = out / f"results_{datetime.now().strftime('%Y-%m-%dT%H-%M-%S.%f')}.json"
    check_writable(str(out), "--output_path", file_suffixes=(".json",))
    results = rescore_run(run, pm=get_plugin_manager(), include_path=args.include_path,
                          allow_request_changes=args.allow_request_changes,
                          log_samples=not args.no_samples, bootstrap_iters=args.bootstrap_iters,
                          confirm_run_unsafe_code=args.confirm_run_unsafe_code)
    print(f"rescored from {run.path}")
    print(summary_line(results.get("config", {})))
    print(make_table(results))
    if "groups" in results:
        print(make_table(results, "groups"))
    from lmeval.backend.reasoning import footnotes

    for line in footnotes(results):
        print(f"* {line}")
    changed = [t for t, i in results["rescored"]["tasks"].items() if i["scoring_changed"]]
    print(f"scoring changed for: {', '.join(changed)}" if changed
          else "scoring unchanged (filters, metrics and process_results as in the run)")
    file = write_results(results, out)
    print(f"lmeval: rescored results written to {file}", file=sys.stderr)
    return 0
