"""PAWS-X documents: detokenized, first sentence without its final mark, second lower-cased."""

from lmeval_tasks_multilingual.prompts import process_docs_paraphrases

__all__ = ["process_docs_paraphrases"]
