"""The README's "Every task" section: every task and group name of the pack, by family.

``generate/regenerate.py`` rewrites the section between the markers in the package README from the
task index of the tree it writes; the drift test (``assert_regenerates(..., readme=True)``) fails
when they differ.
"""

from __future__ import annotations

import re
from fnmatch import fnmatchcase
from pathlib import Path

from _common import TASKS_ROOT

README = Path(__file__).resolve().parents[1] / "README.md"
BEGIN, END = "<!-- every-task:begin -->", "<!-- every-task:end -->"
FAMILIES = (  # (title, name glob); the first matching glob wins
    ("INCLUDE few-shot, English instructions", "include_base_44_*_few_shot_en*"),
    ("INCLUDE few-shot, in-language instructions", "include_base_44_*_few_shot_og*"),
    ("INCLUDE", "include_base_44_*"), ("Okapi ARC", "arc_*"), ("Okapi HellaSwag", "hellaswag_*"),
    ("Okapi MMLU", "m_mmlu_*"), ("Okapi TruthfulQA", "truthfulqa_*"),
    ("MMLU-ProX Lite", "mmlu_prox_lite_*"), ("MMLU-ProX", "mmlu_prox_*"), ("MMLU-SR", "mmlusr*"),
    ("MMLU-Redux Spanish", "mmlu_redux_spanish*"), ("MMLU-Redux Spanish generative", "mmlu_*_generativ*_spanish*"),
    ("KMMLU-HARD chain-of-thought", "kmmlu_cot_hard*"), ("KMMLU-HARD direct", "kmmlu_direct_hard*"),
    ("KMMLU-HARD", "kmmlu_hard*"), ("TMLU", "tmlu*"),
    ("MMLU-Pro+", "mmlu_pro_plus*"), ("MMMLU (OpenAI)", "mmmlu*"), ("TMMLU+", "tmmluplus*"), ("TurkishMMLU chain-of-thought", "turkishmmlu_cot*"), ("TurkishMMLU", "turkishmmlu*"),
    ("KMMLU direct", "kmmlu_direct*"), ("KMMLU", "kmmlu*"), ("GreekMMLU", "greekmmlu*"),
    ("GreekMMLU aliases (`gmmlu`)", "gmmlu*"), ("CMMLU", "cmmlu*"), ("ACLUE", "aclue*"), ("C-Eval", "ceval*"),
    ("ArabicMMLU", "arabicmmlu*"), ("DarijaMMLU", "darijammlu*"), ("EgyMMLU", "egymmlu*"),
    ("AfriMMLU translate-test", "afrimmlu_t*"), ("AfriMMLU", "afrimmlu*"),
    ("Global-MMLU (full)", "global_mmlu_full*"), ("Global-MMLU Lite", "global_mmlu*"),
    ("MMLU-Redux", "mmlu_redux*"), ("MMLU flan CoT few-shot", "mmlu_flan_cot_fewshot*"),
    ("MMLU flan CoT zero-shot", "mmlu_flan_cot_zeroshot*"),
    ("MMLU flan n-shot generative", "mmlu_flan_n_shot_generative*"),
    ("MMLU flan n-shot loglikelihood", "mmlu_flan_n_shot_loglikelihood*"),
    ("MMLU continuation", "mmlu*continuation"), ("MMLU generative", "mmlu*generative"), ("MMLU", "mmlu*"),
)


def names(root: Path = TASKS_ROOT) -> dict[str, list[str]]:
    """``{"task": [...], "group": [...]}`` of the pack, sorted."""
    from lmeval.tasks.index import TaskIndex

    index = TaskIndex([(root, "lmeval-tasks-mmlu")])
    return {kind: index.names(kind) for kind in ("task", "group")}


def section(root: Path = TASKS_ROOT) -> str:
    found = names(root)
    lines = [BEGIN, "", f"{len(found['task'])} tasks and {len(found['group'])} groups "
             "(written by `generate/readme_tasks.py`).", ""]
    for kind in ("group", "task"):
        by_family: dict[str, list[str]] = {}
        for name in found[kind]:
            title = next(t for t, glob in FAMILIES if fnmatchcase(name, glob))
            by_family.setdefault(title, []).append(name)
        for title, _ in FAMILIES:
            members = by_family.get(title)
            if members:
                lines += [f"<details><summary>{title}: {len(members)} {kind}s</summary>", "",
                          ", ".join(f"`{n}`" for n in members), "", "</details>", ""]
    return "\n".join(lines + [END])


def render(text: str, root: Path = TASKS_ROOT) -> str:
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if pattern.search(text):
        return pattern.sub(lambda _: section(root), text)
    return text.rstrip("\n") + "\n\n## Every task\n\n" + section(root) + "\n"


if __name__ == "__main__":
    README.write_text(render(README.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {README}")
