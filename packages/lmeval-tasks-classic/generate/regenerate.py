"""Regenerate the pack's generated task configs and the README's task list:
``python packages/lmeval-tasks-classic/generate/regenerate.py [TASKS_DIR [README]]``.

Generated: babilong, acpbench, super_glue, gsm8k_cot_variants, gsm8k_platinum, gsm_plus, mathqa, pile, pile_10k, paloma, uncheatable_eval;
glue, translation (with wmt2016), inverse_scaling, hendrycks_ethics, unscramble, fld, based (squad_completion,
swde, fda), small_classics (qa4mre, storycloze, lambada_cloze, webqs, mutual, logiqa2, wsc273, swag, prost,
mc_taco, moral_stories, groundcocoa), unitxt. The other folders are written by hand, so the README's
list is always read from the pack's own tree (the hand-written names are not in ``TASKS_DIR``); it
goes to ``README`` when given, else to the pack's README when ``TASKS_DIR`` is the pack's tree.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import readme_tasks  # noqa: E402
from _common import TASKS_ROOT  # noqa: E402
from lmeval_testkit.taskgen import family_modules  # noqa: E402


def generators() -> list:
    return family_modules(HERE, skip=("readme_tasks",))


def main(root: Path = TASKS_ROOT, readme: Path | None = None) -> None:
    for module in generators():
        module.main(root)
    readme = readme or (readme_tasks.README if root.resolve() == TASKS_ROOT.resolve() else None)
    if readme is not None:
        readme.write_text(readme_tasks.render(readme_tasks.README.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TASKS_ROOT, Path(sys.argv[2]) if len(sys.argv) > 2 else None)
