"""The README's "Every task" section: every task, group and tag name of the pack, by family.

``generate/regenerate.py`` rewrites the section between the markers in the package README from
the pack's task index; the drift test (``assert_regenerates(..., readme=True)``) fails when they
differ.
"""

from __future__ import annotations

import re
from pathlib import Path

from _common import TASKS_ROOT

README = Path(__file__).resolve().parents[1] / "README.md"
BEGIN, END = "<!-- every-task:begin -->", "<!-- every-task:end -->"
FAMILIES = (  # (title, name prefixes); the first match wins; "" catches the rest
    ("MastermindEval", ("mastermind",)), ("Physics GRE", ("physics_gre",)), ("jfinqa", ("jfinqa",)),
    ("Putnam-AXIOM", ("putnam_axiom",)), ("LingOly", ("lingoly", "delta_nc")), ("SLR-Bench", ("slr_bench",)),
    ("ACPBench", ("acp_",)), ("BABILong (long context)", ("babilong",)), ("BEAR", ("bear",)),
    ("CareQA", ("careqa",)), ("CLIcK", ("click",)), ("CNN/DailyMail", ("cnn_dailymail",)),
    ("EQ-Bench", ("eq",)), ("LAMBADA", ("lambada",)),
    ("GLUE", ("glue", "cola", "mnli", "mrpc", "qnli", "qqp", "rte", "sst2", "wnli")),
    ("Translation", ("translation", "gpt3_translation", "wmt", "iwslt")),
    ("Inverse Scaling", ("inverse_scaling",)), ("ETHICS", ("ethics_", "hendrycks_ethics")),
    ("Unscramble", ("unscramble", "anagrams", "cycle_letters", "random_insertion", "reversed_words")),
    ("FLD", ("fld_",)), ("Based recall", ("squad_completion", "swde", "fda")), ("WSC273", ("wsc273",)),
    ("ARC", ("arc_", "ai2_arc")),
    ("ANLI", ("anli",)), ("TruthfulQA", ("truthfulqa",)),
    ("Medical QA", ("pubmedqa", "medmcqa", "medqa_")),
    ("Question answering", ("squadv2", "triviaqa", "nq_open", "race", "social_iqa")),
    ("SuperGLUE", ("super", "boolq", "cb", "copa", "multirc", "record", "sglue_rte", "wic", "wsc")),
    ("lm-eval's bundles", ("openllm", "pythia", "multimedqa")),
    ("Math word problems", ("gsm", "mathqa", "asdiv", "math_word_problems", "chain_of_thought",
                            "self_consistency")),
    ("Perplexity corpora", ("pile", "paloma", "uncheatable_eval")),
    ("LegalBench", ("legalbench",)),
    ("E2LM competition", ("mmlu_early_training", "noor", "sciknoweval")),
    ("Classic", ("",)),
)


def names(root: Path = TASKS_ROOT) -> dict[str, list[str]]:
    """``{"task": [...], "group": [...], "tag": [...]}`` of the pack, sorted."""
    from lmeval.tasks.index import TaskIndex

    index = TaskIndex([(root, "lmeval-tasks-classic")])
    return {kind: index.names(kind) for kind in ("task", "group", "tag")}


def section(root: Path = TASKS_ROOT) -> str:
    found = names(root)
    lines = [BEGIN, "", f"{len(found['task'])} tasks, {len(found['group'])} groups and "
             f"{len(found['tag'])} tags (written by `generate/readme_tasks.py`).", "",
             "| family | groups | tags | tasks |", "|---|---|---|---|"]
    by_family: dict[str, dict[str, list[str]]] = {}
    for kind, members in found.items():
        for name in members:
            title = next(t for t, prefix in FAMILIES if name.startswith(prefix))
            by_family.setdefault(title, {}).setdefault(kind, []).append(name)
    for title, _ in FAMILIES:
        kinds = by_family.get(title)
        if kinds:
            cells = [", ".join(f"`{n}`" for n in kinds.get(k, [])) or "–" for k in ("group", "tag", "task")]
            lines.append(f"| {title} | " + " | ".join(cells) + " |")
    return "\n".join(lines + ["", END])


def render(text: str, root: Path = TASKS_ROOT) -> str:
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if pattern.search(text):
        return pattern.sub(lambda _: section(root), text)
    return text.rstrip("\n") + "\n\n## Every task\n\n" + section(root) + "\n"


if __name__ == "__main__":
    README.write_text(render(README.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {README}")
