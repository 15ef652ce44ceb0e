"""The task engine: lm-eval compatible task YAML, prompts, few-shot, groups and the task index."""
