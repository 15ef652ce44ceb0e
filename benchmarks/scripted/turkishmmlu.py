"""TurkishMMLU chain-of-thought (``turkishmmlu_cot_*``): answers for both of its filters, the
``X şıkkıdır`` / ``X şıkkı`` pattern (get-answer) and the first capital A-E anywhere (get-choice):
a worked answer, a bare letter, a lower-case answer, several letters, and no letter at all."""

from __future__ import annotations

TURKISHMMLU_COT = (" Adım adım bakalım. Doğru cevap B şıkkıdır.", " C", " Bence E şıkkı doğru.",
                   " doğru cevap a şıkkıdır", " A mı D mi? D şıkkıdır.", " bilmiyorum", "")


def generations(text: str) -> tuple[str, ...] | None:
    if "Adım adım düşünelim." in text or "Ad\\u0131m ad\\u0131m d\\u00fc\\u015f\\u00fcnelim." in text:
        return TURKISHMMLU_COT
    return None
