"""DarijaBench summarization (MArSum): prompt asking for 30 words, ROUGE, BERTScore."""

from lmeval_tasks_multilingual import bertscore, darija, darija_summary

doc_to_text = darija.summary_doc_to_text
doc_to_target = darija.chat_doc_to_target
strip = darija.strip
bert = bertscore.bert
darijabert = bertscore.darijabert
rouge1 = darija_summary.rouge1
rouge2 = darija_summary.rouge2
rougeL = darija_summary.rougeL
rougeLsum = darija_summary.rougeLsum
agg_rouge1 = darija_summary.agg_rouge1
agg_rouge2 = darija_summary.agg_rouge2
agg_rougel = darija_summary.agg_rougel
agg_rougelsum = darija_summary.agg_rougelsum

__all__ = ['doc_to_text', 'doc_to_target', 'strip', 'bert', 'darijabert', 'rouge1', 'rouge2', 'rougeL', 'rougeLsum', 'agg_rouge1', 'agg_rouge2', 'agg_rougel', 'agg_rougelsum']
