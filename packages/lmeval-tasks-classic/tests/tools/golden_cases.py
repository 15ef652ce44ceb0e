"""Which (task, num_fewshot) pairs have golden requests: every task at its default shot count,
plus few-shot settings (random shots from the training split, seed 1234, as lm-eval draws them)."""

from __future__ import annotations

TASKS = ["hellaswag", "arc_easy", "arc_challenge", "lambada_openai", "lambada_openai_mt_de",
         "lambada_openai_mt_en", "lambada_openai_mt_es", "lambada_openai_mt_fr",
         "lambada_openai_mt_it", "wikitext", "gsm8k", "gsm8k_cot", "piqa", "winogrande", "boolq",
         "openbookqa", "anli_r1", "anli_r2", "anli_r3", "commonsense_qa", "asdiv",
         "asdiv_cot_llama", "arc_challenge_chat", "babi", "c4",
         # issue 18 additions (a slice of each family)
         "bear", "bear_big", "careqa_en", "careqa_es", "careqa_open", "careqa_open_perplexity",
         "eq_bench", "eqbench_ca", "eqbench_es", "click_lang_text", "click_lang_grammar",
         "click_lang_function", "click_cul_history", "click_cul_law", "click_cul_kpop",
         "cnn_dailymail_abisee", "babilong_qa1", "babilong_qa5", "babilong_qa11", "babilong_qa20",
         "acp_app_bool", "acp_areach_bool", "acp_just_bool", "acp_prog_mcq", "acp_val_mcq",
         "acp_land_mcq",
         # the members of lm-eval's openllm, pythia and multimedqa bundles (every one)
         "truthfulqa_mc1", "truthfulqa_mc2", "truthfulqa_gen", "sciq", "logiqa", "wsc",
         "pubmedqa", "medmcqa", "medqa_4options",
         # issue 28: question answering
         "squadv2", "triviaqa", "nq_open", "race", "social_iqa",
         # issue 28: SuperGLUE (boolq and wsc above)
         "cb", "copa", "multirc", "record", "sglue_rte", "wic", "boolq-seq2seq",
         *(f"super_glue-{t}-t5-prompt" for t in ("boolq", "cb", "copa", "multirc", "record", "rte",
                                                  "wic", "wsc"))]

FEWSHOT = [("hellaswag", 3), ("arc_easy", 2), ("arc_challenge", 5), ("lambada_openai", 2),
           ("gsm8k", 0), ("gsm8k", 3), ("gsm8k_cot", 2), ("piqa", 3), ("winogrande", 3),
           ("boolq", 2), ("openbookqa", 4), ("anli_r1", 3), ("anli_r3", 2),
           ("commonsense_qa", 5), ("asdiv_cot_llama", 2), ("arc_challenge_chat", 2), ("babi", 3),
           ("bear", 2), ("careqa_en", 3), ("click_cul_economy", 1), ("click_lang_grammar", 2),
           ("babilong_qa5", 3), ("babilong_qa2", 0), ("acp_reach_mcq", 1), ("eq_bench", 1),
           ("sciq", 2), ("logiqa", 3), ("wsc", 3), ("pubmedqa", 2), ("medmcqa", 3),
           ("medqa_4options", 2), ("arc_challenge", 25), ("hellaswag", 10),
           ("triviaqa", 3), ("nq_open", 2), ("social_iqa", 2),
           ("cb", 2), ("copa", 3), ("multirc", 2), ("record", 1), ("sglue_rte", 2), ("wic", 2),
           ("boolq-seq2seq", 2), ("super_glue-cb-t5-prompt", 1), ("super_glue-rte-t5-prompt", 0)]

#: tasks whose per-document scores need Hub-hosted metric models: requests only
REQUESTS_ONLY = {"careqa_open"}

#: answers each generate_until case of the issue-18 families is also scored on (filters, then
#: process_results): well-formed, near misses and hostile text
ANSWERS = [
    "Anger: 2\nJoy: 5\nFear: 7\nSurprise: 1",
    "Anger: 0\nJoy: 3\nFear: 6\nSurprise: 9",
    "anger: 0\nJoy: 3\nFear: 6\nSurprise: 9",
    "Anger: 12\nJoy: 5\nFear: 7\nSurprise: 1\nAnger: 3",
    "Relief: 10\nJoy: 0\nGuilt: 5\nPride: 4",
    "Anger: 2, Joy: 5, Fear: 7",
    " The most recent location of Mary is office.",
    "OFFICE\x07\x1b",
    " kitchen 1\n\nSomething else",
    "Council 0 votes to close the old bridge. Residents say it was unsafe.",
    "  Bridges   being closed by councils\n",
    " Step 1: the ferry is at l0. **Final Answer**: Yes.",
    " The answer is no.",
    "no",
    " **Final Answer**: B.",
    " The answer is C",
    "sail from l0 to l0.",
    "[D]",
    "I pick A\n",
    "",
    "   ",
    "Nothing happens to seed 0.",
    " Seed 0 grows in your stomach . You get sick 0.\n",
    # issue 28: SuperGLUE's T5-prompt labels and WSC referents, open-QA answers
    "True", "entailment", " yes", "choice2", "Pete", "the city councilmen", "Mark's book",
    " The Beatles", "paris!",
]
SCORED_ANSWER_FAMILIES = ("eq", "babilong", "cnn_", "acp_", "truthfulqa_gen", "triviaqa", "nq_open",
                          "boolq-seq2seq", "super_glue-")

CASES: list[tuple[str, int | None]] = [(name, None) for name in TASKS] + FEWSHOT
