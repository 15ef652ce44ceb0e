"""DarijaBench summarization (MArSum): prompt asking for 30 words, ROUGE, BERTScore."""

from lmeval_tasks_multilingual.darija import summary_doc_to_text as doc_to_text
from lmeval_tasks_multilingual.darija import chat_doc_to_target as doc_to_target
from lmeval_tasks_multilingual.darija import strip
from lmeval_tasks_multilingual.bertscore import bert, darijabert
from lmeval_tasks_multilingual.darija_summary import rouge1, rouge2, rougeL, rougeLsum, agg_rouge1, agg_rouge2, agg_rougel, agg_rougelsum

__all__ = ['doc_to_text', 'doc_to_target', 'strip', 'bert', 'darijabert', 'rouge1', 'rouge2', 'rougeL', 'rougeLsum', 'agg_rouge1', 'agg_rouge2', 'agg_rougel', 'agg_rougelsum']
