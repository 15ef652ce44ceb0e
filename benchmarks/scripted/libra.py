"""LIBRA (``libra`` tag: passkey, ru_babilong_qa*, matreshka_*, ru_qasper, ...): Russian answers
that exercise its scores on the pack's fixtures: the reference in another grammatical form
(pymorphy3's normal forms make "в Москве" contain "Москва"), a wrong city, yes/no, the passkey,
numbers right, wrong and mixed for ruSciPassageCount, punctuation, and the empty answer."""

from __future__ import annotations

ANSWERS = (" Москва", " в Москве.", " Санкт-Петербург", " Да", " Нет, не было", " 4821", " Ключ: 4821!",
           " 3", " 2 и 3", " Иван", " Ивану", " параграф 5", "", " Не знаю")
_MARKERS = ("Тебе предоставляется длинный текст", "Тебе предоставляются несколько диалогов",
            "Ответь на вопрос, основываясь на приведенных отрывках", "Я даю тебе контекст с фактами",
            "Ниже приведены п\ufffd\ufffdимеры", "Ниже приведены несколько параграфов",
            "Тебе предоставляется научная статья")


def generations(text: str) -> tuple[str, ...] | None:
    if "Ответ:" in text and any(marker in text for marker in _MARKERS):
        return ANSWERS
    return None
