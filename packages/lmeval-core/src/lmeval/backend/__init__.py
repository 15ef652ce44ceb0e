"""What a backend author uses, besides :mod:`lmeval.protocol`: lm-eval's encoding contract
(:mod:`~lmeval.backend.encoding`), rolling windows (:mod:`~lmeval.backend.rolling`), generation
rules (:mod:`~lmeval.backend.generation`), batch sizing (:mod:`~lmeval.backend.batch_size`),
log-likelihoods over logits (:mod:`~lmeval.backend.logits`), a tokenizer's chat template
(:mod:`~lmeval.backend.tokenizer_chat`), image placeholders (:mod:`~lmeval.backend.image_prompts`),
thinking models (:mod:`~lmeval.backend.reasoning`) and launcher ranks
(:mod:`~lmeval.backend.distributed`). Pure Python: nothing here imports torch at import time."""
