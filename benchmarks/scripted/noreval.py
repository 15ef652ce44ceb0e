"""NorEval (lmeval-tasks-multilingual's ``noreval`` tasks): answers that exercise its scorers on the
pack's fixtures: an idiom's accepted completion with other case and punctuation, a partial one and a
wrong one (em, token F1); NorQuAD's answer span, a longer span and a miss (SQuAD em/F1); NorTruthfulQA
answers close to a true and to a false reference (BLEU/ROUGE acc and diff); summaries, corrections
and translations that share some words with their references (BLEU, ROUGE-L, BERTScore, chrF)."""

from __future__ import annotations

IDIOM = (" Som glimrar!", " som glitrar", " som", " noko heilt anna", "")
NORQUAD = (" svaret 0", " Andre avsnitt med svaret 1.", " svaret", " ingenting", " Svaret 2!")
TRUTHFUL = (" Ingenting skjer 0.", " Du døyr 1.", " Du blir mett 2", " Eg veit ikkje.", "")
#: no empty summary: lm-eval 0.4.13 stops on one (bert-score asks transformers 5's tokenizer for a method it
#: lacks); lmeval scores it 0 (docs/tasks/multilingual.md)
SUMMARY = (" Artikkelnb0w0 artikkelnb0w1 artikkelnb0w2.", " Kort samandrag nn 1. Slutt.", " Heilt feil.",
           " Artikkelnn2w0 . artikkelnn2w1 artikkelnn2w4.")
REWRITE = (" Dette er en setning test 0 som har feil.", " Dette er ein setning.", " Katten søv test 1.",
           " The cat sleeps test 2.", " Norrewrite0w0 norrewrite0w1 norrewrite0w2 norrewrite0w3.",
           " Norsummarize1w0 norsummarize1w1.", "")

_MARKERS = (
    (("Det er ikkje gull alt",), IDIOM),
    (("Tittel ",), NORQUAD),
    (("Kva skjer om du et",), TRUTHFUL),
    (("Artikkelnb", "Artikkelnn"), SUMMARY),
    (("Dette er ein setning", "The cat sleeps", "Katten søv", "Norrewrite", "Norsummarize"), REWRITE),
)


def generations(text: str) -> tuple[str, ...] | None:
    for markers, answers in _MARKERS:
        if any(m in text for m in markers):
            return answers
    return None
