"""DarijaBench transliteration (Arabic script <-> Arabizi): prompt, reference, BERTScore."""

from lmeval_tasks_multilingual import bertscore, darija

doc_to_text = darija.chat_doc_to_text
doc_to_target = darija.chat_doc_to_target
strip = darija.strip
dr_ar = darija.dr_ar
ar_dr = darija.ar_dr
bert = bertscore.bert
mbert = bertscore.mbert
darijabert = bertscore.darijabert
arabizibert = bertscore.arabizibert

__all__ = ['doc_to_text', 'doc_to_target', 'strip', 'dr_ar', 'ar_dr', 'bert', 'mbert', 'darijabert', 'arabizibert']
