"""The medical text classification tasks as lm-eval 0.4.13 builds them from two local CSV files:
``med_text_class_train.csv`` (medical abstracts: ``text``, ``class`` 1-5; the first tenth of the
rows is evaluated) and ``mtsamples.csv`` (transcriptions: ``transcription``,
``medical_specialty``; every row)."""

from __future__ import annotations

from typing import Any

TOPICS = ["neoplasms", "digestive system diseases", "nervous system diseases", "cardiovascular diseases",
          "general pathological conditions"]
#: MTSamples' 40 specialties, each with the leading space the CSV has
SPECIALTIES = [" " + s for s in (
    "Bariatrics", "Allergy / Immunology", "Dentistry", "Cardiovascular / Pulmonary", "Urology",
    "Hospice - Palliative Care", "Radiology", "Pediatrics - Neonatal", "Neurology", "Neurosurgery",
    "Emergency Room Reports", "IME-QME-Work Comp etc.", "Office Notes", "Surgery", "Letters", "Ophthalmology",
    "Hematology - Oncology", "Endocrinology", "Cosmetic / Plastic Surgery", "Diets and Nutritions",
    "Rheumatology", "Nephrology", "Physical Medicine - Rehab", "Podiatry", "Chiropractic",
    "Lab Medicine - Pathology", "Orthopedic", "Autopsy", "Psychiatry / Psychology", "Speech - Language",
    "ENT - Otolaryngology", "Sleep Medicine", "Dermatology", "SOAP / Chart / Progress Notes",
    "General Medicine", "Consult - History and Phy.", "Obstetrics / Gynecology", "Gastroenterology",
    "Pain Management", "Discharge Summary")]


def process_docs(dataset: Any) -> Any:
    """The first tenth of the rows (``int(0.1 * n)``)."""
    keep = int(0.1 * len(dataset))
    if hasattr(dataset, "select"):
        return dataset.select(range(keep))
    return list(dataset)[:keep]


def process_docs_hard(dataset: Any) -> Any:
    return dataset


def doc_to_choice_easy(doc: dict) -> list[str]:
    return list(TOPICS)


def doc_to_text_easy(doc: dict) -> str:
    letters = "".join(f"{letter}. {topic} \n" for letter, topic in zip("ABCDE", TOPICS, strict=True))
    return ("Classify the topic of the following medical text into one of the following choices. \n"
            f"Text: {doc['text']} \nChoices: \n{letters} Answer:")


def doc_to_target_easy(doc: dict) -> int:
    return int(doc["class"]) - 1


def doc_to_choice_hard(doc: dict) -> list[str]:
    return list(SPECIALTIES)


def doc_to_text_hard(doc: dict) -> str:
    """The specialties appear as Python prints the list (brackets, quotes)."""
    return ("Select the medical specialty the following text is talking about among the following choices. \n"
            f"Text: {doc['transcription']} \nChoices: {SPECIALTIES}\n Answer:")


def doc_to_target_hard(doc: dict) -> int:
    return SPECIALTIES.index(doc["medical_specialty"])
