"""lm-eval's ``lm_eval.models`` import paths (``lmeval.models.huggingface.HFLM``), resolved
lazily to the backend packages: importing this never imports torch."""
