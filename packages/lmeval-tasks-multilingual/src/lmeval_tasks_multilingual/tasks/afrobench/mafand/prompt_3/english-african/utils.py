"""MAFAND-MT prompts and targets (lmeval_tasks_multilingual.mafand)."""

from lmeval_tasks_multilingual.mafand import (
    african_target,
    from_pivot_prompt_1,
    from_pivot_prompt_2,
    from_pivot_prompt_3,
    into_pivot_prompt_1,
    into_pivot_prompt_2,
    pivot_target,
)

__all__ = ["african_target", "from_pivot_prompt_1", "from_pivot_prompt_2", "from_pivot_prompt_3",
           "into_pivot_prompt_1", "into_pivot_prompt_2", "pivot_target"]
