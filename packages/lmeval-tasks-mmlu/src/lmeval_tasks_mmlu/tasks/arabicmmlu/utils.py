"""ArabicMMLU prompt helpers: English instruction with subject, level and country, keys A-E."""

from __future__ import annotations

PROMPT = "This is a {}. Select the correct answer!\n\nQuestion: {}\n{}\n\nAnswer:"

LEVELS = {
    "Primary": "primary school",
    "Middle": "middle school",
    "High": "high school",
    "Univ": "university",
    "Prof": "professional",
}

KEYS = "ABCDE"
OPTION_FIELDS = ("Option 1", "Option 2", "Option 3", "Option 4", "Option 5")


def doc_to_text(doc: dict) -> str:
    level = f" for {LEVELS[doc['Level']]}" if doc["Level"] else ""
    country = f" in {doc['Country']}" if doc["Country"] else ""
    about = f"{doc['Subject']} question{level}{country}"
    question = f"{doc['Context']}\n\n{doc['Question']}" if doc["Context"] else doc["Question"]
    options = []
    for key, field in zip(KEYS, OPTION_FIELDS, strict=True):
        if not doc[field]:
            break
        options.append(f"{key}. {doc[field]}")
    return PROMPT.format(about, question, "\n".join(options))


def doc_to_choice(doc: dict) -> list[str]:
    return [key for key, field in zip(KEYS, OPTION_FIELDS, strict=True) if doc[field]]
