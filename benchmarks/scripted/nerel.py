"""NEREL-bench (``ru_entity_*``, ``ru_relation_*``) on the multilingual pack's fixtures, whose
prompts end with "Текст для анализа": entity lines right, partly right (another case form, an extra
line), a relation line, a definition sentence, and nothing."""

from __future__ import annotations

NEREL = ("Иван Петров\nМосква\n2000 год", "Москвы\nиван петров\nРоссия", "Анна Смирнова | посетил | Казань",
         "Казань — город, в который приехала Анна Смирнова.", "Омск", "")


def generations(text: str) -> tuple[str, ...] | None:
    if "Текст для анализа" in text or "\\u0422\\u0435\\u043a\\u0441\\u0442 \\u0434\\u043b\\u044f" in text:
        return NEREL
    return None
