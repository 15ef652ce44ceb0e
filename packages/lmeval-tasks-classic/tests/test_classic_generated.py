"""The generated configs (babilong, acpbench, super_glue, gsm8k_cot_variants, gsm8k_platinum,
gsm_plus, mathqa) are exactly what ``generate/`` writes, and the
README's task list is the pack's."""

from __future__ import annotations

from pathlib import Path

from lmeval_tasks_classic import TASKS_DIR
from lmeval_testkit.taskgen import assert_regenerates, generated_files, is_generated

GENERATE = Path(__file__).resolve().parents[1] / "generate"
GENERATED_FOLDERS = ("babilong", "acpbench", "super_glue", "gsm8k_cot_variants", "gsm8k_platinum",
                     "gsm_plus", "mathqa", "pile", "pile_10k", "paloma", "uncheatable_eval", "legalbench", "e2lmc")


def _in_generated_folder(path: Path) -> bool:
    """A generated file of one of the generated folders (the others are written by hand)."""
    return is_generated(path) and any(f"/tasks/{folder}/" in path.as_posix() for folder in GENERATED_FOLDERS)


def test_generators_reproduce_the_committed_configs_and_readme(tmp_path):
    assert_regenerates(GENERATE.parent, TASKS_DIR, tmp_path, readme=True, keep=_in_generated_folder)
    # babilong: tasks, groups, template; acpbench: 2 x (7 + template) bool/mcq, 2 x (8 + template) gen;
    # super_glue: 6 lm-eval-v1 tasks, boolq-seq2seq, 8 t5-prompt tasks (boolq and wsc by hand);
    # gsm8k_cot_variants: zeroshot, llama, self_consistency; gsm8k_platinum: 5; gsm_plus: 2; mathqa: 1
    written = generated_files(tmp_path / "tasks", _in_generated_folder)
    # perplexity corpora: pile 22, pile_10k 1, paloma 16, uncheatable_eval 15 + its group;
    # legalbench: template, 19 tasks, 2 groups; e2lmc: mmlu_early_training, noor 1 + 12 + 2, sciknoweval 1 + 4 + 1
    assert len(written) == 20 + 2 + 1 + 2 * 8 + 2 * 9 + 6 + 1 + 8 + 3 + 5 + 2 + 1 + (22 + 1 + 16 + 16) + 22 + 22


def test_readme_lists_hand_written_and_generated_tasks():
    # the list is current (the drift test above); it holds both kinds of folder
    readme = (GENERATE.parent / "README.md").read_text(encoding="utf-8")
    for name in ("babilong_qa20", "acp_areach_mcq", "click_cul_kpop", "eqbench_ca", "hellaswag", "acp_bench"):
        assert f"`{name}`" in readme
