"""Write LIBRA's fixture mirror (``ai-forever/LIBRA``, one folder per config)::

    .venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_libra_fixtures.py

Five invented Russian documents per config in the Hub schema (``context``, ``input``,
``positive_outputs``, ``negative_outputs``, ``length``), three lengths so ``libra_score`` has
several keys; references in forms the answers of ``benchmarks/scripted/libra.py`` hit and miss.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

PACK = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PACK / "generate"))

from libra import TASKS  # noqa: E402

MIRROR = PACK / "tests" / "fixtures" / "datasets" / "ai-forever" / "LIBRA"
#: config kind -> references per document
REFERENCES = {
    "passkey": [["4821"], ["7310"], ["4821"], ["9999"], ["4821"]],
    "matreshka_yes_no": [["Да"], ["Нет"], ["Да"], ["Нет"], ["Да"]],
    "matreshka_names": [["Иван"], ["Мария"], ["Иван", "Ваня"], ["Пётр"], ["Иван"]],
    "ru_sci_passage_count": [["3"], ["2"], ["5"], ["3"], ["4"]],
    "ru_sci_abstract_retrieval": [["Параграф 5"], ["Параграф 2"], ["параграф 5"], ["Параграф 1"], ["Параграф 3"]],
}
CITIES = [["Москва", "город Москва"], ["Санкт-Петербург"], ["Москва"], ["Казань", "в Казани"], ["москве"]]


def rows(config: str) -> list[dict]:
    kind = next((k for k in REFERENCES if config.startswith(k)), None)
    refs = REFERENCES[kind] if kind else CITIES
    if config == "ru_qasper":  # F1 takes the first reference of a *set* that scores: one each, so one order
        refs = [r[:1] for r in refs]
    return [{"context": f"Документ {i} ({config}). Иван жил в Москве. Ключ доступа: 4821.\nМария уехала в Казань.",
             "input": f"Вопрос номер {i}: где жил Иван?", "positive_outputs": refs[i],
             "negative_outputs": ["Лондон"], "length": ("8p", "16p", "8p", "32p", "16p")[i]}
            for i in range(5)]


def main() -> None:
    for config in TASKS:
        out = MIRROR / config / "test.jsonl"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows(config)), encoding="utf-8")


if __name__ == "__main__":
    main()
