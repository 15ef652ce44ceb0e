"""CLIcK's prompt, options and subsets (``!function`` targets of ``tasks/click``).

The prompt is Korean: an instruction to read the (optional) passage and answer with one letter,
then the passage (맥락), the question (질문), four options (보기; the first written ``A:`` with
no space, as lm-eval 0.4.13 writes it) and 정답:. CSAT questions have a fifth option, E, that is
never shown but is scored. Subsets are picked from the row ids as lm-eval picks them.
"""

from __future__ import annotations

from typing import Any

_WITH_PASSAGE = ("주어진 맥락을 천천히 읽고, 질문에 대한 적절한 정답을 A, B, C, D 중에 골라 "
                 "알파벳 하나로 답하시오.\n\n맥락: {ctx}\n")
_WITHOUT_PASSAGE = "주어진 질문을 천천히 읽고, 적절한 정답을 A, B, C, D 중에 골라 알파벳 하나로 답하시오.\n\n"
_DIALOGUE_WORDS = ("대화", "발화", "질의")  # dialogue, utterance, inquiry: Kedu_16's pragmatics items


def get_context(doc: dict) -> str:
    ctx, opt = doc["paragraph"], doc["choices"]
    head = _WITH_PASSAGE.format(ctx=ctx) if ctx else _WITHOUT_PASSAGE
    return (f"{head}질문: {doc['question']}\n보기:\n"
            f"A:{opt[0]}, B: {opt[1]}, C: {opt[2]}, D: {opt[3]}\n정답:")


def get_choices(doc: dict) -> list[str]:
    return list("ABCDE") if "CSAT" in doc["id"] else list("ABCD")


def get_target(doc: dict) -> str:
    return get_choices(doc)[doc["choices"].index(doc["answer"])]


def _parts(doc: dict) -> list[str]:
    return doc["id"].split("_")


def _is_text(doc: dict) -> bool:
    i, parts = doc["id"], _parts(doc)
    return ("CSAT_korean_22" in i or ("CSAT_korean_23" in i and int(parts[-1]) < 35)
            or ("TK" in i and int(parts[-1]) > 4))


def _is_grammar(doc: dict) -> bool:
    i, parts = doc["id"], _parts(doc)
    dialogue = any(w in doc["question"] for w in _DIALOGUE_WORDS)
    return (("CSAT_korean" in i and int(parts[2]) < 21 and int(parts[3]) > 10)
            or ("Kedu_1" in i and (parts[1] != "16" or not dialogue))
            or ("TK" in i and int(parts[-1]) < 5))


def _is_function(doc: dict) -> bool:
    i, parts = doc["id"], _parts(doc)
    dialogue = any(w in doc["question"] for w in _DIALOGUE_WORDS)
    return (("CSAT_korean" in i and (int(parts[-1]) > 34 or (int(parts[2]) < 21 and int(parts[3]) < 11)))
            or ("Kedu_16" in i and dialogue) or "PSE_korean" in i)


def lang_text(dataset: Any) -> Any:
    return dataset.filter(_is_text)


def lang_grammar(dataset: Any) -> Any:
    return dataset.filter(_is_grammar)


def lang_function(dataset: Any) -> Any:
    return dataset.filter(_is_function)


def _id_has(*words: str, exact: tuple[str, ...] = ()) -> Any:
    return lambda doc: (any(w in doc["id"].lower() for w in words)
                        or any(w in doc["id"] for w in exact))


def cul_economy(dataset: Any) -> Any:
    return dataset.filter(_id_has("economy"))


def cul_geography(dataset: Any) -> Any:
    return dataset.filter(_id_has("geography"))


def cul_history(dataset: Any) -> Any:
    return dataset.filter(_id_has("history", exact=("KHB",)))


def cul_law(dataset: Any) -> Any:
    return dataset.filter(_id_has("law", exact=("PSAT",)))


def cul_politics(dataset: Any) -> Any:
    return dataset.filter(_id_has("politics"))


def cul_kpop(dataset: Any) -> Any:
    return dataset.filter(_id_has("popular"))


def cul_society(dataset: Any) -> Any:
    return dataset.filter(_id_has("society"))


def cul_tradition(dataset: Any) -> Any:
    return dataset.filter(_id_has("tradition"))
