"""Entry point of the pack: contributes the ``tasks`` directory to lmeval's task index, with
the notes ``lmeval ls`` prints for tasks that need a long context or an optional library."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import hookimpl

_LONG_CONTEXT = "long context: prompts up to ~128k tokens with --metadata max_seq_lengths=128k"
NOTES = {
    **{f"babilong_qa{n}": _LONG_CONTEXT if n <= 5 else "long-context benchmark (this task: 0k only)"
       for n in range(1, 21)},
    "babilong": _LONG_CONTEXT + " (qa1-qa5)",
    "babilong_longctx": _LONG_CONTEXT,
    "cnn_dailymail_abisee": "needs the [rouge] extra (rouge-score)",
    "careqa_open": "needs the [careqa-open] extra and Hub metric models",
    **{f"acp_{q}_{kind}": "generates up to 1,024 tokens"
       for q in ("app", "prog", "reach", "areach", "val", "just", "land") for kind in ("bool", "mcq")},
}


@hookimpl
def lmeval_register_task_sources(register) -> None:
    register(Path(__file__).parent / "tasks", notes=NOTES)
