"""SCROLLS (Shaham et al., 2022, arXiv:2201.03533) as lm-eval 0.4.13 has it (folder ``scrolls``):
seven Python tasks (``class:``), ported to :mod:`lmeval_tasks_longcontext.scrolls.tasks`;
validation split, shots from train. lm-eval's files also say ``group: scrolls``, which 0.4.13
registers under no name; it is left out.
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "scrolls.py"
#: task -> class; the output type is lm-eval's default for them (the classes build their own requests)
TASKS = {"scrolls_contractnli": "ContractNLI", "scrolls_govreport": "GovReport", "scrolls_narrativeqa": "NarrativeQA",
         "scrolls_qasper": "Qasper", "scrolls_qmsum": "QMSum", "scrolls_quality": "QuALITY",
         "scrolls_summscreenfd": "SummScreenFD"}


def main(root: Path) -> None:
    out = reset_dir(root / "scrolls")
    comment = "# SCROLLS (Shaham et al., 2022, arXiv:2201.03533): lm-eval's Python task, ported.\n"
    for task, cls in TASKS.items():
        write_yaml(out / f"{task}.yaml", {
            "task": task, "class": Function(f"lmeval_tasks_longcontext.scrolls.tasks.{cls}"),
            "dataset_path": "tau/scrolls", "output_type": "generate_until", "training_split": "train",
            "validation_split": "validation", "should_decontaminate": True, "metadata": {"version": 2}},
            SCRIPT, comment)
