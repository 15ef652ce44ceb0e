"""MMLU-Pro's category filters and Llama-3 few-shot answers for the YAML beside this file."""

from lmeval_tasks_leaderboard.llama3 import mmlu_pro_fewshot_to_text as fewshot_to_text
from lmeval_tasks_leaderboard.mmlu_pro import in_category

process_biology = in_category("biology")
process_business = in_category("business")
process_chemistry = in_category("chemistry")
process_computer_science = in_category("computer science")
process_economics = in_category("economics")
process_engineering = in_category("engineering")
process_health = in_category("health")
process_history = in_category("history")
process_law = in_category("law")
process_math = in_category("math")
process_other = in_category("other")
process_philosophy = in_category("philosophy")
process_physics = in_category("physics")
process_psychology = in_category("psychology")

__all__ = ["fewshot_to_text", "process_biology", "process_business", "process_chemistry", "process_computer_science", "process_economics", "process_engineering", "process_health", "process_history", "process_law", "process_math", "process_other", "process_philosophy", "process_physics", "process_psychology"]
