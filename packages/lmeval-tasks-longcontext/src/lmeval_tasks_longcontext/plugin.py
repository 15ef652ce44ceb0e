"""Entry point of the pack: its ``tasks`` directory, with the notes ``lmeval ls`` prints (what each
task needs: a long context, the extras, RULER's tokenizer)."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import hookimpl

RULER_TASKS = ("niah_single_1", "niah_single_2", "niah_single_3", "niah_multikey_1", "niah_multikey_2",
               "niah_multikey_3", "niah_multiquery", "niah_multivalue", "ruler_vt", "ruler_cwe", "ruler_fwe",
               "ruler_qa_squad", "ruler_qa_hotpot")
RULER_NOTE = ("long context; builds its documents with a tokenizer (--model_args pretrained=/tokenizer=), "
              "lengths from --metadata max_seq_lengths; needs the [ruler] extra")
LONGBENCH_NOTE = "long context (documents of 2k-30k+ tokens); needs the [longbench] extra"

NOTES = {**dict.fromkeys(RULER_TASKS + ("ruler",), RULER_NOTE)}


def _longbench_notes() -> dict[str, str]:
    folder = Path(__file__).parent / "tasks" / "longbench"
    names = [p.stem for p in folder.glob("*.yaml") if not p.stem.startswith("_")]
    return dict.fromkeys([f"longbench_{n}" for n in names], LONGBENCH_NOTE)


@hookimpl
def lmeval_register_task_sources(register) -> None:
    register(Path(__file__).parent / "tasks", notes={**NOTES, **_longbench_notes()})
