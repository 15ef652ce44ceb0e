"""Write the golden requests of the families that keep their own golden file (INCLUDE, Okapi)
with lm-eval 0.4.13 on this pack's fixtures::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-mmlu/tests/tools/make_family_goldens.py [FAMILY ...]

A handful of tasks per family, chosen to cover each variant and quirk (in-language descriptions,
the one lower-case category name, shots drawn from ``test``, ARC's optional fifth option, mc2's
own scorer). Output: ``tests/golden/<family>.json``, committed; the tests need no lm-eval.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "lmeval-testkit" / "src")]

from lmeval_testkit.goldens import Case, write_goldens  # noqa: E402

FAMILIES: dict[str, list[Case]] = {
    "include": [
        "include_base_44_dutch_stem", "include_base_44_north_macedonian_arts_humanities",
        "include_base_44_hebrew_few_shot_en_driving_license", "include_base_44_hebrew_few_shot_og_driving_license",
        "include_base_44_dutch_few_shot_og_health_oriented_education",
        "include_base_44_malayalam_few_shot_og_marine_license", "include_base_44_chinese_few_shot_og_business_commerce",
        ("include_base_44_arabic_few_shot_en_general_knowledge", 2),
        ("include_base_44_telugu_few_shot_og_applied_science", 2),
    ],
    "okapi": [
        "arc_de", "arc_zh", ("arc_hy", 2), "hellaswag_eu", ("hellaswag_ta", 1), "m_mmlu_en", ("m_mmlu_is", 3),
        "truthfulqa_ar_mc1", "truthfulqa_ar_mc2", "truthfulqa_zh_mc2",
    ],
}

if __name__ == "__main__":
    for family in sys.argv[1:] or FAMILIES:
        write_goldens(FAMILIES[family], HERE.parent / "fixtures" / "datasets", HERE.parent / "golden" / f"{family}.json")
