"""AfriMMLU in-language: prompt templates 1-5 of IrokoBench, the choices and weighted F1
(:mod:`lmeval_tasks_mmlu.afrimmlu`)."""

from lmeval_tasks_mmlu.afrimmlu import doc_to_choice, prompts, weighted_f1

prompt_1, prompt_2, prompt_3, prompt_4, prompt_5 = prompts("direct")

__all__ = ["doc_to_choice", "prompt_1", "prompt_2", "prompt_3", "prompt_4", "prompt_5", "weighted_f1"]
