"""Golden cases of the families with their own golden files (``tests/golden/<family>.json``): a
handful per family, its prompt variants and a few-shot setting each, not every task name.

A case is a task name or ``(name, num_fewshot)``."""

from __future__ import annotations

CASES: dict[str, list[str | tuple[str, int]]] = {
    "noreval": ["ask_gec_p2", "ncb", ("norbelebele_p3", 2), "norcommonsenseqa_nno_p2", ("noropenbookqa_nob_p4", 2),
                "norec_document_p4", "noridiom_nno_p1", ("norquad_p4", 1), "norrewrite_instruct",
                "nortruthfulqa_gen_nno_p0", "nortruthfulqa_mc_nob_p3", "nrk_quiz_qa_nno_p2", ("tatoeba_nob_eng_p3", 2)],
    "evalita_llm": ["evalita-mp_te_prompt-5", ("evalita-mp_sa_prompt-3", 2), "evalita-mp_wic_prompt-1",
                    "evalita-mp_hs_prompt-4", "evalita-mp_at_prompt-1", ("evalita-mp_faq_prompt-3", 2),
                    "evalita-mp_ls_prompt-2", "evalita-mp_ner_adg_p1", "evalita-mp_ner-v2_wn_p2", "evalita-mp_re_prompt-1"],
    "kbl": ["kbl_bar_exam_em_civil_2025", ("kbl_bar_exam_em_responsibility_2010", 2), "kbl_offense_component_qa_em",
            "kbl_causal_reasoning_qa_em", ("kbl_case_relevance_qa_p_em", 1)],
    "french_bench": [("french_bench_arc_challenge", 2), "french_bench_boolqa", "french_bench_fquadv2",
                     ("french_bench_fquadv2_hasAns", 2),
                     "french_bench_fquadv2_genq", "french_bench_hellaswag", "french_bench_reading_comp",
                     "french_bench_trivia", "french_bench_wikitext_fr", "french_bench_opus_perplexity",
                     "french_bench_xnli"],
    "korean": [("kobest_copa", 2), "kobest_hellaswag", "kobest_wic", "haerae_history", ("csatqa_rcss", 1)],
    "hrm8k": ["hrm8k_gsm8k", "hrm8k_mmmlu", "hrm8k_math_en", "hrm8k_mmmlu_en"],
    "japanese_leaderboard": ["ja_leaderboard_jaqket_v2", "ja_leaderboard_jcommonsenseqa", "ja_leaderboard_jnli",
                             "ja_leaderboard_jsquad", "ja_leaderboard_marc_ja", ("ja_leaderboard_mgsm", 2),
                             "ja_leaderboard_xwinograd"],
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
