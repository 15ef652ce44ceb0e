"""Which (task, num_fewshot) pairs have golden requests: every task of the pack at its default
shot count, plus the few-shot settings people run (MMLU-style 5-shot from ``dev``)."""

from __future__ import annotations

import re
from pathlib import Path

TASKS_DIR = Path(__file__).resolve().parents[2] / "src" / "lmeval_tasks_mmlu" / "tasks"


# families with thousands of near-identical tasks: only these subjects / languages have goldens;
# tmmluplus_linear_algebra reads hf:// CSV files, which the golden loader does not mirror
# (task_parity.py compares it with lm-eval instead); MMLU-ProX, KMMLU-HARD, TMLU, MMLU-SR and the
# Spanish MMLU-Redux have their own golden files (make_exam_goldens.py)
SLICED = re.compile(r"mmlu_.*(continuation|generative)|mmlu_flan_.*|mmlu_redux_.*|global_mmlu_.*|mmmlu_.*|"
                    r"tmmluplus_linear_algebra|"
                    r"mmlu_prox_.*|kmmlu_(cot_|direct_)?hard_.*|tmlu_.*|mmlusr_.*|mmlu_.*_generativ(e_spanish|_spanishe)")
SLICE = re.compile(r"(mmlu_.*|global_mmlu_full_(am|fil|zh)_)(abstract_algebra|high_school_us_history|"
                   r"professional_law|world_religions)(_generative|_continuation)?|global_mmlu_(zh|yo)_.*|"
                   r"mmmlu_(ar_xy|sw_ke|zh_cn)_(abstract_algebra|college_mathematics|world_religions)")


# families whose goldens are their own file (tools/make_family_goldens.py, golden/<family>.json)
OWN_GOLDENS = ("include", "okapi")


def pack_tasks() -> list[str]:
    names = []
    for path in sorted(TASKS_DIR.rglob("*.yaml")):
        if path.relative_to(TASKS_DIR).parts[0] in OWN_GOLDENS:
            continue
        m = re.search(r"^task: (\S+)$", path.read_text(encoding="utf-8"), re.M)
        if m and (not SLICED.fullmatch(m.group(1)) or SLICE.fullmatch(m.group(1))):
            names.append(m.group(1))
    return names


FEWSHOT = [
    ("mmlu_abstract_algebra", 5), ("mmlu_high_school_us_history", 2),
    ("kmmlu_accounting", 5), ("kmmlu_korean_history", 2), ("kmmlu_direct_math", 0),
    ("greekmmlu_biology", 5), ("greekmmlu_physics_professional", 3),
    ("cmmlu_agronomy", 5), ("ceval-valid_law", 5),
    ("arabicmmlu_accounting_university", 3),
    ("afrimmlu_direct_amh_prompt_1", 2), ("afrimmlu_translate_yor_prompt_5", 2),
    ("mmlu_anatomy_continuation", 5), ("mmlu_anatomy_generative", 5),
    ("mmlu_flan_n_shot_generative_anatomy", 5), ("mmlu_flan_n_shot_loglikelihood_anatomy", 5),
    ("mmlu_flan_cot_zeroshot_anatomy", 2), ("mmlu_flan_cot_fewshot_conceptual_physics", 5),
    ("mmlu_flan_cot_fewshot_anatomy", 1), ("mmlu_redux_anatomy_generative", 2),
    ("global_mmlu_full_de_virology", 1), ("global_mmlu_full_ha_abstract_algebra", 1),
    ("global_mmlu_de_stem", 3), ("global_mmlu_ko_medical", 2),
    ("turkishmmlu_biology", 5), ("turkishmmlu_cot_physics", 1), ("tmmluplus_administrative_law", 5),
    ("tmmluplus_accounting", 2), ("mmmlu_sw_ke_college_mathematics", 1), ("mmlu_pro_plus_law", 0),
]

# lm-eval's kmmlu_direct YAML sets no shot count; ours defaults to the published five shots
DEFAULT_SHOTS = {"kmmlu_direct_": 5}


def _default(name: str) -> int | None:
    return next((n for prefix, n in DEFAULT_SHOTS.items() if name.startswith(prefix)), None)


CASES: list[tuple[str, int | None]] = [(name, _default(name)) for name in pack_tasks()] + FEWSHOT
