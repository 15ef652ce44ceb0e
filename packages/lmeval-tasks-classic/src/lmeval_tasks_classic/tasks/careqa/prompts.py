"""CareQA multiple choice: the question, its four options as ``A.`` … ``D.``, then ``Answer:``."""

from __future__ import annotations

# lm-eval 0.4.13 scores this fixed question in place of any row whose question is missing
# (one such row exists in the Hub data); kept so the scores agree.
_MISSING_QUESTION_STAND_IN = {
    "question": "In relation to the immune mechanism involved in the rejection of transplanted "
                "solid organs, indicate the incorrect answer:",
    "op1": "Acute T-cell mediated rejection can be controlled through the use of drugs such as "
           "cyclosporine A or corticosteroids.",
    "op2": "The presence of specific antibodies against the donor (DSA) in the recipient prior to "
           "transplantation is a contraindication for it.",
    "op3": "Chronic rejection or chronic graft injury is associated with endothelial damage "
           "mediated by anti-HLA antibodies.",
    "op4": "Hyperacute rejection is mediated by cytotoxic T lymphocytes against donor antigens "
           "present in the recipient.",
    "cop": 4,
}


def doc_to_text(doc: dict) -> str:
    if doc["question"] is None:
        doc = _MISSING_QUESTION_STAND_IN
    options = "".join(f"{letter}. {doc[f'op{i}']}\n" for i, letter in enumerate("ABCD", start=1))
    return f"Question: {doc['question']}\nChoices:\n{options}Answer:"


def doc_to_target(doc: dict) -> int:
    """``cop`` is the 1-based correct option."""
    return doc["cop"] - 1
