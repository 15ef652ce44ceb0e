"""Prompts and reference answers of the free-answer medical tasks, as lm-eval 0.4.13 reads them,
and the perplexity tasks' per-document counts (none of these need a scoring library)."""

from __future__ import annotations

import re
from typing import Any


def dialog_question(doc: dict) -> str:
    """meddialog_raw_dialogues: the patient's description."""
    return doc["description"]


def dialog_answer(doc: dict) -> str:
    """meddialog_raw_dialogues: the dialogue's second utterance (the doctor's)."""
    return doc["utterances"]["utterance"][1]


def qsumm_source(doc: dict) -> str:
    return doc["src"]


def qsumm_target(doc: dict) -> str:
    return doc["tgt"]


def mediqa_question(doc: dict) -> str:
    return doc["QUESTION"]["QuestionText"]


def mediqa_answer(doc: dict) -> str:
    """The first answer of the question's answer list."""
    return doc["QUESTION"]["AnswerList"][0]["Answer"]["AnswerText"]


def medtext_prompt(doc: dict) -> str:
    return doc["Prompt"]


def medtext_completion(doc: dict) -> str:
    return doc["Completion"]


def meqsum_question(doc: dict) -> str:
    """The consumer health question after its ``MESSAGE`` label (9 characters on), else all of it."""
    text = doc["CHQ"]
    at = text.find("MESSAGE")
    return text[at + 9:] if at != -1 else text


def meqsum_summary(doc: dict) -> str:
    return doc["Summary"]


def mts_dialogue(doc: dict) -> str:
    return doc["dialogue"]


def mts_note(doc: dict) -> str:
    return doc["section_text"]


def olaph_question(doc: dict) -> str:
    return doc["Question"]


def olaph_answer(doc: dict) -> str:
    return doc["Free_form_answer"]


def olaph_docs(dataset: Any) -> Any:
    """The first tenth of the documents (``int(0.1 * n)``), as lm-eval keeps."""
    keep = int(0.1 * len(dataset))
    if hasattr(dataset, "select"):
        return dataset.select(range(keep))
    return list(dataset)[:keep]


def _report_sections(text: str) -> tuple[str, str]:
    """(findings, impressions) of a radiology report, by lm-eval's ``IMPRESSION``/``FINDING`` rule."""
    found_a = re.search("IMPRESSION", text, re.IGNORECASE)
    found_b = re.search("FINDING", text, re.IGNORECASE)
    a = found_a.start() if found_a is not None else -1
    b = found_b.start() if found_b is not None else -1
    if a < b:
        impressions, findings = text[a:b].split("     ")[0], text[b:].split("     ")[0]
    else:
        impressions, findings = text[a:].split("     ")[0], text[b:a].split("     ")[0]
    if len(findings) < 5 < len(impressions):
        findings = text[:a]
    return findings, impressions


def mimic_findings(doc: dict) -> str:
    findings, _ = _report_sections(doc["extractive_notes_summ"])
    return f"Given the findings: {findings}.\nSummarize the findings."


def mimic_impressions(doc: dict) -> str:
    """The impressions, before the findings fallback (lm-eval's target never takes it)."""
    text = doc["extractive_notes_summ"]
    found_a = re.search("IMPRESSION", text, re.IGNORECASE)
    found_b = re.search("FINDING", text, re.IGNORECASE)
    a = found_a.start() if found_a is not None else -1
    b = found_b.start() if found_b is not None else -1
    return text[a:b].split("     ")[0] if a < b else text[a:].split("     ")[0]


def perplexity_counts(reference: str, loglikelihood: float, *, plain: bool = False) -> dict[str, Any]:
    """(log-likelihood, count) pairs; words are the pieces of ``re.split(r"\\s+")``. ``plain``
    adds ``perplexity`` (the bare log-likelihood), as mediqa_qa2019_perplexity reports."""
    words = len(re.split(r"\s+", reference))
    nbytes = len(reference.encode("utf-8"))
    out: dict[str, Any] = {"word_perplexity": (loglikelihood, words), "byte_perplexity": (loglikelihood, nbytes),
                           "bits_per_byte": (loglikelihood, nbytes)}
    if plain:
        out["perplexity"] = loglikelihood
    return out


def _perplexity(reference, *, plain: bool = False):
    def process_results(doc: dict, results: list[float]) -> dict[str, Any]:
        (loglikelihood,) = results
        return perplexity_counts(reference(doc), loglikelihood, plain=plain)
    return process_results


perplexity_raw = _perplexity(dialog_answer)
perplexity_qsumm = _perplexity(qsumm_target)
perplexity_mediqa = _perplexity(mediqa_answer, plain=True)
perplexity_medtext = _perplexity(medtext_completion)
perplexity_mimic = _perplexity(mimic_impressions)
perplexity_mts_dialog = _perplexity(mts_note)
perplexity_olaph = _perplexity(olaph_answer)
