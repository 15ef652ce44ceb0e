"""DarijaBench translation: chat prompt and reference, directions, BERTScore models."""

from lmeval_tasks_multilingual.darija import chat_doc_to_text as doc_to_text
from lmeval_tasks_multilingual.darija import chat_doc_to_target as doc_to_target
from lmeval_tasks_multilingual.darija import strip
from lmeval_tasks_multilingual.darija import dr_en
from lmeval_tasks_multilingual.darija import dr_fr
from lmeval_tasks_multilingual.darija import dr_msa
from lmeval_tasks_multilingual.darija import en_dr
from lmeval_tasks_multilingual.darija import fr_dr
from lmeval_tasks_multilingual.darija import msa_dr
from lmeval_tasks_multilingual.bertscore import bert, mbert, bertbase, camembert, arabert, darijabert

__all__ = ['doc_to_text', 'doc_to_target', 'strip', 'dr_en', 'dr_fr', 'dr_msa', 'en_dr', 'fr_dr', 'msa_dr', 'bert', 'mbert', 'bertbase', 'camembert', 'arabert', 'darijabert']
