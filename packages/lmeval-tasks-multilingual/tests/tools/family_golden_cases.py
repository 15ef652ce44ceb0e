"""Golden cases of the families with their own golden files (``tests/golden/<family>.json``): a
handful per family, its prompt variants and a few-shot setting each, not every task name.

A case is a task name or ``(name, num_fewshot)``."""

from __future__ import annotations

CASES: dict[str, list[str | tuple[str, int]]] = {
    "global_piqa": ["global_piqa_parallel_cloze_eng_latn", "global_piqa_nonparallel_cloze_zul_latn",
                    "global_piqa_parallel_generation_acm_arab", "global_piqa_nonparallel_generation_jpn_jpan",
                    ("global_piqa_parallel_cloze_cmn_hans", 2)],
    "toksuite": ["toksuite_english_canonical", "toksuite_math_latex", "toksuite_chinese_traditional",
                 ("toksuite_farsi_dialects", 2)],
    "extractive_qa": ["xquad_ar", "xquad_zh", "mlqa_zh_en", "mlqa_ar_de", ("mlqa_de_es", 2),
                      "tydiqa_goldp_ar", ("tydiqa_goldp_ko", 2)],
    "xwinograd": ["xwinograd_en", "xwinograd_jp", "icelandic_winogrande"],
    "single_prompt_sets": ["lambada_openai_mt_stablelm_de", "copa_ar", "piqa_ar", ("indicxnli_gu", 2)],
    "mela": [("mela_en", 2), "mela_ja"],
    "indicparam": ["indicparam_sanskrit_mix", "indicparam_bodo"],
    "ulqa": ["ulqa_", "celep2", ("celep1", 1), "wub", "wum", "nug", "lambada_uyghur"],
    "truthfulqa_multi": ["truthfulqa-multi_gen_gl", ("truthfulqa-multi_gen_en", 2), "truthfulqa-multi_mc1_eu",
                         ("truthfulqa-multi_mc2_es", 2)],
    "nerel_bench": ["ru_entity_recognition", "ru_entity_definition", "ru_relation_extraction", "ru_relation_definition",
                    ("ru_entity_recognition", 0)],
}
