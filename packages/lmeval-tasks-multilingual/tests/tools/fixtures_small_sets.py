"""Fixtures of PolEmo 2.0, Histoires Morales and NoticIA in their Hub schemas:
``python tests/tools/fixtures_small_sets.py``."""

from __future__ import annotations

from fixture_rows import N, dump

POLEMO2_LABELS = ["__label__meta_zero", "__label__meta_minus_m", "__label__meta_plus_m", "__label__meta_amb"]


def polemo2() -> None:
    for domain in ("in", "out"):
        for split in ("train", "validation", "test"):
            dump(f"allegro/klej-polemo2-{domain}", None, split, [{
                "sentence": f"Hotel {domain} {split} {i} był czysty, ale obsługa nie .",
                "target": POLEMO2_LABELS[i % 4]} for i in range(N + 1)])


def histoires_morales() -> None:
    dump("LabHC/histoires_morales", None, "train", [{
        "ID": f"id{i}", "norm": f"il est mal de mentir {i}.", "situation": f"marie a cassé un vase {i}.",
        "intention": "elle veut éviter une punition.", "moral_action": f"Marie avoue à sa mère {i}.",
        "moral_consequence": "Sa mère la remercie.", "immoral_action": f"Marie accuse le chat {i}.",
        "immoral_consequence": "Le chat est puni."} for i in range(N)])


def noticia() -> None:
    dump("Iker/NoticIA", None, "test", [{
        "web_url": f"https://example.es/{i}", "web_headline": f"No creerás lo que pasó en Madrid {i}",
        "summary": f"El gato {i} está en casa.", "web_text": f"Madrid {i}. El gato {i} está en casa, dijo su dueño.\n"
                                                         "«Nada más», añadió.",
        "clean_web_text": f"El gato {i} está en casa."} for i in range(N)])



FAMILIES = [polemo2, histoires_morales, noticia]

if __name__ == "__main__":
    for family in FAMILIES:
        family()
