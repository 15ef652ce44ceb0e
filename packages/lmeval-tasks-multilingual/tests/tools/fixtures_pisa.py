"""PISA-Bench fixtures: ``PisaBench/pisa-bench``, one split per language, parquet with PIL-drawn
images (:func:`lmeval_testkit.vlm.write_image_parquet`): ``python tests/tools/fixtures_pisa.py``.
Options are the string of a Python list."""

from __future__ import annotations

from typing import Any

from fixture_rows import OUT

LANGS = ["de", "fr", "it", "en", "es", "ch"]


def rows(lang: str) -> list[dict[str, Any]]:
    from lmeval_testkit.vlm import draw_image

    out = []
    for i in range(4):
        opts = [f"{lang} option {k} of item {i}" for k in range(3 + i % 2)]
        out.append({"id": f"{lang}-{i}", "question": f"Item {i} ({lang}): what does the figure show?",
                    "choices": repr(opts) if i % 2 else opts, "answer": (i + len(lang)) % len(opts),
                    "image": draw_image(100 * LANGS.index(lang) + i, (24, 20 + i)),
                    "question_type": "spatial"})
    return out


def main() -> None:
    from lmeval_testkit.vlm import write_image_parquet

    for lang in LANGS:
        data = rows(lang)
        for row in data:  # one column type per file: the list ones as strings too
            row["choices"] = row["choices"] if isinstance(row["choices"], str) else repr(row["choices"])
        path = OUT / "PisaBench" / "pisa-bench" / "default" / f"{lang}.parquet"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_image_parquet(path, data, ["image"])



FAMILIES = [main]

if __name__ == "__main__":
    for family in FAMILIES:
        family()
