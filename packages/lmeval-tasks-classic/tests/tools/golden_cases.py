"""Which (task, num_fewshot) pairs have golden requests: every task at its default shot count,
plus few-shot settings (random shots from the training split, seed 1234, as lm-eval draws them)."""

from __future__ import annotations

TASKS = ["hellaswag", "arc_easy", "arc_challenge", "lambada_openai", "lambada_openai_mt_de",
         "lambada_openai_mt_en", "lambada_openai_mt_es", "lambada_openai_mt_fr",
         "lambada_openai_mt_it", "wikitext", "gsm8k", "gsm8k_cot", "piqa", "winogrande", "boolq",
         "openbookqa", "anli_r1", "anli_r2", "anli_r3", "commonsense_qa", "asdiv",
         "asdiv_cot_llama", "arc_challenge_chat", "babi", "c4"]

FEWSHOT = [("hellaswag", 3), ("arc_easy", 2), ("arc_challenge", 5), ("lambada_openai", 2),
           ("gsm8k", 0), ("gsm8k", 3), ("gsm8k_cot", 2), ("piqa", 3), ("winogrande", 3),
           ("boolq", 2), ("openbookqa", 4), ("anli_r1", 3), ("anli_r3", 2),
           ("commonsense_qa", 5), ("asdiv_cot_llama", 2), ("arc_challenge_chat", 2), ("babi", 3)]

CASES: list[tuple[str, int | None]] = [(name, None) for name in TASKS] + FEWSHOT
