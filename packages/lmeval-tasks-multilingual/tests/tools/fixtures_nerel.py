"""Fixtures of NEREL-bench (called by make_fixtures.py), in bond005/NEREL_bench's schema: an
instruction with ``{placeholders}``, the JSON context that fills them, the reference answer (one
entity or relation per line for the extraction tasks). Instructions end with "Текст для анализа"
(benchmarks/scripted/nerel.py answers them)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generate"))

from fixture_rows import N, dump  # noqa: E402
from nerel_bench import NEREL  # noqa: E402

PEOPLE = ["Иван Петров", "Анна Смирнова", "Пётр Иванов"]
CITIES = ["Москва", "Казань", "Омск"]


def nerel() -> None:
    for _, config, metric, _ in NEREL.values():
        rows = []
        for i in range(N):
            person, city = PEOPLE[i], CITIES[i]
            text = f"{person} приехал в город {city} в {2000 + i} году."
            if metric == "f1":
                answer = f"{person}\n{city}\n{2000 + i} год" if config == "entity_recognition" else \
                    f"{person} | посетил | {city}"
                instruction = f"Задача {config}.\n\nТекст для анализа:\n{{source_text}}"
                context = {"source_text": text}
            else:
                answer = f"{city} — город, который посетил {person}."
                instruction = f"Задача {config}: объясните «{{entity}}».\n\nТекст для анализа:\n{{source_text}}"
                context = {"source_text": text, "entity": city}
            rows.append({"instruction": instruction, "context": json.dumps(context, ensure_ascii=False),
                         "true_answer": answer})
        dump("bond005/NEREL_bench", config, "test", rows)


FAMILIES = [nerel]

if __name__ == "__main__":
    for family in FAMILIES:
        family()
