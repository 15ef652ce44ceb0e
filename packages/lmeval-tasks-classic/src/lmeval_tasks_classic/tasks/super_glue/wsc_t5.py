"""WSC in the T5 prompt format (``super_glue-wsc-t5-prompt``): "wsc: " and the text with the
pronoun starred; the model names the referent, scored right when its words (case and
determiners ignored) contain or are contained in the referent's, matching the label."""

from __future__ import annotations

import re

#: two documents whose span2_index does not point at the pronoun: lm-eval's fixed inputs
_SPECIAL = {
    'The boy continued to whip the pony , and eventually the pony threw him over. John laughed '
    'out quite loud. "Good for him," he said. ':
        'The boy continued to whip the pony , and eventually the pony threw him over. John laughed '
        'out quite loud. "Good for X ," he said.',
    "When they had eventually calmed down a bit , and had gotten home, Mr. Farley put the magic "
    "pebble in an iron safe . Some day they might want to use it , but really for now, what more "
    "could they wish for?":
        "When they had eventually calmed down a bit , and had gotten home, Mr. Farley put the magic "
        "pebble in an iron safe . Some day they might want to use X , but really for now, what more "
        "could they wish for?",
}
DETERMINERS = frozenset({"a", "an", "few", "her", "his", "each", "every", "many", "much", "my", "our",
                         "some", "that", "the", "their", "these", "this", "those", "which", "whose",
                         "your"})


def _inputs(doc: dict) -> str:
    words = doc["text"].split(" ")
    index = doc["span2_index"]
    if not 0 < index < len(words):
        raise ValueError(f"WSC span2_index {index} is not inside the text ({len(words)} words)")
    if doc["text"] in _SPECIAL:
        return _SPECIAL[doc["text"]]
    if words[index] != doc["span2_text"]:
        raise ValueError(f"WSC word {index} is {words[index]!r}, not the pronoun {doc['span2_text']!r}")
    return " ".join([" ".join(words[:index]), "X", " ".join(words[index + 1:])])


def doc_to_text(doc: dict) -> str:
    return "wsc: " + re.sub(r" X ", " *" + doc["span2_text"] + "* ", _inputs(doc))


def _clean(text: str) -> str:
    return " ".join(w for w in text.strip().lower().split(" ") if w not in DETERMINERS)


def process_results(doc: dict, results: list[str]) -> dict[str, float]:
    prediction, reference = _clean(results[0]), _clean(doc["span1_text"])
    if ("'" in prediction) != ("'" in reference):
        predicted_referent = False  # "Bob's hat" is not "Bob"
    else:
        said, meant = set(prediction.split(" ")), set(reference.split(" "))
        predicted_referent = said.issubset(meant) or meant.issubset(said)
    return {"accuracy": 1.0 if predicted_referent == doc["label"] else 0.0}
