"""lm-eval 0.4.13's unitxt folder: 19 tasks, each a Unitxt recipe (a catalog card and a template)
that the ``unitxt`` library turns into prompts, targets and metrics
(:mod:`lmeval_tasks_classic.unitxt_tasks`). The recipe is the task's ``dataset_name``, as lm-eval's
``Unitxt`` task makes it; ``doc_vqa`` is the multimodal one.
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "unitxt.py"
#: task -> (card, template); lm-eval's recipe is card=cards.<card>,template=templates.<template>
RECIPES = {
    "20_newsgroups": ("20_newsgroups", "classification.multi_class.title"),
    "ag_news": ("ag_news", "classification.multi_class.title"),
    "argument_topic": ("argument_topic", "classification.multi_class.title"),
    "atis": ("atis", "span_labeling.extraction.title"),
    "banking77": ("banking77", "classification.multi_class.title"),
    "claim_stance_topic": ("claim_stance_topic", "classification.multi_class.title"),
    "cnn_dailymail": ("cnn_dailymail", "summarization.abstractive.full"),
    "coedit_gec": ("coedit_gec", "grammatical_error_correction.simple"),
    "dbpedia_14": ("dbpedia_14", "classification.multi_class.title"),
    "doc_vqa": ("doc_vqa.en", "qa.with_context.title"),
    "ethos_binary": ("ethos_binary", "classification.multi_class.title"),
    "financial_tweets": ("financial_tweets", "classification.multi_class.title"),
    "law_stack_exchange": ("law_stack_exchange", "classification.multi_class.title"),
    "ledgar": ("ledgar", "classification.multi_class.title"),
    "medical_abstracts": ("medical_abstracts", "classification.multi_class.title"),
    "stsb": ("stsb", "regression.two_texts.simple"),
    "unfair_tos": ("unfair_tos", "classification.multi_label.title"),
    "xsum": ("xsum", "summarization.abstractive.full"),
    "yahoo_answers_topics": ("yahoo_answers_topics", "classification.multi_class.title"),
}
MULTIMODAL = {"doc_vqa"}


def config(task: str, card: str, template: str) -> dict:
    cls = "UnitxtMultiModal" if task in MULTIMODAL else "Unitxt"
    return {"task": task, "class": Function(f"lmeval_tasks_classic.unitxt_tasks.{cls}"), "dataset_path": "unitxt",
            "dataset_name": f"card=cards.{card},template=templates.{template}",
            "output_type": "generate_until", "test_split": "test", "metadata": {"version": 0}}


def main(root: Path) -> None:
    folder = reset_dir(root / "unitxt")
    for task, (card, template) in RECIPES.items():
        write_yaml(folder / f"{task}.yaml", config(task, card, template), SCRIPT)
