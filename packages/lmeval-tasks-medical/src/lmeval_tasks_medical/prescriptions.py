"""Medical prescriptions (``devlocalhost/prescription-full``): what would you prescribe for this
diagnosis, four prescriptions to choose from.

The documents are read as lm-eval 0.4.13 reads them (the diagnosis and the medicine list parsed
from the ``results`` field; documents without a diagnosis, without medicines or in an Indian
script left out). lm-eval draws the gold prescription, its position and the distractors from
Python's global generator, and draws the distractors again at every ``doc_to_choice`` call, so
the options its prompt lists are not the options it scores, and no two runs agree. Here they
are drawn once per document, from a generator seeded with the document's index, and kept in the
document, so the prompt and the scored options agree and every run is the same (a deliberate
difference). The easy distractors come from every prescription of the split (lm-eval's list is
a fixed copy of such prescriptions); the hard ones pair medicines of the same patient with other
frequencies and durations, as lm-eval does.
"""

from __future__ import annotations

import ast
import random
import re
from typing import Any

DURATIONS = ["1 week", "1 month", "3 days", "5 days", "2 weeks", "10 days", "3 weeks", "2 months", "once"]
FREQUENCIES = ["before breakfast", "before breakfast and dinner", "after food", "before food"]
_INDIAN_SCRIPTS = re.compile("|".join(f"[{chr(a)}-{chr(b)}]" for a, b in (
    (0x0900, 0x097F), (0x0980, 0x09FF), (0x0A80, 0x0AFF), (0x0A00, 0x0A7F), (0x0C80, 0x0CFF),
    (0x0D00, 0x0D7F), (0x0B80, 0x0BFF), (0x0C00, 0x0C7F))))
_STRIP = (", na", " na", " n/a", "NA", " not specified", " not provided")
PROMPT = ("You are a medical doctor. A patient presents the following diagnosis or complains: {}. What would you "
          "prescribe in this case? \nChoices: \nA. {} \nB. {} \nC. {} \nD. {} \nAnswer:")


def diagnosis(doc: dict) -> str:
    record = ast.literal_eval(doc["results"])
    if "procedure" in record:
        procedure = record["procedure"]
        if "chief_complaints_diagnosis" in procedure:
            return procedure["chief_complaints_diagnosis"]
        if "chief_complaints" in procedure and "diagnosis" in procedure:
            return "Complains: " + procedure["chief_complaints"] + ". Diagnosis: " + procedure["diagnosis"]
        return "NA"
    if "prescription_details" in record:
        try:
            return record["prescription_details"]["disease_diagnosis"]
        except Exception:  # noqa: BLE001 - lm-eval: any malformed record has no diagnosis
            return "NA"
    if "Symptoms/Complaints" in record:
        return ", ".join(record["Symptoms/Complaints"])
    return "NA"


def _medicine_details(details: list[dict]) -> list[str]:
    first = details[0]
    if "medicine_frequency" in first:
        try:
            return [f"{m['medicine_name']}, {m['medicine_frequency'].lower()}, {m['course_duration'].lower()}"
                    for m in details if len(m.keys()) > 1]
        except Exception:  # noqa: BLE001 - lm-eval falls back to the fields the record has
            try:
                if "course_duration" not in first:
                    return [f"{m['medicine_name']}, {m['medicine_frequency'].lower()}"
                            for m in details if len(m.keys()) > 1]
                return []
            except Exception:  # noqa: BLE001
                return []
    if "medicine_dosage" in first:
        return [f"{m['medicine_name']}, {m['medicine_dosage'].lower()}" for m in details]
    return []


def medicines(doc: dict) -> list[str]:
    record = ast.literal_eval(doc["results"])
    found: list[str] = []
    if "medicine_details" in record and len(record["medicine_details"]) != 0:
        found = _medicine_details(record["medicine_details"])
    elif "Medicines Prescribed" in record:
        listed = record["Medicines Prescribed"]
        key = "Duration" if "Duration" in listed[0] else "Dosage" if "Dosage" in listed[0] else None
        found = [f"{m['Name']}, {m[key].lower()}" for m in listed] if key else []
    cleaned = []
    for item in found:
        for piece in _STRIP:
            item = item.replace(piece, "")
        cleaned.append(item)
    cleaned = [item for item in cleaned if len(item) > 1]
    if "[Medicine Name], [medicine frequency], [course duration]" in cleaned:
        return []
    return cleaned


def _fake(names: list[str], rng: random.Random) -> list[str]:
    """Each medicine name with a drawn frequency and duration (durations drawn first, as lm-eval)."""
    durations, frequencies = rng.choices(DURATIONS, k=len(names)), rng.choices(FREQUENCIES, k=len(names))
    return [f"{name.split(',')[0]}, {f}, {d}" for name, f, d in zip(names, frequencies, durations, strict=True)]


def hard_distractors(gold: str, sample: list[str], rng: random.Random) -> list[str]:
    """Three: the gold medicine and/or the patient's other medicines with other frequencies and
    durations, by lm-eval's rule (a coin: the gold plus two others, or three others; the gold or
    an other repeated when the patient has fewer)."""
    others = [m for m in sample if m != gold]
    if rng.randint(0, 1) == 0:
        first = _fake([gold], rng)
        rest = others[:2] if len(others) >= 2 else [others[0]] * 2 if others else [gold] * 2
        return first + _fake(rest, rng)
    names = (others[:3] if len(others) >= 3 else [others[0], others[0], others[1]] if len(others) == 2
             else [others[0]] * 3 if others else [gold] * 3)
    return _fake(names, rng)


def process_docs(dataset: Any) -> list[dict]:
    docs = [dict(doc) for doc in dataset]
    pool = [m for doc in docs for m in medicines(doc)]
    kept = []
    for index, doc in enumerate(docs):
        found, diag = medicines(doc), diagnosis(doc)
        if diag == "NA" or not found or _INDIAN_SCRIPTS.search(diag) or any(map(_INDIAN_SCRIPTS.search, found)):
            continue
        rng = random.Random(index)
        gold, position = rng.choice(found), rng.randint(0, 3)
        easy = rng.sample(pool, 3) if len(pool) >= 3 else (pool * 3)[:3]
        hard = hard_distractors(gold, found, rng)
        kept.append({**doc, "gold": gold, "gold_position": position,
                     "choices_easy": easy[:position] + [gold] + easy[position:],
                     "choices_hard": hard[:position] + [gold] + hard[position:]})
    return kept


def doc_to_choice_easy(doc: dict) -> list[str]:
    return doc["choices_easy"]


def doc_to_choice_hard(doc: dict) -> list[str]:
    return doc["choices_hard"]


def doc_to_text_easy(doc: dict) -> str:
    return PROMPT.format(diagnosis(doc), *doc["choices_easy"])


def doc_to_text_hard(doc: dict) -> str:
    return PROMPT.format(diagnosis(doc), *doc["choices_hard"])


def doc_to_target(doc: dict) -> int:
    return doc["gold_position"]
