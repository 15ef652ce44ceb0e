"""DarijaBench transliteration (Arabic script <-> Arabizi): prompt, reference, BERTScore."""

from lmeval_tasks_multilingual.darija import chat_doc_to_text as doc_to_text
from lmeval_tasks_multilingual.darija import chat_doc_to_target as doc_to_target
from lmeval_tasks_multilingual.darija import strip
from lmeval_tasks_multilingual.darija import dr_ar
from lmeval_tasks_multilingual.darija import ar_dr
from lmeval_tasks_multilingual.bertscore import bert, mbert, darijabert, arabizibert

__all__ = ['doc_to_text', 'doc_to_target', 'strip', 'dr_ar', 'ar_dr', 'bert', 'mbert', 'darijabert', 'arabizibert']
