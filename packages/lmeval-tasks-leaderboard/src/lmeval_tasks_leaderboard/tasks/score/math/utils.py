"""SCORE on math (``lmeval_tasks_leaderboard.score.math``) for the YAML beside this file."""

from lmeval_tasks_leaderboard.math.symbolic import require_libraries

from lmeval_tasks_leaderboard.score.math import (  # noqa: F401
    doc_to_text,
    non_greedy_accuracy,
    non_greedy_robustness_process_docs,
    non_greedy_robustness_process_results,
    per_prompt_accuracy,
    prompt_consistency_rate,
    prompt_robustness_process_docs,
    prompt_robustness_process_results,
)

require_libraries("SCORE's MATH scorer")

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
