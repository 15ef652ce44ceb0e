"""Fixtures of BasqueGLUE (beyond qnli) and BertaQA (called by make_fixtures.py)."""

from __future__ import annotations

import basque as gb
from fixture_rows import N, dump


def basqueglue() -> None:
    for split in ("validation", "test"):
        dump("orai-nlp/basqueGLUE", "bec", split, [{"text": f"Txio {split} {i} ( ona ) .", "label": i % 3, "idx": i}
                                                    for i in range(N)])
        dump("orai-nlp/basqueGLUE", "bhtc", split, [{"text": f"Albistea {split} {i} .", "label": (5 * i) % 12,
                                                     "idx": i} for i in range(N)])
        dump("orai-nlp/basqueGLUE", "vaxx", split, [{"text": f"Txertoak {split} {i} !", "label": i % 3, "idx": i}
                                                     for i in range(N)])
        dump("orai-nlp/basqueGLUE", "coref", split, [{
            "text": f"Mikel etorri da eta {split} {i} berak esan du &quot; bai &quot; .", "span1_text": "Mikel",
            "span1_index": 0, "span2_text": "berak esan", "span2_index": 7, "label": i % 2, "idx": i}
            for i in range(N)])
        # UTF-8 bytes read as Latin-1, as the corpus stores them: "etxeà" -> "etxeÃ\xa0"
        dump("orai-nlp/basqueGLUE", "wic", split, [{
            "sentence1": "Etxe" + "à".encode().decode("latin-1") + f" {split} {i} ( handia ) .",
            "sentence2": f"Beste esaldi {i} &amp; bat .", "word": "etxe", "label": i % 2, "idx": i,
            "start1": 0, "start2": 0, "end1": 4, "end2": 5} for i in range(N)])


def bertaqa() -> None:
    configs = ["en", "eu"] + [f"en_mt_{m}" for m in gb.BERTAQA_MT]
    for config in configs:
        dump("HiTZ/BertaQA", config, "test", [{
            "id": i, "category": "Basque and Literature", "group": ["local", "global"][i % 2], "difficulty": 1 + i % 3,
            "question": f"Question {config} {i}?", "candidates": [f"a{i}", f"b{i}", f"c{i}"], "answer": i % 3}
            for i in range(N)])


FAMILIES = [basqueglue, bertaqa]
