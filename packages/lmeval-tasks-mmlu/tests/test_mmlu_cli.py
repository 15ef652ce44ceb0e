"""Every task, group and tag of the pack is listed by ``lmeval ls`` and passes ``lmeval validate``."""

from __future__ import annotations

import re

import pytest
from lmeval.cli import main
from lmeval_tasks_mmlu import TASKS_DIR

GROUPS = {
    "mmlu", "mmlu_stem", "mmlu_humanities", "mmlu_social_sciences", "mmlu_other",
    "kmmlu", "kmmlu_stem", "kmmlu_other", "kmmlu_applied_science", "kmmlu_humss",
    "kmmlu_direct", "kmmlu_direct_stem", "kmmlu_direct_other", "kmmlu_direct_applied_science",
    "kmmlu_direct_humss",
    "greekmmlu", "greekmmlu_stem", "greekmmlu_humanities", "greekmmlu_social_sciences",
    "greekmmlu_other", "gmmlu", "gmmlu_stem", "gmmlu_humanities", "gmmlu_social_sciences",
    "gmmlu_other",
    "cmmlu", "aclue", "ceval-valid",
    "arabicmmlu", "arabicmmlu_stem", "arabicmmlu_humanities", "arabicmmlu_social_science",
    "arabicmmlu_language", "arabicmmlu_other",
    "afrimmlu-irokobench", "afrimmlu_tt-irokobench",
    "darijammlu", "darijammlu_mmlu", "darijammlu_ar_mmlu", "egymmlu", "egymmlu_mmlu", "egymmlu_ar_mmlu",
    "mmlu_continuation", "mmlu_generative", "mmlu_flan_n_shot_generative", "mmlu_flan_n_shot_loglikelihood",
    "mmlu_flan_cot_zeroshot", "mmlu_flan_cot_fewshot", "mmlu_redux_generative",
}
GLOBAL_FULL = ["am", "ar", "bn", "cs", "de", "el", "en", "es", "fa", "fil", "fr", "ha", "he", "hi", "id", "ig",
               "it", "ja", "ko", "ky", "lt", "mg", "ms", "ne", "nl", "ny", "pl", "pt", "ro", "ru", "si", "sn",
               "so", "sr", "sv", "sw", "te", "tr", "uk", "vi", "yo", "zh"]
GLOBAL_LITE = ["ar", "bn", "de", "en", "es", "fr", "hi", "id", "it", "ja", "ko", "pt", "sw", "yo", "zh"]
GROUPS |= {f"global_mmlu_full_{lang}{domain}" for lang in GLOBAL_FULL
           for domain in ("", "_stem", "_other", "_social_sciences", "_humanities")}
GROUPS |= {f"global_mmlu_{lang}" for lang in GLOBAL_LITE}
MMMLU = ["ar_xy", "bn_bd", "de_de", "es_la", "fr_fr", "hi_in", "id_id", "it_it", "ja_jp", "ko_kr", "pt_br", "sw_ke",
         "yo_ng", "zh_cn"]
GROUPS |= {"mmmlu", "mmlu_pro_plus", "tmmluplus", "tmmluplus_other", "tmmluplus_social_sciences",
           "tmmluplus_humanities", "tmmluplus_STEM"}
GROUPS |= {f"mmmlu_{lang}{domain}" for lang in MMMLU
           for domain in ("", "_stem", "_other", "_social_sciences", "_humanities")}
PROX = ["af", "ar", "bn", "cs", "de", "en", "es", "fr", "hi", "hu", "id", "it", "ja", "ko", "mr", "ne", "pt", "ru", "sr",
        "sw", "te", "th", "uk", "ur", "vi", "wo", "yo", "zh", "zu"]
GROUPS |= {f"mmlu_prox{lite}_{lang}" for lang in PROX for lite in ("", "_lite")}
GROUPS |= {f"kmmlu{kind}_hard{domain}" for kind in ("", "_direct", "_cot")
           for domain in ("", "_stem", "_other", "_applied_science", "_humss")}
GROUPS |= {"tmlu", "mmlusr", "mmlusr_answer_only", "mmlusr_question_only", "mmlu_redux_spanish_generative"}
INCLUDE_GROUPS = 44 * 3  # include_base_44_<language>[_few_shot_en|_few_shot_og]
# name pattern -> number of tasks (as lm-eval 0.4.13 registers them)
COUNTS = {r"mmlu_[a-z_]+": 57 * 7 + 57 + 14 + 29 * 28 + 57 + 1, r"mmlu_pro_plus_[a-z_]+": 14, r"mmlu_[a-z_]+_continuation": 57, r"mmlu_[a-z_]+_generative": 57 * 2,
          r"mmlu_flan_[a-z_]+": 57 * 4, r"mmlu_redux_[a-z_]+_generative": 57,
          r"global_mmlu_full_[a-z]+_[a-z_]+": 42 * 57, r"global_mmlu_[a-z]{2}_[a-z_]+": 15 * 6,
          "kmmlu_direct_.+": 45 * 2, "greekmmlu_.+": 45, "cmmlu_.+": 67, "aclue_.+": 15, "ceval-valid_.+": 52,
          "arabicmmlu_.+": 40, "afrimmlu_direct_.+": 90, "afrimmlu_translate_.+": 85, "darijammlu_.+": 44,
          "egymmlu_.+": 44, "turkishmmlu_.+": 18, "turkishmmlu_cot_.+": 9, "tmmluplus_.+": 67,
          r"mmmlu_[a-z]{2}_[a-z]{2}_[a-z_]+": 14 * 57,
          r"mmlu_prox_(lite_)?[a-z]{2}_[a-z_]+": 29 * 28, "kmmlu_(cot_|direct_)?hard_.+": 45 * 3, "tmlu_.+": 31,
          "mmlusr_.+": 57 * 3, r"mmlu_[a-z_]+_generativ(e_spanish|_spanishe)": 57,
          "include_base_44_.+": 534, r"(arc|hellaswag|m_mmlu)_[a-z]+|truthfulqa_[a-z]+_mc[12]": 157}


def _declared(kind: str) -> set[str]:
    names = set()
    for path in TASKS_DIR.rglob("*.yaml"):
        m = re.search(rf"^{kind}: (\S+)$", path.read_text(encoding="utf-8"), re.M)
        if m:
            names.add(m.group(1))
    return names


def _listed(capsys, what: str) -> set[str]:
    assert main(["ls", what]) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    return {line.split()[0] for line in lines if line.strip()}


def test_ls_lists_every_task_group_and_tag(capsys):
    tasks = _declared("task")
    assert len(tasks) == 57 + 45 + 45 + 45 + 67 + 15 + 52 + 40 + 90 + 85 + 44 + 44 + 57 * 6 + 57 + 42 * 57 + 15 * 6 \
        + 18 + 67 + 14 * 57 + 14 + 29 * 28 + 45 * 3 + 31 + 57 * 3 + 57 + 1 + 534 + 157
    for pattern, n in COUNTS.items():
        assert sum(bool(re.fullmatch(pattern, t)) for t in tasks) == n, pattern
    assert tasks <= _listed(capsys, "tasks")
    groups = _declared("group")
    include = {g for g in groups if g.startswith("include_base_44_")}
    assert len(include) == INCLUDE_GROUPS
    assert groups - include == GROUPS
    assert groups <= _listed(capsys, "groups")
    tags = _listed(capsys, "tags")
    assert {"mmlu_stem_tasks", "kmmlu_humss_tasks", "greekmmlu_other_tasks", "afrimmlu_tasks",
            "afrimmlu_tasks_prompt_3", "afrimmlu_tt_tasks", "afrobench_mmlu_tasks",
            "arabicmmlu_language_tasks", "darijammlu_mmlu_tasks", "darijammlu_ar_mmlu_tasks", "egymmlu_stem_tasks",
            "egymmlu_ar_mmlu_tasks", "mmlu_stem_continuation", "mmlu_humanities_generative",
            "mmlu_flan_cot_zeroshot_other", "mmlu_flan_n_shot_loglikelihood_social_sciences",
            "mmlu_redux_stem_generative", "global_mmlu_full_yo_humanities_tasks", "turkishmmlu", "turkishmmlu_cot",
            "tmmluplus_STEM_tasks", "mmmlu_zh_cn_social_sciences_tasks", "kmmlu_cot_hard_humss_tasks",
            "tmlu_taiwan_specific_tasks", "mmlusr_question_only_stem_tasks",
            "mmlu_humanities_generative_spanish"} <= tags


@pytest.mark.parametrize("family", sorted(p.name for p in TASKS_DIR.iterdir() if p.is_dir()))
def test_validate_passes(family, capsys):
    code = main(["validate", str(TASKS_DIR / family)])
    out = capsys.readouterr()
    assert code == 0, out.out
    assert re.search(r"\d+ file\(s\) checked, 0 problem\(s\)", out.err)
