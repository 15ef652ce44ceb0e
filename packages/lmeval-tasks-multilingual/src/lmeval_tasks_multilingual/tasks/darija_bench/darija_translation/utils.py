"""DarijaBench translation: chat prompt and reference, directions, BERTScore models."""

from lmeval_tasks_multilingual import bertscore, darija

doc_to_text = darija.chat_doc_to_text
doc_to_target = darija.chat_doc_to_target
strip = darija.strip
dr_en = darija.dr_en
dr_fr = darija.dr_fr
dr_msa = darija.dr_msa
en_dr = darija.en_dr
fr_dr = darija.fr_dr
msa_dr = darija.msa_dr
bert = bertscore.bert
mbert = bertscore.mbert
bertbase = bertscore.bertbase
camembert = bertscore.camembert
arabert = bertscore.arabert
darijabert = bertscore.darijabert

__all__ = ['doc_to_text', 'doc_to_target', 'strip', 'dr_en', 'dr_fr', 'dr_msa', 'en_dr', 'fr_dr', 'msa_dr', 'bert', 'mbert', 'bertbase', 'camembert', 'arabert', 'darijabert']
