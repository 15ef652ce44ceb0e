"""lm-eval's ``lm_eval.api`` import paths: ``lmeval.api.model.LM``, ``lmeval.api.registry``."""
