"""Stand-ins for the Hub models of the BERTScore metrics (DarijaBench), for the parity benchmarks.

lm-eval's and lmeval's DarijaBench tasks load their BERTScore models by Hub id
(``SI2M-Lab/DarijaBERT``, ``google-bert/bert-base-multilingual-cased``, ...), which cannot be
downloaded here. ``serve()`` builds a different tiny random BERT for each id
(``lmeval_testkit.encoders``) into a local Hub cache; with ``HF_HUB_CACHE`` pointing at it and
``HF_HUB_OFFLINE=1`` both tools load them through their own, unchanged code. The figures then
compare the two tools' BERTScore computation on the same models, not the real models' scores.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: the Hub ids lm-eval 0.4.13's darija_bench helpers score with (lmeval_tasks_multilingual.bertscore.MODELS)
HUB_IDS = ["google-bert/bert-base-multilingual-cased", "google-bert/bert-base-uncased", "almanach/camembert-base",
           "aubmindlab/bert-base-arabert", "SI2M-Lab/DarijaBERT", "SI2M-Lab/DarijaBERT-arabizi",
           # cnn_dailymail_abisee's BERTScore (both tools add it when bert-score is installed)
           "distilbert-base-uncased",
           # NorEval's norsumm_* (lm-eval's helper names the model without its owner)
           "bert-base-multilingual-cased"]


def serve(root: Path | None = None) -> Path:
    """A Hub cache under ``root`` (a new temporary folder by default) holding the stand-ins, and
    ``HF_HUB_CACHE`` pointing at it, set before huggingface_hub is imported (it reads it once)."""
    base = Path(root) if root else Path(tempfile.mkdtemp(prefix="bertscore-standins-"))
    os.environ["HF_HUB_CACHE"] = str(base / "hub")
    from lmeval_testkit.encoders import serve_tiny_berts

    return serve_tiny_berts(base / "hub", HUB_IDS)
