"""SCORE on mmlu_pro (``lmeval_tasks_leaderboard.score.mmlu_pro``) for the YAML beside this file."""

from lmeval_tasks_leaderboard.score.mmlu_pro import (  # noqa: F401
    doc_to_text,
    non_greedy_macro_accuracy,
    non_greedy_robustness_process_docs,
    non_greedy_robustness_process_results,
    option_order_robustness_process_docs,
    option_order_robustness_process_results,
    options_consistency_rate,
    per_option_macro_accuracy,
    per_prompt_accuracy,
    prompt_consistency_rate,
    prompt_robustness_process_docs,
    prompt_robustness_process_results,
)

per_prompt_accuracy_0 = per_prompt_accuracy(0)
per_prompt_accuracy_1 = per_prompt_accuracy(1)
per_prompt_accuracy_2 = per_prompt_accuracy(2)
per_prompt_accuracy_3 = per_prompt_accuracy(3)
per_prompt_accuracy_4 = per_prompt_accuracy(4)
per_prompt_accuracy_5 = per_prompt_accuracy(5)
per_prompt_accuracy_6 = per_prompt_accuracy(6)
per_prompt_accuracy_7 = per_prompt_accuracy(7)
per_prompt_accuracy_8 = per_prompt_accuracy(8)
per_prompt_accuracy_9 = per_prompt_accuracy(9)
per_option_macro_accuracy_a = per_option_macro_accuracy("A")
per_option_macro_accuracy_b = per_option_macro_accuracy("B")
per_option_macro_accuracy_c = per_option_macro_accuracy("C")
per_option_macro_accuracy_d = per_option_macro_accuracy("D")
per_option_macro_accuracy_e = per_option_macro_accuracy("E")
per_option_macro_accuracy_f = per_option_macro_accuracy("F")
per_option_macro_accuracy_g = per_option_macro_accuracy("G")
per_option_macro_accuracy_h = per_option_macro_accuracy("H")
per_option_macro_accuracy_i = per_option_macro_accuracy("I")
per_option_macro_accuracy_j = per_option_macro_accuracy("J")
